import { type ActorRefFrom, createActor, type InspectionEvent } from 'xstate';
import type { LessonStatDraft } from '../../machines/learning/lesson.machine';
import type { statisticsQueueMachine } from '../../machines/offline/statisticsQueue.machine';
import type { QueuedStatistic } from '../domain/statisticsQueue';
import type { ApiClient } from '../features/shell/app.provide';
import type { QueueStorage } from '../platform/statisticsQueueStore';
import type { SessionActor } from './hooks';

/** What the flows see of the signed-in learner's statistics queue (`effects.statistics`). */
export type StatisticsQueueHandle = {
  /**
   * Queues one lesson statistic under the signed-in learner with a new idempotency key; resolves once
   * the queue holds it (it is stored before it is sent). Rejects when nobody is signed in.
   */
  enqueue(draft: LessonStatDraft): Promise<void>;
  /**
   * Lets the queue send what it holds now (a logout): resolves when it is empty, or when the
   * learner's queue stops. The caller bounds the wait; what is not sent stays stored.
   */
  flush(): Promise<void>;
};

type QueueActor = ActorRefFrom<typeof statisticsQueueMachine>;

export type HostOptions = {
  api: ApiClient;
  reportError: (error: unknown) => void;
  /** The brand's statistic timeout, read when a learner's queue starts. */
  timeoutMs: () => number;
  inspect?: ((event: InspectionEvent) => void) | undefined;
};

type RunningQueue = {
  userId: number;
  actor: Promise<QueueActor | null>;
  /** The started actor, once it is: entries then reach it at once (a closing page has no time to wait). */
  started: QueueActor | null;
  /** Flushes waiting for the queue's "flushed". */
  flushes: Set<() => void>;
  stopped: boolean;
};

/**
 * Runs the statistics queue of whoever is signed in: it starts when a learner's session starts (and
 * sends what an earlier page or session left under that learner) and stops when the session ends,
 * so one learner's entries never leave under another's token. The queue's code and storage load
 * with the first signed-in session, not with the sign-in page.
 */
export function hostStatisticsQueue(
  session: () => SessionActor,
  options: HostOptions,
): StatisticsQueueHandle & { start(): void } {
  const signedInUserId = () => {
    const snapshot = session().getSnapshot();
    return snapshot.matches('signedIn') ? (snapshot.context.user?.id ?? null) : null;
  };
  let running: RunningQueue | null = null;
  let storage: Promise<QueueStorage> | null = null;

  const loadStorage = () => {
    storage ??= import('../platform/statisticsQueueStore').then((module) =>
      module.createQueueStorage(options.reportError),
    );
    return storage;
  };

  async function startQueue(queue: RunningQueue): Promise<QueueActor | null> {
    const [{ statisticsQueue }, { statisticsQueueStore }, queueStorage] = await Promise.all([
      import('../features/offline/statisticsQueue.provide'),
      import('../platform/statisticsQueueStore'),
      loadStorage(),
    ]);
    if (queue.stopped) return null;
    const logic = statisticsQueue({
      api: options.api,
      store: statisticsQueueStore(queueStorage, queue.userId),
      reportError: options.reportError,
      isOwnSession: () => !queue.stopped && signedInUserId() === queue.userId,
      flushed: () => settleFlushes(queue),
    });
    const actor = createActor(logic, {
      input: { userId: queue.userId, timeoutMs: options.timeoutMs() },
      inspect: options.inspect,
    });
    actor.start();
    queue.started = actor;
    return actor;
  }

  function settleFlushes(queue: RunningQueue) {
    for (const settle of queue.flushes) settle();
    queue.flushes.clear();
  }

  function stop(queue: RunningQueue) {
    queue.stopped = true;
    // A flush waiting on a queue that stops has nothing left to wait for.
    settleFlushes(queue);
    void queue.actor.then((actor) => actor?.stop());
  }

  function follow() {
    const userId = signedInUserId();
    if (running?.userId === userId) return;
    if (running) stop(running);
    running = null;
    if (userId === null) return;
    const queue: RunningQueue = {
      userId,
      actor: Promise.resolve(null),
      started: null,
      flushes: new Set(),
      stopped: false,
    };
    queue.actor = startQueue(queue).catch((error: unknown) => {
      // The queue's chunk could not load: entries queued meanwhile are refused and reported.
      options.reportError(error);
      return null;
    });
    running = queue;
  }

  return {
    /** Follows the session from now on; the root actor (the session's parent) must be running. */
    start() {
      follow();
      session().subscribe(follow);
    },
    async enqueue(draft) {
      const queue = running;
      const actor = queue?.started ?? (await queue?.actor);
      if (!queue || !actor || queue.stopped) throw new Error('No signed-in learner to queue a statistic for');
      const entry: QueuedStatistic = { ...draft, key: crypto.randomUUID(), queuedAt: Date.now() };
      actor.send({ type: 'STATISTICS.ENQUEUE', entry });
    },
    async flush() {
      const queue = running;
      const actor = await queue?.actor;
      if (!queue || !actor || queue.stopped) return;
      await new Promise<void>((resolve) => {
        queue.flushes.add(resolve);
        actor.send({ type: 'STATISTICS.FLUSH' });
      });
    },
  };
}
