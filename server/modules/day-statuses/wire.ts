import * as v from 'valibot';
import type { userDayStatuses } from '../../db/schema';
import { toSeconds, toSecondsOrNull } from '../../http/time';

export const WireDayStatus = v.object({
  id: v.number(),
  stream_id: v.number(),
  stage_day_id: v.number(),
  started_at: v.number(),
  finished_at: v.nullable(v.number()),
});

export const WireDayProgress = v.object({
  id: v.number(),
  stage_day_id: v.number(),
  lessons_count: v.number(),
  viewed_lessons_count: v.number(),
  viewed_seconds: v.number(),
  total_seconds: v.number(),
  progress: v.number(),
});

/** The answer of save-lesson-stat: the statistic's id and the day status it counted towards. */
export const WireLessonStat = v.object({ id: v.number(), dayStatusId: v.number() });

export const toWireDayStatus = (
  status: typeof userDayStatuses.$inferSelect,
): v.InferOutput<typeof WireDayStatus> => ({
  id: status.id,
  stream_id: status.streamId,
  stage_day_id: status.dayId,
  started_at: toSeconds(status.startedAt),
  finished_at: toSecondsOrNull(status.finishedAt),
});
