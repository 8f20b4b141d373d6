/**
 * One lesson's playback and its statistic (content spec, sections 5, 7 and 9; lessonStatistic.ts):
 * - playback: ready → playing ⇄ paused, ended; the first play (and a replay after the end) marks a
 *   play for the next entry; viewed time before any play event counts as that first play;
 * - statistic: a pause, the end, leaving the lesson and each newly reached progress milestone (75,
 *   50, 25, 10 percent, each once) are the moments a statistic may be sent. It is sent only when the
 *   viewed time not sent yet reaches the minimum (higher once the video ended), in whole seconds
 *   (added time only as a positive integer). "Sent" means handed to the learner's statistics queue
 *   (machines/offline/statisticsQueue.machine.ts), which stores it and delivers it when the network
 *   allows, so a lesson watched offline or a failed send loses nothing; the next entry starts after
 *   it. Only a queue that cannot take the entry (nobody signed in) is reported, and the entry dropped.
 * - position: where the learner is in the video, kept (`keepPosition`) at a pause and on leaving the
 *   lesson, so that it opens there next time; the end keeps the start, to watch it again.
 * The player measures the viewed time and sends it as a running total (`viewedMs`), so the machine
 * keeps readings, never sums of its own.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  countableAddedTime,
  newMilestones,
  shouldSendStatistic,
} from '../../src/domain/learning/lessonStatistic';
import type { DayProgressStatus } from '../../src/domain/learning/stream';
import { unprovided } from '../common/unprovided';

export type LessonStatisticInput = {
  streamId: number;
  dayId: number;
  lessonSetLessonId: number;
  minViewedMs: number;
  minViewedMsVideoEnded: number;
  /** The day's progress, when the lesson plays in its day (`LESSON.DAY_STATUS` follows it). */
  dayStatus?: DayProgressStatus;
};

/** What one entry carries; the queue adds its idempotency key and the time it was queued. */
export type LessonStatDraft = {
  streamId: number;
  dayId: number;
  lessonSetLessonId: number;
  viewedSeconds: number;
  playCount: number;
  /** The day's progress when the entry was taken, when the lesson knows it. */
  dayStatus?: DayProgressStatus;
};

/** Where the video is, in seconds, when the player says (an event without it leaves it as it was). */
type PositionReading = { positionSeconds?: number };

export type LessonEvent =
  | { type: 'LESSON.PLAY' }
  | ({ type: 'LESSON.PROGRESS'; viewedMs: number; percent: number } & PositionReading)
  | ({ type: 'LESSON.PAUSE'; viewedMs: number } & PositionReading)
  | { type: 'LESSON.ENDED'; viewedMs: number }
  | { type: 'LESSON.CLOSE' }
  /** The learner started or finished the day while the lesson was on screen. */
  | { type: 'LESSON.DAY_STATUS'; dayStatus: DayProgressStatus };

type LessonContext = LessonStatisticInput & {
  /** The latest viewed-time reading of the player. */
  viewedMs: number;
  /** The reading up to which statistics were queued (or dropped). */
  sentMs: number;
  /**
   * The lesson was played since the last entry. Plays between two entries count as one: an entry
   * says the learner played the lesson in that stretch (replaying a short video adds no viewed time,
   * so counting each replay would not make the statistic truer).
   */
  playPending: boolean;
  videoEnded: boolean;
  reportedMilestones: number[];
  /** The entry being queued. */
  draft: LessonStatDraft | null;
  /** The latest position in the video, in whole seconds. */
  positionSeconds: number;
};

/** The position kept for the lesson of a stream (its link in the day, `lessonSetLessonId`). */
export type KeptPosition = { streamId: number; lessonSetLessonId: number; seconds: number };

/** The viewed time as of this event: its reading, or the latest one (leaving the lesson carries none). */
const readingOf = (context: LessonContext, event: LessonEvent) =>
  'viewedMs' in event ? event.viewedMs : context.viewedMs;

const unsentMs = (context: LessonContext, event: LessonEvent) =>
  Math.max(readingOf(context, event) - context.sentMs, 0);

function isDue(context: LessonContext, event: LessonEvent, videoEnded: boolean): boolean {
  const viewedSeconds = countableAddedTime(Math.floor(unsentMs(context, event) / 1000));
  return (
    viewedSeconds > 0 &&
    shouldSendStatistic(unsentMs(context, event), videoEnded, {
      minViewedMs: context.minViewedMs,
      minViewedMsVideoEnded: context.minViewedMsVideoEnded,
    })
  );
}

const reachesNewMilestone = (context: LessonContext, event: LessonEvent) =>
  event.type === 'LESSON.PROGRESS' &&
  newMilestones(new Set(context.reportedMilestones), event.percent).length > 0;

const lessonSetup = setup({
  types: {
    context: {} as LessonContext,
    events: {} as LessonEvent,
    input: {} as LessonStatisticInput,
  },
  actors: {
    /** Hands the entry to the statistics queue: local and quick, whatever the network does. */
    saveStatistic: fromPromise<void, LessonStatDraft>(unprovided),
  },
  actions: {
    reportQueueFailure: (_, _params: { error: unknown }) => {},
    keepPosition: (_, _params: KeptPosition) => {},
  },
  guards: {
    hasViewed: ({ event }) => 'viewedMs' in event && event.viewedMs > 0,
    dueOnProgress: ({ context, event }) =>
      event.type === 'LESSON.PROGRESS' &&
      reachesNewMilestone(context, event) &&
      isDue(context, event, context.videoEnded),
    dueOnPause: ({ context, event }) =>
      event.type === 'LESSON.PAUSE' && isDue(context, event, context.videoEnded),
    dueOnEnd: ({ context, event }) => event.type === 'LESSON.ENDED' && isDue(context, event, true),
    dueOnClose: ({ context, event }) =>
      event.type === 'LESSON.CLOSE' && isDue(context, event, context.videoEnded),
  },
});

const countPlay = lessonSetup.assign({ playPending: true });
const markEnded = lessonSetup.assign({ videoEnded: true });
const markReplaying = lessonSetup.assign({ videoEnded: false });
const readViewed = lessonSetup.assign({
  viewedMs: ({ context, event }) => readingOf(context, event),
});
const recordMilestones = lessonSetup.assign({
  reportedMilestones: ({ context, event }) =>
    event.type === 'LESSON.PROGRESS'
      ? [...context.reportedMilestones, ...newMilestones(new Set(context.reportedMilestones), event.percent)]
      : context.reportedMilestones,
});
const readPosition = lessonSetup.assign({
  positionSeconds: ({ context, event }) =>
    'positionSeconds' in event && event.positionSeconds !== undefined
      ? Math.max(Math.floor(event.positionSeconds), 0)
      : context.positionSeconds,
});
const rewind = lessonSetup.assign({ positionSeconds: 0 });
const followDayStatus = lessonSetup.assign({
  dayStatus: ({ context, event }) =>
    event.type === 'LESSON.DAY_STATUS' ? event.dayStatus : context.dayStatus,
});
const keepPosition = lessonSetup.enqueueActions(({ context, enqueue }) =>
  enqueue({
    type: 'keepPosition',
    params: {
      streamId: context.streamId,
      lessonSetLessonId: context.lessonSetLessonId,
      seconds: context.positionSeconds,
    },
  }),
);

/** The entry takes the whole seconds viewed since the last one; the rest waits for the next. */
const takeEntry = lessonSetup.assign(({ context, event }) => {
  const viewedSeconds = countableAddedTime(Math.floor(unsentMs(context, event) / 1000));
  return {
    sentMs: context.sentMs + viewedSeconds * 1000,
    playPending: false,
    draft: {
      streamId: context.streamId,
      dayId: context.dayId,
      lessonSetLessonId: context.lessonSetLessonId,
      viewedSeconds,
      playCount: context.playPending ? 1 : 0,
      ...(context.dayStatus && { dayStatus: context.dayStatus }),
    },
  };
});

export const lessonMachine = lessonSetup.createMachine({
  id: 'lesson',
  context: ({ input }) => ({
    ...input,
    viewedMs: 0,
    sentMs: 0,
    playPending: false,
    videoEnded: false,
    reportedMilestones: [],
    draft: null,
    positionSeconds: 0,
  }),
  type: 'parallel',
  on: {
    'LESSON.DAY_STATUS': { actions: followDayStatus },
  },
  states: {
    position: {
      on: {
        'LESSON.PROGRESS': { actions: readPosition },
        'LESSON.PAUSE': { actions: [readPosition, keepPosition] },
        'LESSON.ENDED': { actions: [rewind, keepPosition] },
        'LESSON.CLOSE': { actions: keepPosition },
      },
    },
    playback: {
      initial: 'ready',
      on: {
        'LESSON.PROGRESS': { actions: [readViewed, recordMilestones] },
      },
      states: {
        ready: {
          on: {
            'LESSON.PLAY': { target: 'playing', actions: countPlay },
            // The player's first `play` can go unheard (an autoplay that starts as the player
            // mounts): viewed time is proof of it, so the first play is still counted.
            'LESSON.PROGRESS': {
              guard: 'hasViewed',
              target: 'playing',
              actions: [countPlay, readViewed, recordMilestones],
            },
            'LESSON.PAUSE': { guard: 'hasViewed', target: 'paused', actions: [countPlay, readViewed] },
            'LESSON.ENDED': { target: 'ended', actions: [countPlay, readViewed, markEnded] },
          },
        },
        playing: {
          on: {
            'LESSON.PAUSE': { target: 'paused', actions: readViewed },
            'LESSON.ENDED': { target: 'ended', actions: [readViewed, markEnded] },
          },
        },
        paused: {
          on: {
            'LESSON.PLAY': 'playing',
            'LESSON.ENDED': { target: 'ended', actions: [readViewed, markEnded] },
          },
        },
        ended: {
          // Watching again counts as another play.
          on: { 'LESSON.PLAY': { target: 'playing', actions: [countPlay, markReplaying] } },
        },
      },
    },
    statistic: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'LESSON.PROGRESS': { guard: 'dueOnProgress', target: 'queueing', actions: takeEntry },
            'LESSON.PAUSE': { guard: 'dueOnPause', target: 'queueing', actions: takeEntry },
            'LESSON.ENDED': { guard: 'dueOnEnd', target: 'queueing', actions: takeEntry },
            'LESSON.CLOSE': { guard: 'dueOnClose', target: 'queueing', actions: takeEntry },
          },
        },
        queueing: {
          invoke: {
            id: 'saveStatistic',
            src: 'saveStatistic',
            input: ({ context }) => context.draft as LessonStatDraft,
            onDone: { target: 'idle', actions: assign({ draft: null }) },
            onError: {
              target: 'idle',
              actions: [
                { type: 'reportQueueFailure', params: ({ event }) => ({ error: event.error }) },
                assign({ draft: null }),
              ],
            },
          },
        },
      },
    },
  },
});
