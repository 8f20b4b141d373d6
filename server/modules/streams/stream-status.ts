import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { userCourseStreams, userDayStatuses, userLessonStatuses } from '../../db/schema';
import { epochMs, joinedRowAsJson, qualified } from '../../db/statements';
import { ApiError } from '../../http/errors';
import { batchedSessionRead } from '../../infra/sessions';
import { courseOutline, type OutlineDay, outlineDaysToComplete } from '../courses/course-cache';
import { dayOpensAt, isLockedToDemo, isOpenByTimeDelay } from './day-access';
import { selectStreamWithSession, streamWithFacts } from './queries';

/**
 * GET /user-course-streams/{id}/status: where the learner stands in every stage, day and lesson of
 * the stream's course, and the day to continue with. One statement whatever the course's size (the
 * session check included), with the course's outline from memory.
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

/** A day status as the statement lists it: id, day id, started and finished (epoch ms). */
type DayStatusTuple = [id: number, dayId: number, startedAt: number, finishedAt: number | null];
/** A lesson's running totals as the statement lists them: link id, viewed seconds, plays. */
type LessonStatusTuple = [lessonSetLessonId: number, viewedSeconds: number, playCount: number];

/**
 * The session behind the token's hash, and its user's stream (null when missing or someone else's)
 * with its course's update time (the outline's cache key) and the learner's day and lesson statuses:
 * one statement for the session check and the whole read. Not the stream's other facts (freeze,
 * subscriptions, progress): the answer does not use them, and each is one more subquery on every call
 * of this busy route. The statuses come as JSON arrays of arrays rather than of objects: building and
 * parsing the key names of some hundred objects cost both the database and the server more than the
 * rest of the call's reading. The status route's read with the session (see `readWithSession` in
 * http/route.ts), shared by the calls of a batch.
 */
export const streamStatusWithSession = batchedSessionRead((db) =>
  selectStreamWithSession(db, {
    stream: joinedRowAsJson(userCourseStreams),
    courseUpdatedAt: streamWithFacts.courseUpdatedAt,
    dayStatuses: sql<DayStatusTuple[]>`(
        select coalesce(json_agg(json_build_array(${qualified(userDayStatuses.id)}, ${qualified(userDayStatuses.dayId)},
          ${epochMs(userDayStatuses.startedAt)}, ${epochMs(userDayStatuses.finishedAt)})), '[]')
        from ${userDayStatuses} where ${qualified(userDayStatuses.streamId)} = ${qualified(userCourseStreams.id)})`,
    // Three integers per lesson: an integer array each, turned into JSON once, costs the database
    // less than a JSON array built per row (as the day statuses, whose moments are not integers).
    lessonStatuses: sql<LessonStatusTuple[]>`(
        select coalesce(to_json(array_agg(array[${qualified(userLessonStatuses.lessonSetLessonId)},
          ${qualified(userLessonStatuses.viewedSeconds)}, ${qualified(userLessonStatuses.playCount)}]
          order by ${qualified(userLessonStatuses.lessonSetLessonId)})), '[]')
        from ${userLessonStatuses} where ${qualified(userLessonStatuses.streamId)} = ${qualified(userCourseStreams.id)})`,
  }).prepare('stream_status_with_session'),
);

type StreamStatusRow = NonNullable<Awaited<ReturnType<typeof streamStatusWithSession>>>;

/**
 * not_started until a day of the stage is started; ended once every day that completes it
 * (`outlineDaysToComplete`, as the progress counts them) is finished.
 */
function stageStatus(days: OutlineDay[], statuses: Map<number, DayStatusTuple>) {
  const counted = outlineDaysToComplete(days);
  if (counted.length > 0 && counted.every((day) => statuses.get(day.id)?.[3])) return 'ended' as const;
  return days.some((day) => statuses.has(day.id)) ? ('started' as const) : ('not_started' as const);
}

/** The status answer of the stream the row read; 404 when it is missing or someone else's. */
export async function streamStatusAnswer(
  db: Db,
  row: StreamStatusRow,
  now: number,
): Promise<WireStreamStatusOutput> {
  const { stream } = row;
  if (!stream) throw new ApiError(404, 'notFound');
  const outline = await courseOutline(db, stream.courseId, row.courseUpdatedAt);
  const { days } = outline;
  const statuses = new Map(row.dayStatuses.map((status) => [status[1], status]));
  // The day to continue with is one the learner can open: a day the demo leaves out is not.
  const current = days.find(
    (day) =>
      day.dayOfRest === 0 &&
      !statuses.get(day.id)?.[3] &&
      isOpenByTimeDelay(stream, day, now) &&
      !isLockedToDemo(stream, day),
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
      const [id = null, , startedAt, finishedAt = null] = statuses.get(day.id) ?? [];
      return {
        stage_day_id: day.id,
        day_status_id: id,
        started_at: startedAt === undefined ? null : Math.floor(startedAt / 1000),
        finished_at: finishedAt === null ? null : Math.floor(finishedAt / 1000),
        is_open_by_time_delay: isOpenByTimeDelay(stream, day, now),
        opens_at: Math.floor(dayOpensAt(stream, day) / 1000),
        is_demo_accessible: day.isDemoAccessible === 1,
      };
    }),
    lessons: row.lessonStatuses.map(([lessonSetLessonId, viewedSeconds, playCount]) => ({
      lesson_set_lesson_id: lessonSetLessonId,
      viewed_seconds: viewedSeconds,
      play_count: playCount,
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
