import * as v from 'valibot';
import type { DayProgress, DayStatusRecord, LessonStatEntry, SavedLessonStat } from '../domain/learning/day';
import type { ApiClient } from './client';
import { nullableSecondsToMs, secondsToMs } from './wire';

/**
 * The learner's progress through a day (wire contract: day start and finish, the day's progress,
 * POST /save-lesson-stat).
 */

export const WireDayStatusSchema = v.object({
  id: v.number(),
  stream_id: v.number(),
  stage_day_id: v.number(),
  started_at: v.number(),
  finished_at: v.nullish(v.number()),
});

const toDayStatusRecord = (wire: v.InferOutput<typeof WireDayStatusSchema>): DayStatusRecord => ({
  id: wire.id,
  streamId: wire.stream_id,
  stageDayId: wire.stage_day_id,
  startedAt: secondsToMs(wire.started_at),
  finishedAt: nullableSecondsToMs(wire.finished_at),
});

export const WireDayProgressSchema = v.object({
  id: v.number(),
  stage_day_id: v.number(),
  lessons_count: v.number(),
  viewed_lessons_count: v.number(),
  viewed_seconds: v.number(),
  total_seconds: v.number(),
  progress: v.number(),
});

/**
 * The spec reports a reply without `dayStatusId` rather than rejecting it, so both fields are
 * optional here and the caller decides.
 */
export const WireSavedLessonStatSchema = v.object({
  id: v.nullish(v.number()),
  dayStatusId: v.nullish(v.number()),
});

const dayStatusPath = (streamId: number, dayId: number, action: 'start' | 'finish') =>
  `/user-course-streams/${streamId}/user-day-status/${dayId}/${action}`;

/** POST .../user-day-status/{dayId}/start: idempotent, a second start keeps the first. */
export async function startDay(api: ApiClient, streamId: number, dayId: number): Promise<DayStatusRecord> {
  const { data } = await api.request(WireDayStatusSchema, dayStatusPath(streamId, dayId, 'start'), {
    method: 'POST',
  });
  return toDayStatusRecord(data);
}

/** POST .../user-day-status/{dayId}/finish: starts the day too when it was not started. */
export async function finishDay(api: ApiClient, streamId: number, dayId: number): Promise<DayStatusRecord> {
  const { data } = await api.request(WireDayStatusSchema, dayStatusPath(streamId, dayId, 'finish'), {
    method: 'POST',
  });
  return toDayStatusRecord(data);
}

/** GET .../user-day-status/{dayStatusId}/progress. */
export async function fetchDayProgress(
  api: ApiClient,
  streamId: number,
  dayStatusId: number,
): Promise<DayProgress> {
  const { data } = await api.request(
    WireDayProgressSchema,
    `/user-course-streams/${streamId}/user-day-status/${dayStatusId}/progress`,
  );
  return {
    id: data.id,
    stageDayId: data.stage_day_id,
    lessonsCount: data.lessons_count,
    viewedLessonsCount: data.viewed_lessons_count,
    viewedSeconds: data.viewed_seconds,
    totalSeconds: data.total_seconds,
    progress: data.progress,
  };
}

/** POST /save-lesson-stat with the entry's idempotency key, so a resent entry counts once. */
export async function saveLessonStat(api: ApiClient, entry: LessonStatEntry): Promise<SavedLessonStat> {
  const { data } = await api.request(WireSavedLessonStatSchema, '/save-lesson-stat', {
    method: 'POST',
    headers: { 'Idempotency-Key': entry.idempotencyKey },
    body: {
      stage_day_id: entry.dayId,
      user_course_stream_id: entry.streamId,
      stage_day_lesson_set_lesson_id: entry.lessonSetLessonId,
      viewed_seconds: entry.viewedSeconds,
      play_count: entry.playCount,
      ...(entry.dayStatus && { day_status: entry.dayStatus }),
    },
  });
  return { id: data.id ?? null, dayStatusId: data.dayStatusId ?? null };
}
