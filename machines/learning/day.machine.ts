/**
 * The day page (content spec, sections 2, 4 "Day", 8): the day of a stream by its number, with the
 * stream and its statuses. A stream whose access ended or stopped shows the access-ended page, as
 * its calendar does; a day of a full stream that cannot be studied yet (not started, frozen, before
 * its opening delay), a day filled in incorrectly (isDayBroken) and a locked demo day (dayLock.ts)
 * show as such, without lessons; otherwise the learner can start and finish the day, after which the
 * stream's statuses are fetched again. A failed load can be retried.
 */
import { assign, fromPromise, setup } from 'xstate';
import { type Day, type DayStatusRecord, isDayBroken } from '../../src/domain/learning/day';
import { isDayLocked, isDayNotOpenYet, type LockableDay } from '../../src/domain/learning/dayLock';
import {
  type CourseStream,
  dayStatusOf,
  hasAccessEnded,
  type StreamStatuses,
} from '../../src/domain/learning/stream';
import { type RequestError, toRequestError } from '../../src/domain/requestError';

export type DayInput = { streamId: number; dayNumber: number };

/** What the page needs: the stream (for its lock rule), the day and the stream's statuses. */
export type LoadedDay = { stream: CourseStream; day: Day; statuses: StreamStatuses };

/** The day number names no day of the stream's course. */
export const DAY_NOT_FOUND = 'dayNotFound';

export type DayEvent = { type: 'DAY.RETRY' } | { type: 'DAY.START' } | { type: 'DAY.FINISH' };

type DayContext = DayInput & {
  loaded: LoadedDay | null;
  error: RequestError | null;
  /** The load failed because the day does not exist. */
  notFound: boolean;
};

const isNotFound = (error: unknown) =>
  (error instanceof Error && error.message === DAY_NOT_FOUND) || toRequestError(error).status === 404;

/** The day's access as this stream's status call knows it; the day's own flag when a status is missing. */
function lockableDay({ day, statuses }: LoadedDay): LockableDay {
  const status = dayStatusOf(statuses, day.id);
  return {
    isDemoAccessible: status?.isDemoAccessible ?? day.isDemoAccessible,
    isOpenByTimeDelay: status?.isOpenByTimeDelay,
  };
}

const isLoadedDayLocked = (loaded: LoadedDay): boolean => isDayLocked(loaded.stream, lockableDay(loaded));

const isLoadedDayNotOpenYet = (loaded: LoadedDay): boolean =>
  isDayNotOpenYet(loaded.stream, lockableDay(loaded));

const daySetup = setup({
  types: {
    context: {} as DayContext,
    events: {} as DayEvent,
    input: {} as DayInput,
  },
  actors: {
    loadDay: fromPromise<LoadedDay, DayInput>(async () => {
      throw new Error('loadDay actor must be provided');
    }),
    startDay: fromPromise<DayStatusRecord, { streamId: number; dayId: number }>(async () => {
      throw new Error('startDay actor must be provided');
    }),
    finishDay: fromPromise<DayStatusRecord, { streamId: number; dayId: number }>(async () => {
      throw new Error('finishDay actor must be provided');
    }),
    refreshStatuses: fromPromise<StreamStatuses, { streamId: number }>(async () => {
      throw new Error('refreshStatuses actor must be provided');
    }),
  },
  actions: {
    /** A finished day changes the stream's progress: the lists that show it reload. */
    streamProgressed: () => {},
  },
  guards: {
    accessEnded: ({ event }) => 'output' in event && hasAccessEnded((event.output as LoadedDay).stream),
    isNotOpenYet: ({ event }) => 'output' in event && isLoadedDayNotOpenYet(event.output as LoadedDay),
    isBroken: ({ event }) => 'output' in event && isDayBroken((event.output as LoadedDay).day),
    isLocked: ({ event }) => 'output' in event && isLoadedDayLocked(event.output as LoadedDay),
    isNotFound: ({ event }) => 'error' in event && isNotFound(event.error),
  },
});

const clearError = daySetup.assign({ error: null });

export const dayMachine = daySetup.createMachine({
  id: 'day',
  context: ({ input }) => ({ ...input, loaded: null, error: null, notFound: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDay',
        src: 'loadDay',
        input: ({ context }) => ({ streamId: context.streamId, dayNumber: context.dayNumber }),
        onDone: [
          {
            guard: 'accessEnded',
            target: 'accessEnded',
            actions: assign({ loaded: ({ event }) => event.output }),
          },
          {
            guard: 'isNotOpenYet',
            target: 'notOpenYet',
            actions: assign({ loaded: ({ event }) => event.output }),
          },
          { guard: 'isBroken', target: 'broken', actions: assign({ loaded: ({ event }) => event.output }) },
          { guard: 'isLocked', target: 'locked', actions: assign({ loaded: ({ event }) => event.output }) },
          { target: 'ready', actions: assign({ loaded: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'isNotFound', target: 'notFound' },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => toRequestError(event.error) }),
          },
        ],
      },
    },
    failed: {
      on: { 'DAY.RETRY': { target: 'loading', actions: clearError } },
    },
    notFound: {},
    accessEnded: {},
    notOpenYet: {},
    broken: {},
    locked: {},
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'DAY.START': 'starting', 'DAY.FINISH': 'finishing' },
        },
        starting: {
          entry: clearError,
          invoke: {
            id: 'startDay',
            src: 'startDay',
            input: ({ context }) => ({ streamId: context.streamId, dayId: context.loaded?.day.id ?? 0 }),
            onDone: 'refreshing',
            onError: {
              target: 'actionFailed',
              actions: assign({ error: ({ event }) => toRequestError(event.error) }),
            },
          },
        },
        finishing: {
          entry: clearError,
          invoke: {
            id: 'finishDay',
            src: 'finishDay',
            input: ({ context }) => ({ streamId: context.streamId, dayId: context.loaded?.day.id ?? 0 }),
            onDone: { target: 'refreshing', actions: 'streamProgressed' },
            onError: {
              target: 'actionFailed',
              actions: assign({ error: ({ event }) => toRequestError(event.error) }),
            },
          },
        },
        // The spec: the stream's statuses are fetched again after a start or a finish.
        refreshing: {
          invoke: {
            id: 'refreshStatuses',
            src: 'refreshStatuses',
            input: ({ context }) => ({ streamId: context.streamId }),
            onDone: {
              target: 'idle',
              actions: assign({
                loaded: ({ context, event }) =>
                  context.loaded ? { ...context.loaded, statuses: event.output } : null,
              }),
            },
            onError: {
              target: 'actionFailed',
              actions: assign({ error: ({ event }) => toRequestError(event.error) }),
            },
          },
        },
        actionFailed: {
          on: { 'DAY.START': 'starting', 'DAY.FINISH': 'finishing' },
        },
      },
    },
  },
});
