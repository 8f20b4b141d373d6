import { progressPercent } from '../../../src/domain/learning/progress';

/**
 * A day's progress from its lessons: seconds watched count up to each lesson's length (watching a
 * lesson twice does not finish the day), a lesson is viewed once its counted seconds reach its
 * length, and the percentage follows the seconds, or the viewed lessons when no lesson has a length.
 */

export interface LessonTotal {
  videoLengthSeconds: number;
  /** Null: the lesson was never played in this stream. */
  viewedSeconds: number | null;
}

export function dayProgress(lessons: readonly LessonTotal[]) {
  let viewedLessons = 0;
  let viewedSeconds = 0;
  let totalSeconds = 0;
  for (const lesson of lessons) {
    const counted = Math.min(lesson.viewedSeconds ?? 0, lesson.videoLengthSeconds);
    totalSeconds += lesson.videoLengthSeconds;
    viewedSeconds += counted;
    if (lesson.viewedSeconds !== null && counted >= lesson.videoLengthSeconds) viewedLessons += 1;
  }
  return {
    lessons_count: lessons.length,
    viewed_lessons_count: viewedLessons,
    viewed_seconds: viewedSeconds,
    total_seconds: totalSeconds,
    progress:
      totalSeconds > 0
        ? progressPercent(totalSeconds, viewedSeconds)
        : progressPercent(lessons.length, viewedLessons),
  };
}
