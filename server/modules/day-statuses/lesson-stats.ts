import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import { dayStatistics, userDayStatuses, userLessonStatuses } from '../../db/schema';
import { preparedStatement } from '../../db/statements';
import { ApiError, fieldError } from '../../http/errors';
import { MAX_INT4, plainLine } from '../../http/fields';
import type { MessageKey } from '../../infra/i18n';
import { isDayOpenNow } from '../streams/day-access';
import { loadedStreamOf, type MyStreamWithSessionRow } from '../streams/queries';
import { courseDay } from './queries';

/**
 * POST /save-lesson-stat: the player's statistic of one lesson of a day (content spec, sections 5
 * and 9). Everything it changes happens in one statement, and an Idempotency-Key makes a retry
 * after a lost answer count nothing: the key is unique per learner in day_statistics.
 */

/** A body id as a number or digits; missing or anything else gets the call's own message. */
const bodyId = (message: MessageKey) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check(
      (value) =>
        (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_INT4) ||
        (typeof value === 'string' &&
          /^\d{1,10}$/.test(value) &&
          Number(value) >= 1 &&
          Number(value) <= MAX_INT4),
      message,
    ),
    v.transform(Number),
  );

const MAX_VIEWED_SECONDS = 86_400;
const MAX_PLAY_COUNT = 1000;

export const LessonStatBody = v.object({
  stage_day_id: bodyId('idRequired'),
  user_course_stream_id: bodyId('statStreamIdRequired'),
  stage_day_lesson_set_lesson_id: bodyId('idRequired'),
  viewed_seconds: v.pipe(
    v.number('notWholeNumber' satisfies MessageKey),
    v.integer('notWholeNumber' satisfies MessageKey),
    v.minValue(1, 'notPositive' satisfies MessageKey),
    v.maxValue(MAX_VIEWED_SECONDS, 'tooLarge' satisfies MessageKey),
  ),
  play_count: v.pipe(
    v.number('notWholeNumber' satisfies MessageKey),
    v.integer('notWholeNumber' satisfies MessageKey),
    v.minValue(0, 'notNegative' satisfies MessageKey),
    v.maxValue(MAX_PLAY_COUNT, 'tooLarge' satisfies MessageKey),
  ),
  day_status: v.nullish(plainLine(0, 32)),
});
type LessonStatInput = v.InferOutput<typeof LessonStatBody>;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The header's key; absent means no idempotency, anything but 1..200 printable ASCII is a 422. */
export function idempotencyKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  if (!/^[\x20-\x7e]{1,200}$/.test(header)) throw fieldError(IDEMPOTENCY_HEADER, 'idempotencyKey');
  return header;
}

export interface SavedStat {
  id: number;
  dayStatusId: number;
}

async function storedAnswer(db: Db, userId: number, key: string): Promise<SavedStat | undefined> {
  const [row] = await db
    .select({ id: dayStatistics.id, dayStatusId: dayStatistics.dayStatusId })
    .from(dayStatistics)
    .where(and(eq(dayStatistics.userId, userId), eq(dayStatistics.idempotencyKey, key)))
    .limit(1);
  return row;
}

/**
 * 404 unless the stream is the learner's and the lesson is in the day of its course; 403 unless the
 * day is open now, as day start refuses it, since counting a statistic starts the day. The stream was
 * read with the session, the day comes from the course outline in memory: nothing is held meanwhile.
 */
async function requireStatisticAccepted(
  db: Db,
  streamRow: MyStreamWithSessionRow,
  input: LessonStatInput,
  now: number,
) {
  const loaded = await loadedStreamOf(db, streamRow);
  const day = courseDay(loaded, input.stage_day_id);
  if (!loaded.outline.lessonLinksByDay.get(day.id)?.has(input.stage_day_lesson_set_lesson_id))
    throw new ApiError(404, 'notFound');
  if (!isDayOpenNow(loaded, day, now)) throw new ApiError(403, 'dayNotOpen');
}

/**
 * Counts the statistic in one statement, so it is all or nothing without a transaction's round
 * trips: the day is started unless it was or the key was used before (a repeat changes nothing, even
 * when its body names another day; the first start stays, and an existing day status is only read,
 * never locked, so statistics of one day do not queue behind each other), the statistic is written
 * unless its key was used before, and only when it was written are its seconds and plays added to the
 * lesson's totals (which stop at the column's limit instead of failing). Undefined when nothing was
 * counted: the key was used before, or the day was started by a concurrent call this statement's
 * snapshot cannot see yet.
 */
const param = (name: keyof CountParams) => sql.placeholder(name);

type CountParams = {
  userId: number;
  streamId: number;
  dayId: number;
  linkId: number;
  dayStatus: string | null;
  viewedSeconds: number;
  playCount: number;
  key: string | null;
  at: string;
};

// Prepared once: parsing and planning this statement cost PostgreSQL as much as running it.
const countStatement = preparedStatement(
  'count_lesson_statistic',
  sql`
    with started as (
      insert into ${userDayStatuses} (stream_id, day_id, started_at)
      select ${param('streamId')}, ${param('dayId')}, ${param('at')}
      where not exists (
        select 1 from ${dayStatistics}
        where user_id = ${param('userId')} and idempotency_key = ${param('key')}
      )
      on conflict (stream_id, day_id) do nothing
      returning id
    ), day as (
      select id from started
      union all
      select id from ${userDayStatuses} where stream_id = ${param('streamId')} and day_id = ${param('dayId')}
      limit 1
    ), stat as (
      insert into ${dayStatistics} (user_id, stream_id, day_id, lesson_set_lesson_id, day_status_id,
        day_status, viewed_seconds, play_count, idempotency_key)
      select ${param('userId')}, ${param('streamId')}, ${param('dayId')}, ${param('linkId')}, day.id,
        ${param('dayStatus')}, ${param('viewedSeconds')}, ${param('playCount')}, ${param('key')} from day
      on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
      returning id, day_status_id
    ), lesson as (
      insert into ${userLessonStatuses} (stream_id, lesson_set_lesson_id, viewed_seconds, play_count, updated_at)
      select ${param('streamId')}, ${param('linkId')}, ${param('viewedSeconds')}, ${param('playCount')},
        ${param('at')} from stat
      on conflict (stream_id, lesson_set_lesson_id) do update set
        viewed_seconds = least(${userLessonStatuses}.viewed_seconds::bigint + excluded.viewed_seconds, ${sql.raw(String(MAX_INT4))}),
        play_count = least(${userLessonStatuses}.play_count::bigint + excluded.play_count, ${sql.raw(String(MAX_INT4))}),
        updated_at = excluded.updated_at
    )
    select id, day_status_id from stat`,
);

async function countStatistic(
  db: Db,
  userId: number,
  input: LessonStatInput,
  key: string | null,
  now: number,
): Promise<SavedStat | undefined> {
  const params: CountParams = {
    userId,
    streamId: input.user_course_stream_id,
    dayId: input.stage_day_id,
    linkId: input.stage_day_lesson_set_lesson_id,
    dayStatus: input.day_status || null,
    viewedSeconds: input.viewed_seconds,
    playCount: input.play_count,
    key,
    at: new Date(now).toISOString(),
  };
  const result = await countStatement(db).execute(params);
  const [row] = (result as { rows: { id: number; day_status_id: number }[] }).rows;
  return row && { id: Number(row.id), dayStatusId: Number(row.day_status_id) };
}

/**
 * Saves the statistic; `replayed` when the key's first answer is given back and nothing was counted.
 * `streamRow` is the statistic's stream as read with the session (`myStreamWithSession`).
 */
export async function saveLessonStat(
  db: Db,
  userId: number,
  streamRow: MyStreamWithSessionRow,
  input: LessonStatInput,
  key: string | null,
  now: number,
): Promise<{ saved: SavedStat; replayed: boolean }> {
  try {
    await requireStatisticAccepted(db, streamRow, input, now);
  } catch (error) {
    // A retry of a statistic counted before gets its first answer, even if the stream changed since.
    const earlier = key === null ? undefined : await storedAnswer(db, userId, key);
    if (earlier) return { saved: earlier, replayed: true };
    throw error;
  }
  // Two tries: a day started by a concurrent call is visible to the second statement.
  for (let attempt = 0; attempt < 2; attempt++) {
    const counted = await countStatistic(db, userId, input, key, now);
    if (counted) return { saved: counted, replayed: false };
    const first = key === null ? undefined : await storedAnswer(db, userId, key);
    if (first) return { saved: first, replayed: true };
  }
  throw new Error('the statistic was neither counted nor found under its key');
}
