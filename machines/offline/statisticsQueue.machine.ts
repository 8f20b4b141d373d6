/**
 * The signed-in learner's queue of lesson statistics (content spec, sections 8 and 9; the offline
 * issue's "Statistics that are never lost"). One runs per signed-in learner.
 * - delivery: the learner's stored entries are read first; an entry is stored before anything else
 *   happens to it (`storeEntry`), then the entries go out one at a time, in order, each with the
 *   statistic timeout. A 2xx removes the head (a reply without a day status id is reported first,
 *   as the spec says); a refused entry (4xx) is reported and removed, so it never blocks the queue;
 *   no answer, a timeout or a 5xx keep it, and the same entry with the same key goes again when the
 *   browser comes back online or after a wait that doubles from 2 s to 60 s (never a tight loop).
 *   The key makes the server count an entry once, however often it is sent.
 * - flush (a logout): FLUSH tries the head at once instead of waiting out the backoff, and
 *   `reportFlushed` says when the queue is empty. The logout bounds how long it waits for that
 *   (machines/auth/logout.machine.ts); what is not sent by then stays stored under the learner and
 *   goes out at the next sign-in. (The bound is the logout's, not a timer here, so no two timers of
 *   this machine ever run at once.)
 */
import {
  type AnyEventObject,
  assign,
  type EventObject,
  fromCallback,
  fromPromise,
  setup,
  stateIn,
} from 'xstate';
import type { SavedLessonStat } from '../../src/domain/learning/day';
import {
  isRefusedStatistic,
  mergeQueued,
  oneMoreFailure,
  type QueuedStatistic,
  retryDelayMs,
  withEntry,
} from '../../src/domain/statisticsQueue';
import { unprovided } from '../common/unprovided';

export type StatisticsQueueInput = {
  userId: number;
  /** The brand's statistic timeout (`statistic.TIMEOUT_SAVE_STATISTIC`). */
  timeoutMs: number;
};

export type StatisticsQueueEvent =
  | { type: 'STATISTICS.ENQUEUE'; entry: QueuedStatistic }
  | { type: 'STATISTICS.FLUSH' }
  | { type: 'STATISTICS.ONLINE' };

type StatisticsQueueContext = StatisticsQueueInput & {
  /** Oldest first; the head is the one being sent. */
  entries: QueuedStatistic[];
  /** Failed sends of the head in a row (capped where the wait stops growing). */
  failures: number;
};

const head = (context: StatisticsQueueContext): QueuedStatistic => {
  const [first] = context.entries;
  // Only `sending` reads the head, and it is entered only with entries queued.
  if (!first) throw new Error('the statistics queue is empty');
  return first;
};

const queueSetup = setup({
  types: {
    context: {} as StatisticsQueueContext,
    events: {} as StatisticsQueueEvent,
    input: {} as StatisticsQueueInput,
  },
  actors: {
    loadQueued: fromPromise<QueuedStatistic[], { userId: number }>(unprovided),
    sendStatistic: fromPromise<SavedLessonStat, QueuedStatistic>(unprovided),
    /** Sends STATISTICS.ONLINE when the browser says it is back online. */
    watchOnline: fromCallback<EventObject>(unprovided),
  },
  actions: {
    storeEntry: (_, _params: { entry: QueuedStatistic }) => {},
    forgetEntry: (_, _params: { entry: QueuedStatistic }) => {},
    /** The spec: a reply without a day status id is reported. */
    reportMissingDayStatus: (_, _params: { entry: QueuedStatistic }) => {},
    reportRefused: (_, _params: { entry: QueuedStatistic; error: unknown }) => {},
    reportError: (_, _params: { error: unknown }) => {},
    /** Everything queued was sent (or dropped) since the flush began. */
    reportFlushed: () => {},
  },
  guards: {
    hasEntries: ({ context }) => context.entries.length > 0,
    lacksDayStatus: (_, params: { saved: SavedLessonStat }) => params.saved.dayStatusId == null,
    isRefused: (_, params: { error: unknown }) => isRefusedStatistic(params.error),
  },
  delays: {
    sendTimeout: ({ context }) => context.timeoutMs,
    retryDelay: ({ context }) => retryDelayMs(context.failures),
  },
});

const enqueue = [
  queueSetup.assign({
    entries: ({ context, event }) =>
      event.type === 'STATISTICS.ENQUEUE' ? withEntry(context.entries, event.entry) : context.entries,
  }),
  queueSetup.enqueueActions(({ event, enqueue }) => {
    if (event.type === 'STATISTICS.ENQUEUE') enqueue({ type: 'storeEntry', params: { entry: event.entry } });
  }),
];

/**
 * The head is done with (counted, or refused for good): forget it, and start the next one fresh.
 * Plain objects, so one list serves the done and the error events alike.
 */
const dropHead = [
  {
    type: 'forgetEntry',
    params: ({ context }: { context: StatisticsQueueContext }) => ({ entry: head(context) }),
  },
  assign<StatisticsQueueContext, AnyEventObject, undefined, StatisticsQueueEvent, never>(({ context }) => ({
    entries: context.entries.slice(1),
    failures: 0,
  })),
] as const;

const countFailure = assign<StatisticsQueueContext, AnyEventObject, undefined, StatisticsQueueEvent, never>(
  ({ context }) => ({
    failures: oneMoreFailure(context.failures),
  }),
);

export const statisticsQueueMachine = queueSetup.createMachine({
  id: 'statisticsQueue',
  context: ({ input }) => ({ ...input, entries: [], failures: 0 }),
  type: 'parallel',
  invoke: {
    id: 'watchOnline',
    src: 'watchOnline',
    onError: { actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
  },
  states: {
    delivery: {
      initial: 'loading',
      // Stored first, in every state: an entry is never only in memory while it waits.
      on: { 'STATISTICS.ENQUEUE': { actions: enqueue } },
      states: {
        loading: {
          invoke: {
            id: 'loadQueued',
            src: 'loadQueued',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: {
              target: 'next',
              actions: assign({
                entries: ({ context, event }) => mergeQueued(event.output, context.entries),
              }),
            },
            // What is queued from now on is still sent; the stored entries wait for the next start.
            onError: {
              target: 'next',
              actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        next: {
          always: [{ guard: 'hasEntries', target: 'sending' }, { target: 'idle' }],
        },
        idle: {
          on: { 'STATISTICS.ENQUEUE': { target: 'sending', actions: enqueue } },
        },
        sending: {
          invoke: {
            id: 'sendStatistic',
            src: 'sendStatistic',
            input: ({ context }) => head(context),
            onDone: [
              {
                guard: { type: 'lacksDayStatus', params: ({ event }) => ({ saved: event.output }) },
                target: 'next',
                actions: [
                  { type: 'reportMissingDayStatus', params: ({ context }) => ({ entry: head(context) }) },
                  ...dropHead,
                ],
              },
              { target: 'next', actions: dropHead },
            ],
            onError: [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
                target: 'next',
                actions: [
                  {
                    type: 'reportRefused',
                    params: ({ context, event }) => ({ entry: head(context), error: event.error }),
                  },
                  ...dropHead,
                ],
              },
              { target: 'waiting', actions: countFailure },
            ],
          },
          // The answer may still come and count; the retry carries the same key, so it counts once.
          after: { sendTimeout: { target: 'waiting', actions: countFailure } },
        },
        waiting: {
          after: { retryDelay: 'sending' },
          on: {
            'STATISTICS.ONLINE': 'sending',
            // A logout does not wait out the backoff: it tries once more now.
            'STATISTICS.FLUSH': 'sending',
          },
        },
      },
    },
    flush: {
      initial: 'never',
      states: {
        never: {
          on: { 'STATISTICS.FLUSH': 'running' },
        },
        running: {
          always: {
            guard: stateIn('#statisticsQueue.delivery.idle'),
            target: 'ended',
            actions: 'reportFlushed',
          },
        },
        // The queue emptied during a flush; another flush may come (a logout tried again).
        ended: {
          on: { 'STATISTICS.FLUSH': 'running' },
        },
      },
    },
  },
});
