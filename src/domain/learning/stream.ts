import type { Freeze } from './freeze';
import { hasFreezeRange } from './freezeDates';
import type { TabbedStream } from './myCoursesTabs';
import type { StreamAccess, StreamStatus } from './streamStatus';

/**
 * A learner's course stream as the learning screens use it (content spec, section 3 "Stream"), with
 * millisecond timestamps. The status is the server's, computed by streamStatus.ts.
 */
export type StreamFreeze = Freeze & { id: number };

export type StreamProgress = { daysCount: number; completeDaysCount: number; progress: number };

export type CourseStream = StreamAccess & {
  id: number;
  courseId: number;
  status: StreamStatus;
  /** The course version the stream was bought on; null when the server keeps none. */
  courseVersion: number | null;
  courseFullAccess: boolean;
  mobileAccess: boolean;
  chatChannelId: number | null;
  chatStatus: string | null;
  messageExpiresDate: number | null;
  maxConsultationCount: number;
  /** The calendar's view filters kept per stream (calendarFilters.ts reads them). */
  filters: Readonly<Record<string, unknown>>;
  progress: StreamProgress;
  appstoreProductId: string | null;
  /** The newest freeze, whatever its status. */
  freeze: StreamFreeze | null;
  paymentSubscriptionId: number | null;
};

/** Access is over: the access-ended page replaces the calendar. */
export const hasAccessEnded = (stream: Pick<CourseStream, 'status'>): boolean =>
  stream.status === 'ended' || stream.status === 'stopped';

/**
 * A freeze the learner can still cancel: created for later or in force now. The server refuses a
 * second freeze while one of these exists.
 */
export const pendingFreeze = (stream: Pick<CourseStream, 'freeze'>): StreamFreeze | null =>
  stream.freeze !== null && stream.freeze.status !== 'canceled' ? stream.freeze : null;

/**
 * The freeze holding a frozen stream: the status is freeze while a freeze is in force (streamStatus.ts:
 * an active one, or one created for a start date that has come), and no day can be studied until it
 * is over. Null for any other status.
 */
export const holdingFreeze = (stream: Pick<CourseStream, 'status' | 'freeze'>): StreamFreeze | null =>
  stream.status === 'freeze' ? pendingFreeze(stream) : null;

/**
 * A freeze created for later, not yet in force: the stream stays open until its start date, and the
 * learner may cancel it before then.
 */
export const plannedFreeze = (stream: Pick<CourseStream, 'status' | 'freeze'>): StreamFreeze | null =>
  stream.status === 'freeze' ? null : pendingFreeze(stream);

/**
 * The learner may ask for a freeze of an open stream bought in full (not a demo) that holds no
 * pending freeze; the server checks the same. A freeze must also fit before the stream ends
 * (hasFreezeRange, by the dialog's own days at `now` in the learner's time zone): on its last day
 * none does, and offering the dialog would only lead to refused dates.
 */
export const canFreeze = (
  stream: Pick<CourseStream, 'status' | 'isDemo' | 'freeze' | 'endDate'>,
  now: number,
  timeZone?: string | null,
): boolean =>
  stream.status === 'open' &&
  !stream.isDemo &&
  pendingFreeze(stream) === null &&
  hasFreezeRange(stream, now, timeZone);

export type FreezeAction = 'freeze' | 'unfreeze';

/**
 * What the stream's one freeze control offers: to cancel its pending freeze (whatever the day), else
 * to ask for a freeze where one is allowed at `now`; null when neither is.
 */
export const freezeActionOf = (
  stream: Pick<CourseStream, 'status' | 'isDemo' | 'freeze' | 'endDate'>,
  now: number,
  timeZone?: string | null,
): FreezeAction | null =>
  pendingFreeze(stream) ? 'unfreeze' : canFreeze(stream, now, timeZone) ? 'freeze' : null;

/** Day statuses of the stream (GET .../status), per stage day. */
export type DayStatus = {
  stageDayId: number;
  dayStatusId: number | null;
  startedAt: number | null;
  finishedAt: number | null;
  isOpenByTimeDelay: boolean;
  opensAt: number;
  isDemoAccessible: boolean;
};

export type StageProgressStatus = 'not_started' | 'started' | 'ended';

/**
 * A day's progress in a stage's words, as a lesson statistic tells it to the server (`day_status` of
 * POST /save-lesson-stat): what the learner's day was when the statistic was taken.
 */
export type DayProgressStatus = StageProgressStatus;

export const dayProgressStatusOf = (status: DayStatus | undefined): DayProgressStatus =>
  status?.finishedAt != null ? 'ended' : status?.startedAt != null ? 'started' : 'not_started';

export type LessonStatus = { lessonSetLessonId: number; viewedSeconds: number; playCount: number };

export type CurrentDay = {
  stageId: number;
  dayId: number;
  dayNumber: number;
  title: string;
  excerpt: string;
};

/** Everything the stream status call answers: what the calendar and the day page draw their states from. */
export type StreamStatuses = {
  stages: { id: number; status: StageProgressStatus }[];
  days: DayStatus[];
  lessons: LessonStatus[];
  currentDay: CurrentDay | null;
};

export const dayStatusOf = (statuses: StreamStatuses, dayId: number): DayStatus | undefined =>
  statuses.days.find((day) => day.stageDayId === dayId);

/** The stream as the my-courses tabs sort it (myCoursesTabs.ts). */
export const asTabbedStream = (stream: Pick<CourseStream, 'status' | 'progress'>): TabbedStream => ({
  status: stream.status,
  progress: stream.progress.progress,
});
