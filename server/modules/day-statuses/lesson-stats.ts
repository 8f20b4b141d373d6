import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { batching } from '../../db/batch';
import { type Db, WRITE_BATCH_SLOTS } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { dayStatistics, userCourseStreams, userDayStatuses, userLessonStatuses } from '../../db/schema';
import { preparedPerDatabase, preparedStatement, qualified } from '../../db/statements';
import { ApiError } from '../../http/errors';
import { CANONICAL_ID, MAX_INT4, optionalLine } from '../../http/fields';
import type { MessageKey } from '../../infra/i18n';
import { isLiveSessionOfUser, liveSessionOf } from '../../infra/sessions';
import { dayRefusal } from '../streams/day-access';
import { loadedStreamOf, type MyStreamWithSessionRow, streamFactsDigest } from '../streams/queries';
import { courseDay } from './queries';
import { readStatisticNow, type StatisticRead } from './statistic-reads';

/**
 * POST /save-lesson-stat: the player's statistic of one lesson of a day (content spec, sections 5
 * and 9). Everything it changes happens in one statement, and an Idempotency-Key makes a retry
 * after a lost answer count nothing: the key is unique per learner in day_statistics.
 */

/**
 * A body id as a whole number 1..MAX_INT4, sent as a JSON number or as its digits; missing or anything
 * else gets the call's own message. A missing id counts as 0 only so that it reaches that message (a
 * key missing from an object otherwise gets the generic "required"); the OpenAPI document lists the
 * key as required all the same, since 0 is refused (server/http/openapi.ts).
 */
const bodyId = (message: MessageKey) =>
  v.optional(
    v.pipe(
      v.union(
        [
          v.pipe(
            v.number(message),
            v.integer(message),
            v.minValue(1, message),
            v.maxValue(MAX_INT4, message),
          ),
          v.pipe(
            v.string(message),
            v.regex(CANONICAL_ID, message),
            v.transform(Number),
            v.minValue(1, message),
            v.maxValue(MAX_INT4, message),
          ),
        ],
        message,
      ),
      v.description(`A whole number 1..${MAX_INT4}, as a number or as its digits.`),
    ),
    0,
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
  // Trimmed; text that shows nothing (spaces, a zero-width space) is no status, stored as null.
  day_status: v.optional(optionalLine(32)),
});
type LessonStatInput = v.InferOutput<typeof LessonStatBody>;

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * The optional key of a retry, checked with the rest of the request (and so listed by the OpenAPI
 * document): absent means no idempotency, anything but 1..200 printable ASCII is a 422.
 */
export const IdempotencyHeaders = v.object({
  [IDEMPOTENCY_HEADER]: v.optional(
    v.pipe(
      v.string('idempotencyKey' satisfies MessageKey),
      v.regex(/^[\x20-\x7e]{1,200}$/, 'idempotencyKey' satisfies MessageKey),
    ),
  ),
});

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
 * day is open now, as day start refuses it (`dayRefusal`), since counting a statistic starts the day. The stream was
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
  const refusal = dayRefusal(loaded, day, now);
  if (refusal) throw new ApiError(403, refusal);
}

/**
 * Counts statistics, many calls' in one statement (see `batching`), all or nothing without a
 * transaction's round trips. Each call was decided on a read of its session and stream (`guard`:
 * the session's token hash and the digest of its stream's facts, see statistic-reads.ts); the
 * statement counts it only while that read still holds, so a sign-out, a freeze or an ended stream
 * committed while the call waited for its batch is seen. For each statistic that is counted:
 * - the statistic is written unless its key was used before, by an earlier statement or by another
 *   call of the batch (the unique index decides, whichever statement came first);
 * - its day status is the day's existing one (only read, never locked, so statistics of one day do
 *   not queue behind each other), or one started with it. A day is started only for a statistic
 *   that is written: a repeat changes nothing, even when its body names another day. The statistic
 *   refers to the day status it starts before that row is written, so the reference is checked
 *   when the statement commits (migration 0008);
 * - its seconds and plays are added to its lesson's totals (which stop at the column's limit).
 * Each statistic's id is drawn before it is written, so the answer row of every written one names the
 * call it came from. A call gets no row when nothing was counted: its key was used before, or its
 * read no longer holds. The statement fails whole when what it refers to went meanwhile (a day
 * started by a concurrent statement, a stream deleted): `countBatched` then counts none of its calls.
 */
type CountItem = {
  user_id: number;
  stream_id: number;
  day_id: number;
  link_id: number;
  day_status: string | null;
  viewed_seconds: number;
  play_count: number;
  key: string | null;
  at: string;
  token_hash: string;
  facts_digest: string;
};

const MAX_TOTAL = sql.raw(String(MAX_INT4));

// Prepared once: parsing and planning this statement cost PostgreSQL as much as running it. The
// calls come as one JSON text (a parameter of one type whatever the batch's size, alike in both drivers).
const countStatement = preparedStatement(
  'count_lesson_statistics',
  sql`
    with input as (
      select * from json_to_recordset(${sql.placeholder('calls')}::text::json) as c(n int, user_id int,
        stream_id int, day_id int, link_id int, day_status text, viewed_seconds int, play_count int,
        key text, at timestamptz, token_hash text, facts_digest text)
    ), guard as materialized (
      -- Decided on a remembered read: counted only while its session is live and its stream's facts
      -- are still those it was decided on. Checked once per stream of the batch, not per call: its
      -- calls are mostly one learner's, and the digest costs more than the rest of a call.
      select g.token_hash, g.user_id, g.stream_id, g.facts_digest,
        (${isLiveSessionOfUser(sql`g.token_hash`, sql`g.user_id`)} and (
          select ${streamFactsDigest} from ${userCourseStreams}
          where ${qualified(userCourseStreams.id)} = g.stream_id and ${qualified(userCourseStreams.userId)} = g.user_id
        ) = g.facts_digest) as holds
      from (select distinct token_hash, user_id, stream_id, facts_digest from input where facts_digest is not null) g
    ), call as (
      select c.*, nextval(pg_get_serial_sequence('day_statistics', 'id')) as stat_id,
        (select id from ${userDayStatuses} e where e.stream_id = c.stream_id and e.day_id = c.day_id) as existing_day_status_id
      from input c
      -- Subqueries of one row each, never joins: the table is probed by its index per call, where
      -- a join's plan (made for the function's guessed 100 rows) would read it whole.
      where (c.key is null or (
        select true from ${dayStatistics} s where s.user_id = c.user_id and s.idempotency_key = c.key limit 1
      ) is null)
      and (
        select g.holds from guard g where g.token_hash = c.token_hash and g.user_id = c.user_id
          and g.stream_id = c.stream_id and g.facts_digest = c.facts_digest
      )
    ), new_day as materialized (
      -- One id per day the batch starts, drawn before its row is written (only if a statistic is).
      select stream_id, day_id, nextval(pg_get_serial_sequence('user_day_statuses', 'id')) as id
      from (select distinct stream_id, day_id from call where existing_day_status_id is null) d
    ), day as (
      select call.*, coalesce(call.existing_day_status_id,
        (select id from new_day where new_day.stream_id = call.stream_id and new_day.day_id = call.day_id)
      ) as day_status_id
      from call
    ), stat as (
      insert into ${dayStatistics} (id, user_id, stream_id, day_id, lesson_set_lesson_id, day_status_id,
        day_status, viewed_seconds, play_count, idempotency_key)
      select stat_id, user_id, stream_id, day_id, link_id, day_status_id, day_status, viewed_seconds,
        play_count, key from day order by n
      on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
      returning id, day_status_id, stream_id, lesson_set_lesson_id, viewed_seconds, play_count
    ), started as (
      -- A day another statement started meanwhile stays as that one wrote it: this statement's
      -- statistics then refer to no row, and it fails at its commit (to be counted again).
      insert into ${userDayStatuses} (id, stream_id, day_id, started_at)
      select new_day.id, new_day.stream_id, new_day.day_id,
        (select min(day.at) from day join stat on stat.id = day.stat_id where day.day_status_id = new_day.id)
      from new_day where exists (select 1 from stat where stat.day_status_id = new_day.id)
      on conflict (stream_id, day_id) do nothing
    ), lesson as (
      insert into ${userLessonStatuses} (stream_id, lesson_set_lesson_id, viewed_seconds, play_count, updated_at)
      select stat.stream_id, stat.lesson_set_lesson_id, least(sum(stat.viewed_seconds), ${MAX_TOTAL}),
        least(sum(stat.play_count), ${MAX_TOTAL}), max(day.at)
      from stat join day on day.stat_id = stat.id
      group by stat.stream_id, stat.lesson_set_lesson_id
      on conflict (stream_id, lesson_set_lesson_id) do update set
        viewed_seconds = least(${userLessonStatuses}.viewed_seconds::bigint + excluded.viewed_seconds, ${MAX_TOTAL}),
        play_count = least(${userLessonStatuses}.play_count::bigint + excluded.play_count, ${MAX_TOTAL}),
        updated_at = excluded.updated_at
    )
    select day.n, stat.id, stat.day_status_id from stat join day on day.stat_id = stat.id`,
);

/**
 * Statements of at most 64 statistics: under load one counts many, alone a statistic is counted at
 * once. They write, so one is in flight at a time (`WRITE_BATCH_SLOTS` says why).
 */
const countBatched = preparedPerDatabase((db: Db) =>
  batching(
    async (items: readonly CountItem[]): Promise<(SavedStat | undefined)[]> => {
      // Each call is numbered by its place in the batch, so that it finds its answer row.
      const calls = items.map((item, n) => ({ n, ...item }));
      const result = await countStatement(db)
        .execute({ calls: JSON.stringify(calls) })
        .catch((error: unknown) => {
          // Something a call refers to went meanwhile: none is counted, each is decided again.
          if (isForeignKeyViolation(error)) return { rows: [] };
          throw error;
        });
      const rows = (result as { rows: { n: number; id: number; day_status_id: number }[] }).rows;
      const counted = new Map(rows.map((row) => [Number(row.n), row]));
      return items.map((_item, n) => {
        const row = counted.get(n);
        return row && { id: Number(row.id), dayStatusId: Number(row.day_status_id) };
      });
    },
    { maxInFlight: WRITE_BATCH_SLOTS, maxBatch: 64 },
  ),
);

/** Counts the statistic while the read it was decided on holds; undefined when nothing was counted. */
function countStatistic(
  db: Db,
  read: StatisticRead,
  input: LessonStatInput,
  key: string | null,
  now: number,
): Promise<SavedStat | undefined> {
  // Only a read of a live session and the learner's stream is accepted, and such a read has a digest.
  if (!read.factsDigest) throw new Error('a statistic was decided on a read without its stream');
  return countBatched(db)({
    user_id: read.user.id,
    stream_id: input.user_course_stream_id,
    day_id: input.stage_day_id,
    link_id: input.stage_day_lesson_set_lesson_id,
    day_status: input.day_status || null,
    viewed_seconds: input.viewed_seconds,
    play_count: input.play_count,
    key,
    at: new Date(now).toISOString(),
    token_hash: read.tokenHash,
    facts_digest: read.factsDigest,
  });
}

/** A read made now; 401 when the session ended meanwhile. */
async function freshRead(db: Db, tokenHash: string, streamId: number): Promise<StatisticRead> {
  const fresh = await readStatisticNow(db, tokenHash, streamId);
  if (!fresh || !liveSessionOf(fresh)) throw new ApiError(401, 'unauthorized');
  return fresh;
}

/**
 * Three reads at the most: the remembered one (or one made now), then after each count that counted
 * nothing, one made now. Such a count found its key used before, lost a race it can win once what
 * raced it is committed (a day started by another statement) or was refused by what changed meanwhile
 * (a sign-out, a freeze), which the next read sees.
 */
const MAX_READS = 3;

/**
 * Saves the statistic; `replayed` when the key's first answer is given back and nothing was counted.
 * `read` is the session with the statistic's stream (`statisticRead`); `key` the request's
 * Idempotency-Key (`IdempotencyHeaders`), null without one.
 */
export async function saveLessonStat(
  db: Db,
  read: StatisticRead,
  input: LessonStatInput,
  key: string | null,
  now: number,
): Promise<{ saved: SavedStat; replayed: boolean }> {
  let current = read;
  for (let reads = 1; ; reads++) {
    const userId = current.user.id;
    const earlierAnswer = async () => (key === null ? undefined : await storedAnswer(db, userId, key));
    try {
      await requireStatisticAccepted(db, current, input, now);
    } catch (error) {
      // A refusal on what was remembered is no answer: the session may have ended since (401 first).
      if (current.remembered && error instanceof ApiError) {
        current = await freshRead(db, current.tokenHash, input.user_course_stream_id);
        continue;
      }
      // A retry of a statistic counted before gets its first answer, even if the stream changed since.
      const earlier = await earlierAnswer();
      if (earlier) return { saved: earlier, replayed: true };
      throw error;
    }
    const counted = await countStatistic(db, current, input, key, now);
    if (counted) return { saved: counted, replayed: false };
    // Nothing counted: the key was used before, or the read no longer holds. A read made now comes
    // first, so that a session ended meanwhile gets its 401 and never an earlier answer.
    current = await freshRead(db, current.tokenHash, input.user_course_stream_id);
    const first = await earlierAnswer();
    if (first) return { saved: first, replayed: true };
    if (reads === MAX_READS) throw new Error('the statistic was neither counted nor found under its key');
  }
}
