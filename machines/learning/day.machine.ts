/**
 * The day page (content spec, sections 2, 4 "Day", 8): the day of a stream by its number, with the
 * stream and its statuses. A stream that is not the learner's (no valid id, or the server does not
 * know it for them) shows as not available, a day number the course lacks as such. A stream whose
 * access ended or stopped shows the access-ended page, as its calendar does; a frozen stream's day
 * says until when the freeze holds it; a day of a full stream that cannot be studied yet (not
 * started, before its opening delay), a day filled in incorrectly (isDayBroken) and a locked demo day
 * (dayLock.ts) show as such, without lessons. A rest day has nothing to start or finish. Otherwise
 * the learner can start and finish the day, after which the stream's statuses are fetched again. A
 * failed load can be retried.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Course } from '../../src/domain/learning/course';
import { type Day, type DayStatusRecord, isDayBroken } from '../../src/domain/learning/day';
import { isDayLocked, isDayNotOpenYet, type LockableDay } from '../../src/domain/learning/dayLock';
import {
  type CourseStream,
  dayStatusOf,
  hasAccessEnded,
  holdingFreeze,
  type StreamStatuses,
} from '../../src/domain/learning/stream';
import { isNotFound, type RequestError, toRequestError } from '../../src/domain/requestError';
import { loadFailedState, type NetworkReturnedEvent, networkReturn } from '../common/networkReturn';
import { unprovided } from '../common/unprovided';

export type DayInput = {
  /** The route's stream id; null when it is not a positive whole number. */
  streamId: number | null;
  dayNumber: number;
};

/** The day to load: a stream id the route gave. */
export type DayRequest = { streamId: number; dayNumber: number };

/** What the page needs: the stream (for its lock rule), the day and the stream's statuses. */
export type LoadedDay = {
  stream: CourseStream;
  day: Day;
  statuses: StreamStatuses;
  /** Where the learner left lessons of the day on this browser, in seconds, by lesson link id. */
  leftAt?: Readonly<Record<number, number>>;
  /** The course, read only for a stream whose access ended: its page names it, as the calendar's does. */
  course?: Course | null;
};

/** The day number names no day of the stream's course. */
export const DAY_NOT_FOUND = 'dayNotFound';

export type DayEvent =
  | { type: 'DAY.RETRY' }
  | { type: 'DAY.START' }
  | { type: 'DAY.FINISH' }
  | NetworkReturnedEvent;

type DayContext = DayInput & {
  loaded: LoadedDay | null;
  error: RequestError | null;
};

const isDayNotFound = (error: unknown) => error instanceof Error && error.message === DAY_NOT_FOUND;

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
    loadDay: fromPromise<LoadedDay, DayRequest>(unprovided),
    startDay: fromPromise<DayStatusRecord, { streamId: number; dayId: number }>(unprovided),
    finishDay: fromPromise<DayStatusRecord, { streamId: number; dayId: number }>(unprovided),
    refreshStatuses: fromPromise<StreamStatuses, { streamId: number }>(unprovided),
    networkReturn,
  },
  actions: {
    /** A finished day changes the stream's progress: the lists that show it reload. */
    streamProgressed: () => {},
    /** The day's lessons are about to show: their first poster may start loading before they render. */
    lessonsShowing: (_, _params: { day: Day }) => {},
    /** The stream or day is not there to show: the menu's history does not lead back to this page. */
    notFoundShown: () => {},
  },
  guards: {
    hasStreamId: ({ context }) => context.streamId !== null,
    accessEnded: ({ event }) => 'output' in event && hasAccessEnded((event.output as LoadedDay).stream),
    isFrozen: ({ event }) => 'output' in event && holdingFreeze((event.output as LoadedDay).stream) !== null,
    isNotOpenYet: ({ event }) => 'output' in event && isLoadedDayNotOpenYet(event.output as LoadedDay),
    isBroken: ({ event }) => 'output' in event && isDayBroken((event.output as LoadedDay).day),
    isLocked: ({ event }) => 'output' in event && isLoadedDayLocked(event.output as LoadedDay),
    isRestDay: ({ event }) => 'output' in event && (event.output as LoadedDay).day.isDayOfRest,
    isDayNotFound: ({ event }) => 'error' in event && isDayNotFound(event.error),
    /** The stream (or its course) is not the learner's: asking again changes nothing. */
    isNotFound: ({ event }) => 'error' in event && isNotFound(event.error),
  },
});

const clearError = daySetup.assign({ error: null });

export const dayMachine = daySetup.createMachine({
  id: 'day',
  context: ({ input }) => ({ ...input, loaded: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasStreamId', target: 'loading' }, { target: 'notFound' }],
    },
    loading: {
      invoke: {
        id: 'loadDay',
        src: 'loadDay',
        input: ({ context }) => ({ streamId: context.streamId ?? 0, dayNumber: context.dayNumber }),
        onDone: [
          {
            guard: 'accessEnded',
            target: 'accessEnded',
            actions: assign({ loaded: ({ event }) => event.output }),
          },
          // Before notOpenYet, which a freeze would also match: the learner learns until when.
          { guard: 'isFrozen', target: 'frozen', actions: assign({ loaded: ({ event }) => event.output }) },
          {
            guard: 'isNotOpenYet',
            target: 'notOpenYet',
            actions: assign({ loaded: ({ event }) => event.output }),
          },
          { guard: 'isBroken', target: 'broken', actions: assign({ loaded: ({ event }) => event.output }) },
          { guard: 'isLocked', target: 'locked', actions: assign({ loaded: ({ event }) => event.output }) },
          { guard: 'isRestDay', target: 'rest', actions: assign({ loaded: ({ event }) => event.output }) },
          { target: 'ready', actions: assign({ loaded: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'isDayNotFound', target: 'dayNotFound' },
          { guard: 'isNotFound', target: 'notFound' },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => toRequestError(event.error) }),
          },
        ],
      },
    },
    failed: loadFailedState('DAY.RETRY', { target: 'loading', actions: clearError }),
    /** The stream is not the learner's: no retry brings it. */
    notFound: { entry: 'notFoundShown' },
    /** The stream's course has no day of this number. */
    dayNotFound: { entry: 'notFoundShown' },
    accessEnded: {},
    frozen: {},
    notOpenYet: {},
    broken: {},
    locked: {},
    /** A day of rest: nothing to start, watch or finish. */
    rest: {},
    ready: {
      entry: {
        type: 'lessonsShowing',
        params: ({ context }) => ({ day: (context.loaded as LoadedDay).day }),
      },
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
            input: ({ context }) => ({ streamId: context.streamId ?? 0, dayId: context.loaded?.day.id ?? 0 }),
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
            input: ({ context }) => ({ streamId: context.streamId ?? 0, dayId: context.loaded?.day.id ?? 0 }),
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
            input: ({ context }) => ({ streamId: context.streamId ?? 0 }),
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
