import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { userCourseStreams, userDayStatuses, userLessonStatuses } from '../../db/schema';
import { epochMs, preparedPerDatabase, qualified } from '../../db/statements';
import { ApiError } from '../../http/errors';
import { courseOutline, type OutlineDay } from '../courses/course-cache';
import { dayOpensAt, isOpenByTimeDelay } from './day-access';
import { myStreams, streamWithFacts } from './queries';

/**
 * GET /user-course-streams/{id}/status: where the learner stands in every stage, day and lesson of
 * the stream's course, and the day to continue with. One statement whatever the course's size, with
 * the course's outline from memory.
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

type DayStatusJson = { id: number; dayId: number; startedAt: number; finishedAt: number | null };
type LessonStatusJson = { lessonSetLessonId: number; viewedSeconds: number; playCount: number };

/**
 * The stream with its course's update time (the outline's cache key) and the learner's day and
 * lesson statuses: one statement. Not the stream's other facts (freeze, subscriptions, progress):
 * the answer does not use them, and each is one more subquery on every call of this busy route.
 */
const myStreamWithStatuses = preparedPerDatabase((db) =>
  db
    .select({
      stream: streamWithFacts.stream,
      courseUpdatedAt: streamWithFacts.courseUpdatedAt,
      dayStatuses: sql<DayStatusJson[]>`(
        select coalesce(json_agg(json_build_object('id', ${qualified(userDayStatuses.id)}, 'dayId', ${qualified(userDayStatuses.dayId)},
          'startedAt', ${epochMs(userDayStatuses.startedAt)}, 'finishedAt', ${epochMs(userDayStatuses.finishedAt)})), '[]')
        from ${userDayStatuses} where ${qualified(userDayStatuses.streamId)} = ${qualified(userCourseStreams.id)})`,
      lessonStatuses: sql<LessonStatusJson[]>`(
        select coalesce(json_agg(json_build_object('lessonSetLessonId', ${qualified(userLessonStatuses.lessonSetLessonId)},
          'viewedSeconds', ${qualified(userLessonStatuses.viewedSeconds)}, 'playCount', ${qualified(userLessonStatuses.playCount)})
          order by ${qualified(userLessonStatuses.lessonSetLessonId)}), '[]')
        from ${userLessonStatuses} where ${qualified(userLessonStatuses.streamId)} = ${qualified(userCourseStreams.id)})`,
    })
    .from(userCourseStreams)
    .where(myStreams(sql.placeholder('userId'), eq(userCourseStreams.id, sql.placeholder('streamId'))))
    .limit(1)
    .prepare('my_stream_with_statuses'),
);

/** not_started until a day of the stage is started; ended once every working day of it is finished. */
function stageStatus(days: OutlineDay[], statuses: Map<number, DayStatusJson>) {
  const workDays = days.filter((day) => day.dayOfRest === 0);
  if (workDays.length > 0 && workDays.every((day) => statuses.get(day.id)?.finishedAt))
    return 'ended' as const;
  return days.some((day) => statuses.has(day.id)) ? ('started' as const) : ('not_started' as const);
}

/** The status answer of one of the learner's streams; 404 when it is missing or someone else's. */
export async function streamStatusAnswer(
  db: Db,
  userId: number,
  streamId: number,
  now: number,
): Promise<WireStreamStatusOutput> {
  const [row] = await myStreamWithStatuses(db).execute({ userId, streamId });
  if (!row) throw new ApiError(404, 'notFound');
  const { stream } = row;
  const outline = await courseOutline(db, stream.courseId, row.courseUpdatedAt);
  const { days } = outline;
  const statuses = new Map(row.dayStatuses.map((status) => [status.dayId, status]));
  const current = days.find(
    (day) => day.dayOfRest === 0 && !statuses.get(day.id)?.finishedAt && isOpenByTimeDelay(stream, day, now),
  );
  return {
    stages: outline.stageIds.map((stageId) => ({
      id: stageId,
      stream_id: stream.id,
      status: stageStatus(
        days.filter((day) => day.stageId === stageId),
        statuses,
      ),
    })),
    days: days.map((day) => {
      const status = statuses.get(day.id);
      return {
        stage_day_id: day.id,
        day_status_id: status?.id ?? null,
        started_at: status ? Math.floor(status.startedAt / 1000) : null,
        finished_at: status?.finishedAt == null ? null : Math.floor(status.finishedAt / 1000),
        is_open_by_time_delay: isOpenByTimeDelay(stream, day, now),
        opens_at: Math.floor(dayOpensAt(stream, day) / 1000),
        is_demo_accessible: day.isDemoAccessible === 1,
      };
    }),
    lessons: row.lessonStatuses.map((lesson) => ({
      lesson_set_lesson_id: lesson.lessonSetLessonId,
      viewed_seconds: lesson.viewedSeconds,
      play_count: lesson.playCount,
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
