import { createActor, fromCallback } from 'xstate';
import { createApiClient } from '../src/api/client';
import type { QueuedStatistic } from '../src/domain/statisticsQueue';
import { statisticsQueue } from '../src/features/offline/statisticsQueue.provide';
import { memoryStorage, statisticsQueueStore } from '../src/platform/statisticsQueueStore';
import { viewedSeconds } from './learning';
import type { BenchLearning } from './learning-data';
import { type Account, bearer, signIn } from './load';

/** How many queued statistics one run syncs. */
const QUEUED = 1000;
/** The longest the sync may take before the run gives up (a stuck queue must not hang the bench). */
const SYNC_LIMIT_MS = 300_000;

export type StatisticsSyncFigure = { queued: number; counted: number; seconds: number; perSecond: number };

/** The `index`-th entry: one viewed second of a lesson of the course, round its lessons. */
function queuedEntry(learning: BenchLearning, index: number): QueuedStatistic {
  const lesson = learning.lessons[index % learning.lessons.length];
  if (!lesson) throw new Error('bench: the course has no lessons');
  return {
    key: `bench-sync-${Date.now()}-${index}`,
    streamId: learning.streamId,
    dayId: lesson.dayId,
    lessonSetLessonId: lesson.lessonSetLessonId,
    viewedSeconds: 1,
    playCount: 0,
    queuedAt: Date.now(),
  };
}

/**
 * 1,000 statistics queued at once (a learner back online after a long offline stretch) and synced
 * by the app's own queue machine with its real implementations, the real API client and an
 * in-memory store, against a running server. Each entry adds one viewed second, so the stream's
 * viewed seconds must grow by exactly 1,000: fewer would be a lost entry, more a doubled one.
 */
export async function syncQueuedStatistics(
  origin: string,
  account: Account,
  learning: BenchLearning,
): Promise<StatisticsSyncFigure> {
  const token = await signIn(origin, account);
  const headers = bearer(token);
  const before = await viewedSeconds(origin, headers, learning);
  const errors: unknown[] = [];
  const logic = statisticsQueue({
    // The app's own client, pointed at the server: Node has no page origin to resolve against.
    api: createApiClient({
      token: () => token,
      language: () => 'en',
      appId: 'web',
      onUnauthorized: () => {},
      origin,
    }),
    store: statisticsQueueStore(memoryStorage(), 0),
    reportError: (error) => errors.push(error),
    isOwnSession: () => true,
    flushed: () => {},
  }).provide({
    // Node has no online event; a failed send waits out its backoff instead.
    actors: { watchOnline: fromCallback(() => {}) },
  });
  const queue = createActor(logic, { input: { userId: 0, timeoutMs: 5000 } });
  const started = performance.now();
  const synced = new Promise<void>((resolve, reject) => {
    const limit = setTimeout(
      () => reject(new Error('bench: the queue did not empty in time')),
      SYNC_LIMIT_MS,
    );
    queue.subscribe((snapshot) => {
      if (snapshot.matches({ delivery: 'idle' })) {
        clearTimeout(limit);
        resolve();
      }
    });
  });
  queue.start();
  for (let index = 0; index < QUEUED; index += 1) {
    queue.send({ type: 'STATISTICS.ENQUEUE', entry: queuedEntry(learning, index) });
  }
  await synced;
  const seconds = (performance.now() - started) / 1000;
  queue.stop();
  if (errors.length > 0)
    throw new Error(`bench: the queue reported ${errors.length} errors: ${String(errors[0])}`);
  const counted = (await viewedSeconds(origin, headers, learning)) - before;
  if (counted !== QUEUED) throw new Error(`bench: ${QUEUED} statistics synced, ${counted} counted`);
  return {
    queued: QUEUED,
    counted,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(QUEUED / seconds),
  };
}
