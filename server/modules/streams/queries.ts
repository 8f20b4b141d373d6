import { and, asc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  courses,
  paymentSubscriptions,
  sessions,
  streamFreezes,
  userCourseStreams,
  userDayStatuses,
} from '../../db/schema';
import { epochMs, joinedRowAsJson, preparedPerDatabase, qualified, rowAsJson } from '../../db/statements';
import { ApiError } from '../../http/errors';
import { batchedSessionRead, sessionLookup } from '../../infra/sessions';
import { type CourseOutline, courseOutline } from '../courses/course-cache';

/**
 * The one loader of "a learner's stream with what its status needs": the stream row, its newest
 * freeze, the learner's subscriptions covering its course and the day counts of its progress. Every
 * route that shows or checks a stream goes through here, so the status is computed alike everywhere.
 * The facts come as subqueries of the stream's own row: one statement per stream or page of streams.
 */

export type StreamRecord = typeof userCourseStreams.$inferSelect;

/** The newest freeze of a stream, whatever its status. */
export interface FreezeRecord {
  id: number;
  status: number;
  startDate: Date;
  endDate: Date;
}

/** A subscription of the learner whose `course_ids` include the stream's course. */
export interface SubscriptionRecord {
  id: number;
  isActive: number;
  isLifetime: number;
}

export interface LoadedStream {
  stream: StreamRecord;
  freeze: FreezeRecord | null;
  coveringSubscriptions: SubscriptionRecord[];
  /** The course's days that are not rest days. */
  daysCount: number;
  /** Of those, the ones this stream finished. */
  completeDaysCount: number;
  /** The course's stages, days and lessons (from memory: courses/course-cache.ts). */
  outline: CourseOutline;
}

/** The learner's streams matching `where`, scoped to `userId`: someone else's stream is never found. */
export const myStreams = (userId: number | Placeholder | AnyPgColumn, where?: SQL) =>
  and(eq(userCourseStreams.userId, userId), where) as SQL;

type FreezeJson = { id: number; status: number; startDate: number; endDate: number };

/**
 * The stream row (as one JSON column: every status check reads it) and its facts, each fact a
 * subquery correlated with the stream's row.
 */
export const streamWithFacts = {
  stream: rowAsJson(userCourseStreams),
  freeze: sql<FreezeJson | null>`(
    select json_build_object('id', ${qualified(streamFreezes.id)}, 'status', ${qualified(streamFreezes.status)},
      'startDate', ${epochMs(streamFreezes.startDate)}, 'endDate', ${epochMs(streamFreezes.endDate)})
    from ${streamFreezes} where ${qualified(streamFreezes.streamId)} = ${qualified(userCourseStreams.id)}
    order by ${qualified(streamFreezes.id)} desc limit 1)`,
  coveringSubscriptions: sql<SubscriptionRecord[]>`(
    select coalesce(json_agg(json_build_object('id', ${qualified(paymentSubscriptions.id)},
      'isActive', ${qualified(paymentSubscriptions.isActive)}, 'isLifetime', ${qualified(paymentSubscriptions.isLifetime)})), '[]')
    from ${paymentSubscriptions}
    where ${qualified(paymentSubscriptions.userId)} = ${qualified(userCourseStreams.userId)}
      and ${qualified(paymentSubscriptions.courseIds)} @> jsonb_build_array(${qualified(userCourseStreams.courseId)}))`,
  finishedDayIds: sql<number[]>`array(
    select ${qualified(userDayStatuses.dayId)} from ${userDayStatuses}
    where ${qualified(userDayStatuses.streamId)} = ${qualified(userCourseStreams.id)}
      and ${qualified(userDayStatuses.finishedAt)} is not null)`,
  courseUpdatedAt:
    sql`(select ${epochMs(courses.updatedAt)} from ${courses} where ${qualified(courses.id)} = ${qualified(userCourseStreams.courseId)})`.mapWith(
      Number,
    ),
};

/**
 * A digest of everything `statusOf` and the day checks read of a stream from the database: its row,
 * its newest freeze, the subscriptions covering it and its course's version. Two reads with the same
 * digest decide alike, so a statement can check that what the server decided on is still so
 * (statistic-reads.ts in day-statuses). Null without a stream (a left join that found none).
 */
export const streamFactsDigest = sql<
  string | null
>`case when ${qualified(userCourseStreams.id)} is null then null
  else md5(concat_ws('|', row_to_json(${userCourseStreams})::text, ${streamWithFacts.freeze}::text,
    ${streamWithFacts.coveringSubscriptions}::text, ${streamWithFacts.courseUpdatedAt}::text)) end`;

export type StreamWithFactsRow = {
  stream: StreamRecord;
  freeze: FreezeJson | null;
  coveringSubscriptions: SubscriptionRecord[];
  finishedDayIds: number[];
  courseUpdatedAt: number;
};

/** The row with its course's outline, from which the progress counts follow. */
async function toLoadedStream(db: Db, row: StreamWithFactsRow): Promise<LoadedStream> {
  const { stream, freeze, coveringSubscriptions } = row;
  const outline = await courseOutline(db, stream.courseId, row.courseUpdatedAt);
  return {
    stream,
    freeze: freeze && { ...freeze, startDate: new Date(freeze.startDate), endDate: new Date(freeze.endDate) },
    coveringSubscriptions,
    daysCount: outline.countedDayIds.size,
    completeDaysCount: row.finishedDayIds.filter((dayId) => outline.countedDayIds.has(dayId)).length,
    outline,
  };
}

/** A page of the learner's streams with their facts, in id order (one statement). */
export async function myStreamsPage(db: Db, userId: number, limit: number, offset: number) {
  const rows = await db
    .select(streamWithFacts)
    .from(userCourseStreams)
    .where(myStreams(userId))
    .orderBy(asc(userCourseStreams.id))
    .limit(limit)
    .offset(offset);
  return Promise.all(rows.map((row) => toLoadedStream(db, row)));
}

const myStreamById = preparedPerDatabase((db) =>
  db
    .select(streamWithFacts)
    .from(userCourseStreams)
    .where(myStreams(sql.placeholder('userId'), eq(userCourseStreams.id, sql.placeholder('streamId'))))
    .limit(1)
    .prepare('my_stream_with_facts'),
);

/** One of the learner's streams with its facts; 404 when it is missing or someone else's. */
export async function loadMyStream(db: Db, userId: number, streamId: number): Promise<LoadedStream> {
  const [row] = await myStreamById(db).execute({ userId, streamId });
  if (!row) throw new ApiError(404, 'notFound');
  return toLoadedStream(db, row);
}

/**
 * The session of each call of a batch (`sessionLookup.fromCalls`) and, joined to it, the stream the
 * call names (its columns null when the stream is missing or someone else's), read as `columns`: a
 * hot stream route checks the session and reads the stream in one round trip (see `readWithSession`
 * in http/route.ts).
 */
export function selectStreamWithSession<Columns extends SelectedFields>(db: Db, columns: Columns) {
  return sessionLookup
    .fromCalls(db, columns)
    .leftJoin(userCourseStreams, myStreams(sessions.userId, eq(userCourseStreams.id, sessionLookup.callId)));
}

/**
 * The session behind the token's hash and one of its user's streams with its facts (null when it is
 * missing or someone else's), in one statement shared by the calls of a batch: `loadMyStream` and the
 * session check in one round trip, for save-lesson-stat (see `readWithSession` in http/route.ts),
 * with the digest of the stream's facts that its later statistics are checked against.
 */
export const myStreamWithSession = batchedSessionRead((db) =>
  selectStreamWithSession(db, {
    ...streamWithFacts,
    stream: joinedRowAsJson(userCourseStreams),
    factsDigest: streamFactsDigest,
  }).prepare('my_stream_with_session'),
);

export type MyStreamWithSessionRow = NonNullable<Awaited<ReturnType<typeof myStreamWithSession>>>;

/** The stream a `myStreamWithSession` row read; 404 when it is missing or someone else's. */
export async function loadedStreamOf(db: Db, row: MyStreamWithSessionRow): Promise<LoadedStream> {
  const { stream } = row;
  if (!stream) throw new ApiError(404, 'notFound');
  return toLoadedStream(db, { ...row, stream });
}

/**
 * Like `loadMyStream`, with the stream's row locked until the transaction ends, so two calls that
 * check and change the stream (two freezes) cannot both pass the checks. Everything is read through
 * the transaction: PGlite has one connection, which the transaction holds until it ends.
 */
export async function lockMyStream(tx: Db, userId: number, streamId: number): Promise<LoadedStream> {
  const [row] = await tx
    .select(streamWithFacts)
    .from(userCourseStreams)
    .where(myStreams(userId, eq(userCourseStreams.id, streamId)))
    .for('update', { of: userCourseStreams });
  if (!row) throw new ApiError(404, 'notFound');
  return toLoadedStream(tx, row);
}
