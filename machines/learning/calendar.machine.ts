/**
 * The course calendar (/course/{streamId}/calendar; content spec, sections 2 and 4): the stream, then
 * its course and its stages with their days side by side (the page's header shows once the course
 * is in), then the stream's statuses (through the 5-minute cache). Without a valid stream (no valid
 * id, or the server does not know it for this learner) it says the course is not available, as the
 * day and the materials pages do, and stays: a retry or a redirect would not help the learner. A
 * stream whose access ended or stopped shows the access-ended page instead. The old day path, which
 * names a day by id, lands here and moves on to that day's number once the days are known.
 * While shown:
 * - the selected stage and "show finished days" are the view filters, saved on the stream after each
 *   change (the last position), the latest change winning;
 * - the course version update modal shows while the stream's version is unsupported, until closed;
 * - the freeze dialog or the unfreeze confirmation opens over it (and the freeze route opens it on
 *   arrival, as does an address that names it later: Forward onto its entry); a changed stream (frozen, unfrozen) replaces the old one and refetches the statuses.
 *   A dialog closed after its call failed has the stream read again first (it may have changed on
 *   another device: the server refused a freeze because one was planned there).
 *   The freeze is offered only while one fits before the stream ends, by the day in the learner's
 *   time zone: from the stream's last day on, the freeze route shows the calendar alone.
 * Refinement: a failed statuses refresh keeps the statuses shown (they were fresh a moment ago).
 */
import { assign, fromPromise, setup } from 'xstate';
import { dayNumberOf, initialStageId } from '../../src/domain/learning/calendarDays';
import {
  type CalendarFilters,
  DEFAULT_CALENDAR_FILTERS,
  readCalendarFilters,
  writeCalendarFilters,
} from '../../src/domain/learning/calendarFilters';
import {
  type Course,
  type CourseVersion,
  isCourseVersionSupported,
  type Stage,
} from '../../src/domain/learning/course';
import type { Day } from '../../src/domain/learning/day';
import {
  type CourseStream,
  canFreeze,
  type FreezeAction,
  freezeActionOf,
  hasAccessEnded,
  pendingFreeze,
  type StreamStatuses,
} from '../../src/domain/learning/stream';
import { isNotFound, type RequestError, toRequestError } from '../../src/domain/requestError';
import { loadFailedState, type NetworkReturnedEvent, networkReturn } from '../common/networkReturn';
import { unprovided } from '../common/unprovided';

/** The course of the stream, with the versions the app supports (for the version update modal). */
export type CalendarCourse = { course: Course; versions: CourseVersion[] };

/** The course's stages and the days of every stage. */
export type CalendarDays = { stages: Stage[]; days: Day[] };

/** The freeze dialog, or the unfreeze confirmation, as the stream's freeze control offers them. */
export type CalendarDialog = FreezeAction;

export type CalendarInput = {
  /** The route's stream id; null when it is not a positive whole number. */
  streamId: number | null;
  /** The freeze route opens the freeze dialog (or the unfreeze confirmation) over the calendar. */
  dialog?: CalendarDialog | null;
  /** The old day path's day id, to send on to that day's number. */
  legacyDayId?: number | null;
  /**
   * The clock and the learner's time zone (null: the runtime's), which say whether a freeze still
   * fits before the stream ends. A clock, not a moment: the calendar may stay open past midnight.
   */
  now: () => number;
  timeZone?: string | null;
};

export type CalendarContext = {
  streamId: number | null;
  requestedDialog: CalendarDialog | null;
  legacyDayId: number | null;
  now: () => number;
  timeZone: string | null;
  stream: CourseStream | null;
  course: Course | null;
  stages: Stage[];
  days: Day[];
  statuses: StreamStatuses | null;
  filters: CalendarFilters;
  versionModal: boolean;
  dialog: CalendarDialog | null;
  /** The freeze path named a dialog the stream offers none of (a demo, an ended stream). */
  dialogRefused: boolean;
  error: RequestError | null;
};

export type CalendarEvent =
  | { type: 'CALENDAR.RETRY' }
  | { type: 'STAGE.SELECT'; stageId: number }
  | { type: 'FILTERS.TOGGLE_FINISHED' }
  | { type: 'FREEZE.OPEN' }
  | { type: 'UNFREEZE.OPEN' }
  | { type: 'DIALOG.CLOSE' }
  /** The page's address asks for the freeze dialog (`?dialog=freeze`) while it does not show. */
  | { type: 'DIALOG.REQUESTED' }
  | { type: 'STREAM.CHANGED'; stream: CourseStream }
  /** The freeze dialog closed after a failed call: the stream may have changed elsewhere. */
  | { type: 'STREAM.STALE' }
  | { type: 'VERSION_MODAL.CLOSE' }
  | NetworkReturnedEvent;

/**
 * The dialog the freeze route or address asks for, as the stream allows today: a pending freeze can
 * only be cancelled, and none where no freeze is allowed.
 */
const offeredDialog = ({ stream, now, timeZone }: CalendarContext): CalendarDialog | null =>
  stream === null ? null : freezeActionOf(stream, now(), timeZone);

/** Whether DIALOG.REQUESTED would open a dialog now (the page asks before it sends it). */
export const offersDialog = (context: CalendarContext): boolean => offeredDialog(context) !== null;

/** The number of the day the old day path names, or null without one or when the course has no such day. */
const legacyDayNumber = ({ legacyDayId, days }: CalendarContext): number | null =>
  legacyDayId === null ? null : dayNumberOf(days, legacyDayId);

/**
 * The old day path named a day the course does not have (once its days are in): the calendar shows
 * instead, and says why.
 */
export const legacyDayGone = (context: CalendarContext): boolean =>
  context.legacyDayId !== null && context.days.length > 0 && legacyDayNumber(context) === null;

/** The dialog to open on arrival: the one offered, if the freeze route asked for one. */
const dialogFor = (context: CalendarContext): CalendarDialog | null =>
  context.requestedDialog === null ? null : offeredDialog(context);

export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    input: {} as CalendarInput,
  },
  actors: {
    loadStream: fromPromise<CourseStream, { streamId: number }>(unprovided),
    loadCourse: fromPromise<CalendarCourse, { courseId: number }>(unprovided),
    loadDays: fromPromise<CalendarDays, { courseId: number }>(unprovided),
    loadStatuses: fromPromise<StreamStatuses, { streamId: number }>(unprovided),
    refetchStatuses: fromPromise<StreamStatuses, { streamId: number }>(unprovided),
    saveFilters: fromPromise<unknown, { streamId: number; filters: Record<string, unknown> }>(unprovided),
    networkReturn,
  },
  actions: {
    goToDay: (_, _params: { streamId: number; dayNumber: number }) => {},
    /** The stream changed: the app's own copy of the learner's streams follows. */
    syncAppData: () => {},
    /** The course is not there to show: the menu's history does not lead back to this page. */
    notFoundShown: () => {},
  },
  guards: {
    hasStreamId: ({ context }) => context.streamId !== null,
    isNotFound: (_, params: { error: unknown }) => isNotFound(params.error),
    leadsToLegacyDay: ({ context }) => legacyDayNumber(context) !== null,
    accessEnded: ({ context }) => context.stream !== null && hasAccessEnded(context.stream),
    canFreeze: ({ context }) =>
      context.stream !== null && canFreeze(context.stream, context.now(), context.timeZone),
    hasPendingFreeze: ({ context }) => context.stream !== null && pendingFreeze(context.stream) !== null,
  },
}).createMachine({
  id: 'calendar',
  context: ({ input }) => ({
    streamId: input.streamId,
    requestedDialog: input.dialog ?? null,
    legacyDayId: input.legacyDayId ?? null,
    now: input.now,
    timeZone: input.timeZone ?? null,
    stream: null,
    course: null,
    stages: [],
    days: [],
    statuses: null,
    filters: DEFAULT_CALENDAR_FILTERS,
    versionModal: false,
    dialog: null,
    dialogRefused: false,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasStreamId', target: 'loading' }, { target: 'notFound' }],
    },
    loading: {
      invoke: {
        id: 'loadStream',
        src: 'loadStream',
        input: ({ context }) => ({ streamId: context.streamId ?? 0 }),
        onDone: {
          target: 'loadingCourse',
          actions: assign({
            stream: ({ event }) => event.output,
            filters: ({ event }) => readCalendarFilters(event.output.filters),
            error: null,
          }),
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
        ],
      },
    },
    // The course (its title heads the page, drawn as soon as it is in) and the days load side by
    // side: both need only the stream's course id.
    loadingCourse: {
      type: 'parallel',
      states: {
        course: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadCourse',
                src: 'loadCourse',
                input: ({ context }) => ({ courseId: context.stream?.courseId ?? 0 }),
                onDone: {
                  target: 'done',
                  actions: assign(({ context, event }) => ({
                    course: event.output.course,
                    versionModal:
                      context.stream !== null &&
                      !isCourseVersionSupported(context.stream, event.output.versions),
                  })),
                },
                onError: {
                  target: '#calendar.failed',
                  actions: assign({ error: ({ event }) => toRequestError(event.error) }),
                },
              },
            },
            done: { type: 'final' },
          },
        },
        days: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadDays',
                src: 'loadDays',
                input: ({ context }) => ({ courseId: context.stream?.courseId ?? 0 }),
                onDone: {
                  target: 'done',
                  actions: assign({
                    stages: ({ event }) => event.output.stages,
                    days: ({ event }) => event.output.days,
                  }),
                },
                onError: {
                  target: '#calendar.failed',
                  actions: assign({ error: ({ event }) => toRequestError(event.error) }),
                },
              },
            },
            done: { type: 'final' },
          },
        },
      },
      onDone: [
        { guard: 'leadsToLegacyDay', target: 'leavingForDay' },
        // The access-ended page offers no freeze: a freeze path's request is refused, and its name goes.
        {
          guard: 'accessEnded',
          target: 'accessEnded',
          actions: assign({ dialogRefused: ({ context }) => context.requestedDialog !== null }),
        },
        { target: 'loadingStatuses' },
      ],
    },
    loadingStatuses: {
      invoke: {
        id: 'loadStatuses',
        src: 'loadStatuses',
        input: ({ context }) => ({ streamId: context.streamId ?? 0 }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            statuses: event.output,
            filters: {
              ...context.filters,
              stageId: initialStageId(context.stages, context.filters.stageId, event.output),
            },
            dialog: dialogFor(context),
            dialogRefused: context.requestedDialog !== null && dialogFor(context) === null,
          })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    failed: loadFailedState('CALENDAR.RETRY', 'loading'),
    /** The stream is not the learner's: no retry brings it. */
    notFound: { entry: 'notFoundShown' },
    leavingForDay: {
      type: 'final',
      entry: {
        type: 'goToDay',
        params: ({ context }) => ({
          streamId: context.streamId ?? 0,
          dayNumber: legacyDayNumber(context) ?? 0,
        }),
      },
    },
    accessEnded: {},
    ready: {
      type: 'parallel',
      on: {
        'FREEZE.OPEN': { guard: 'canFreeze', actions: assign({ dialog: 'freeze' }) },
        'UNFREEZE.OPEN': { guard: 'hasPendingFreeze', actions: assign({ dialog: 'unfreeze' }) },
        'DIALOG.CLOSE': { actions: assign({ dialog: null }) },
        'DIALOG.REQUESTED': { actions: assign({ dialog: ({ context }) => offeredDialog(context) }) },
        'VERSION_MODAL.CLOSE': { actions: assign({ versionModal: false }) },
      },
      states: {
        statuses: {
          initial: 'shown',
          on: {
            'STREAM.CHANGED': {
              target: '.refreshing',
              reenter: true,
              actions: [assign({ stream: ({ event }) => event.stream, dialog: null }), 'syncAppData'],
            },
            // The dialog's call failed: the stream may have changed elsewhere (a freeze planned on
            // another device), so it is read again, then the statuses, and the page shows it.
            'STREAM.STALE': { target: '.reloading', reenter: true, actions: assign({ dialog: null }) },
          },
          states: {
            shown: {},
            reloading: {
              invoke: {
                id: 'reloadStream',
                src: 'loadStream',
                input: ({ context }) => ({ streamId: context.streamId ?? 0 }),
                onDone: {
                  target: 'refreshing',
                  actions: [assign({ stream: ({ event }) => event.output }), 'syncAppData'],
                },
                onError: 'shown',
              },
            },
            refreshing: {
              invoke: {
                id: 'refetchStatuses',
                src: 'refetchStatuses',
                input: ({ context }) => ({ streamId: context.streamId ?? 0 }),
                onDone: { target: 'shown', actions: assign({ statuses: ({ event }) => event.output }) },
                onError: 'shown',
              },
            },
          },
        },
        filters: {
          initial: 'saved',
          on: {
            'STAGE.SELECT': {
              target: '.saving',
              reenter: true,
              actions: assign({
                filters: ({ context, event }) => ({ ...context.filters, stageId: event.stageId }),
              }),
            },
            'FILTERS.TOGGLE_FINISHED': {
              target: '.saving',
              reenter: true,
              actions: assign({
                filters: ({ context }) => ({
                  ...context.filters,
                  showFinished: !context.filters.showFinished,
                }),
              }),
            },
          },
          states: {
            saved: {},
            saving: {
              invoke: {
                id: 'saveFilters',
                src: 'saveFilters',
                input: ({ context }) => ({
                  streamId: context.streamId ?? 0,
                  filters: writeCalendarFilters(context.stream?.filters ?? {}, context.filters),
                }),
                // The view already shows the new filters; a failed save only means the next visit
                // opens as before, not worth interrupting the learner for.
                onDone: 'saved',
                onError: 'saved',
              },
            },
          },
        },
      },
    },
  },
});
