import { asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { courseStages, stageDays, userDayStatuses, userLessonStatuses } from '../../db/schema';
import { toSeconds, toSecondsOrNull } from '../../http/time';
import { dayOpensAt, isOpenByTimeDelay } from './day-access';
import type { LoadedStream } from './queries';

/**
 * GET /user-course-streams/{id}/status: where the learner stands in every stage, day and lesson of
 * the stream's course, and the day to continue with. Three queries whatever the course's size.
 */

export const WireStreamStatus = v.object({
  stages: v.array(
    v.object({
      id: v.number(),
      stream_id: v.number(),
      status: v.picklist(['not_started', 'started', 'ended']),
    }),
  ),
  days: v.array(
    v.object({
      stage_day_id: v.number(),
      day_status_id: v.nullable(v.number()),
      started_at: v.nullable(v.number()),
      finished_at: v.nullable(v.number()),
      is_open_by_time_delay: v.boolean(),
      opens_at: v.number(),
      is_demo_accessible: v.boolean(),
    }),
  ),
  lessons: v.array(
    v.object({ lesson_set_lesson_id: v.number(), viewed_seconds: v.number(), play_count: v.number() }),
  ),
  homeworks: v.array(v.unknown()),
  consultations: v.array(v.unknown()),
  chat_channel_meta: v.null(),
  current_day: v.nullable(
    v.object({
      stage_id: v.number(),
      day_id: v.number(),
      day_number: v.number(),
      title: v.string(),
      excerpt: v.string(),
    }),
  ),
});
type WireStreamStatusOutput = v.InferOutput<typeof WireStreamStatus>;

type CourseDay = typeof stageDays.$inferSelect;
type DayStatusRecord = typeof userDayStatuses.$inferSelect;

function courseDays(db: Db, courseId: number) {
  return db
    .select({ day: stageDays })
    .from(stageDays)
    .innerJoin(courseStages, eq(courseStages.id, stageDays.stageId))
    .where(eq(courseStages.courseId, courseId))
    .orderBy(asc(stageDays.dayNumber));
}

/** not_started until a day of the stage is started; ended once every working day of it is finished. */
function stageStatus(days: CourseDay[], statuses: Map<number, DayStatusRecord>) {
  const workDays = days.filter((day) => day.dayOfRest === 0);
  if (workDays.length > 0 && workDays.every((day) => statuses.get(day.id)?.finishedAt))
    return 'ended' as const;
  return days.some((day) => statuses.has(day.id)) ? ('started' as const) : ('not_started' as const);
}

export async function streamStatusAnswer(
  db: Db,
  loaded: LoadedStream,
  now: number,
): Promise<WireStreamStatusOutput> {
  const { stream } = loaded;
  const [stages, dayRows, dayStatusRows, lessonRows] = await Promise.all([
    db
      .select({ id: courseStages.id })
      .from(courseStages)
      .where(eq(courseStages.courseId, stream.courseId))
      .orderBy(asc(courseStages.sort), asc(courseStages.id)),
    courseDays(db, stream.courseId),
    db.select().from(userDayStatuses).where(eq(userDayStatuses.streamId, stream.id)),
    db
      .select()
      .from(userLessonStatuses)
      .where(eq(userLessonStatuses.streamId, stream.id))
      .orderBy(asc(userLessonStatuses.lessonSetLessonId)),
  ]);
  const days = dayRows.map((row) => row.day);
  const statuses = new Map(dayStatusRows.map((status) => [status.dayId, status]));
  const current = days.find(
    (day) => day.dayOfRest === 0 && !statuses.get(day.id)?.finishedAt && isOpenByTimeDelay(stream, day, now),
  );
  return {
    stages: stages.map((stage) => ({
      id: stage.id,
      stream_id: stream.id,
      status: stageStatus(
        days.filter((day) => day.stageId === stage.id),
        statuses,
      ),
    })),
    days: days.map((day) => {
      const status = statuses.get(day.id);
      return {
        stage_day_id: day.id,
        day_status_id: status?.id ?? null,
        started_at: status ? toSeconds(status.startedAt) : null,
        finished_at: toSecondsOrNull(status?.finishedAt ?? null),
        is_open_by_time_delay: isOpenByTimeDelay(stream, day, now),
        opens_at: Math.floor(dayOpensAt(stream, day) / 1000),
        is_demo_accessible: day.isDemoAccessible === 1,
      };
    }),
    lessons: lessonRows.map((row) => ({
      lesson_set_lesson_id: row.lessonSetLessonId,
      viewed_seconds: row.viewedSeconds,
      play_count: row.playCount,
    })),
    homeworks: [],
    consultations: [],
    chat_channel_meta: null,
    current_day: current
      ? {
          stage_id: current.stageId,
          day_id: current.id,
          day_number: current.dayNumber,
          title: current.title,
          excerpt: current.descriptionShort,
        }
      : null,
  };
}
