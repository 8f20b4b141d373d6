import { and, count, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  courseStages,
  paymentSubscriptions,
  stageDays,
  streamFreezes,
  userCourseStreams,
  userDayStatuses,
} from '../../db/schema';
import { ApiError } from '../../http/errors';

/**
 * The one loader of "a learner's stream with what its status needs": the stream row, its newest
 * freeze, the learner's subscriptions covering its course and the day counts of its progress. Every
 * route that shows or checks a stream goes through here, so the status is computed alike everywhere.
 * A page of streams costs a fixed number of queries, whatever its size.
 */

export type StreamRecord = typeof userCourseStreams.$inferSelect;
export type FreezeRecord = typeof streamFreezes.$inferSelect;
export type SubscriptionRecord = typeof paymentSubscriptions.$inferSelect;

export interface LoadedStream {
  stream: StreamRecord;
  /** The newest freeze of the stream, whatever its status. */
  freeze: FreezeRecord | null;
  /** The learner's subscriptions whose `course_ids` include the stream's course. */
  coveringSubscriptions: SubscriptionRecord[];
  /** The course's days that are not rest days. */
  daysCount: number;
  /** Of those, the ones this stream finished. */
  completeDaysCount: number;
}

/** The learner's streams matching `where`, scoped to `userId`: someone else's stream is never found. */
export const myStreams = (userId: number, where?: SQL) =>
  and(eq(userCourseStreams.userId, userId), where) as SQL;

async function newestFreezes(db: Db, streamIds: number[]): Promise<Map<number, FreezeRecord>> {
  const rows = await db
    .select()
    .from(streamFreezes)
    .where(inArray(streamFreezes.streamId, streamIds))
    .orderBy(streamFreezes.streamId, desc(streamFreezes.id));
  const newest = new Map<number, FreezeRecord>();
  for (const row of rows) if (!newest.has(row.streamId)) newest.set(row.streamId, row);
  return newest;
}

async function workDaysPerCourse(db: Db, courseIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ courseId: courseStages.courseId, days: count(stageDays.id) })
    .from(courseStages)
    .innerJoin(stageDays, eq(stageDays.stageId, courseStages.id))
    .where(and(inArray(courseStages.courseId, courseIds), eq(stageDays.dayOfRest, 0)))
    .groupBy(courseStages.courseId);
  return new Map(rows.map((row) => [row.courseId, Number(row.days)]));
}

async function finishedWorkDaysPerStream(db: Db, streamIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ streamId: userDayStatuses.streamId, days: count(userDayStatuses.id) })
    .from(userDayStatuses)
    .innerJoin(stageDays, eq(stageDays.id, userDayStatuses.dayId))
    .where(
      and(
        inArray(userDayStatuses.streamId, streamIds),
        isNotNull(userDayStatuses.finishedAt),
        eq(stageDays.dayOfRest, 0),
      ),
    )
    .groupBy(userDayStatuses.streamId);
  return new Map(rows.map((row) => [row.streamId, Number(row.days)]));
}

/** Adds to the learner's stream rows what their status and progress need (four queries in all). */
export async function withStreamFacts(
  db: Db,
  userId: number,
  streams: StreamRecord[],
): Promise<LoadedStream[]> {
  if (streams.length === 0) return [];
  const streamIds = streams.map((s) => s.id);
  const courseIds = [...new Set(streams.map((s) => s.courseId))];
  const [freezes, subscriptions, workDays, finishedDays] = await Promise.all([
    newestFreezes(db, streamIds),
    db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.userId, userId)),
    workDaysPerCourse(db, courseIds),
    finishedWorkDaysPerStream(db, streamIds),
  ]);
  return streams.map((stream) => ({
    stream,
    freeze: freezes.get(stream.id) ?? null,
    coveringSubscriptions: subscriptions.filter((s) => s.courseIds.includes(stream.courseId)),
    daysCount: workDays.get(stream.courseId) ?? 0,
    completeDaysCount: finishedDays.get(stream.id) ?? 0,
  }));
}

/** One of the learner's streams with its facts; 404 when it is missing or someone else's. */
export async function loadMyStream(db: Db, userId: number, streamId: number): Promise<LoadedStream> {
  const rows = await db
    .select()
    .from(userCourseStreams)
    .where(myStreams(userId, eq(userCourseStreams.id, streamId)))
    .limit(1);
  const [loaded] = await withStreamFacts(db, userId, rows);
  if (!loaded) throw new ApiError(404, 'notFound');
  return loaded;
}
