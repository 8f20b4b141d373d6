import type { LessonTitle } from './lessonTitle';
import type { RepeatRange } from './repeatCount';
import type { DayProgressStatus } from './stream';

/**
 * A course day as the app uses it (content spec, section 3 "Day"): its lesson sets in order, each
 * with its repeat count and the learner's range, and each lesson with its videos. Durations and
 * times are milliseconds.
 */

export type Subtitle = {
  languageCode: string;
  label: string;
  name: string;
  url: string;
  /** Size of the WebVTT file in bytes, when the server reports it. */
  sizeBytes?: number;
};

/** A playable video: HLS master (null when the server has none), MP4 fallback, poster, subtitles. */
export type Video = {
  id: number;
  name: string;
  hls: string | null;
  mp4: string;
  poster: string | null;
  subtitles: Subtitle[];
  durationMs: number;
  /** Size of the MP4 file in bytes, when the server reports it (what a download of it stores). */
  mp4SizeBytes?: number;
  /** Size of the poster image in bytes, when the server reports it. */
  posterSizeBytes?: number;
};

export type Lesson = LessonTitle & {
  id: number;
  durationMs: number;
  video: Video | null;
  descriptionVideo: Video | null;
  verticalVideo: Video | null;
  verticalDescriptionVideo: Video | null;
};

/** A lesson inside a set: `id` is the set-lesson id statistics and statuses use. */
export type SetLesson = { id: number; sort: number; lesson: Lesson };

export type LessonSet = RepeatRange & { id: number; sort: number; repeatCount: number; lessons: SetLesson[] };

export type Day = {
  id: number;
  stageId: number;
  dayNumber: number;
  title: string;
  excerpt: string;
  isDayOfRest: boolean;
  openingDelayMs: number;
  finishTotalTimeMs: number;
  requiredToComplete: boolean;
  /** How many times the day is gone through; each lesson set has its own count besides. */
  repeatCount: number;
  isDemoAccessible: boolean;
  lessonSets: LessonSet[];
};

/** A day's lessons in the order the learner meets them. */
export const dayLessons = (day: Day): SetLesson[] => day.lessonSets.flatMap((set) => set.lessons);

/** The video a lesson plays on a screen of the given orientation; a missing vertical one falls back. */
export function lessonVideo(lesson: Lesson, vertical: boolean): Video | null {
  return (vertical ? lesson.verticalVideo : null) ?? lesson.video;
}

export function lessonDescriptionVideo(lesson: Lesson, vertical: boolean): Video | null {
  return (vertical ? lesson.verticalDescriptionVideo : null) ?? lesson.descriptionVideo;
}

/**
 * A day is filled in incorrectly (the spec's "The day is filled in incorrectly. Contact customer
 * care.") when it is not a rest day and has no lesson set, a set without lessons, or not one lesson
 * with a playable video. A lesson whose video is missing among others that play does not hide them:
 * the lesson itself says its video is missing.
 */
export function isDayBroken(day: Day): boolean {
  if (day.isDayOfRest) return false;
  if (day.lessonSets.length === 0 || day.lessonSets.some((set) => set.lessons.length === 0)) return true;
  return dayLessons(day).every(({ lesson }) => lesson.video === null);
}

/** A day status as start and finish answer it (wire contract "DayStatus"). */
export type DayStatusRecord = {
  id: number;
  streamId: number;
  stageDayId: number;
  startedAt: number;
  finishedAt: number | null;
};

/** How far the learner got through a day's lessons (GET .../user-day-status/{id}/progress). */
export type DayProgress = {
  id: number;
  stageDayId: number;
  lessonsCount: number;
  viewedLessonsCount: number;
  viewedSeconds: number;
  totalSeconds: number;
  progress: number;
};

/**
 * One lesson statistic entry (content spec, section 3 "Day statistic"): seconds and plays added to
 * a lesson of a day of a stream. `idempotencyKey` is fixed when the entry is made, so a resend of
 * the same entry counts once on the server.
 */
export type LessonStatEntry = {
  streamId: number;
  dayId: number;
  lessonSetLessonId: number;
  viewedSeconds: number;
  playCount: number;
  dayStatus?: DayProgressStatus;
  idempotencyKey: string;
};

/** The answer to a saved statistic; `dayStatusId` may be missing, which the spec says to report. */
export type SavedLessonStat = { id: number | null; dayStatusId: number | null };
