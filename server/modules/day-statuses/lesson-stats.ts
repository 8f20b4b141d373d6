import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import {
  courseStages,
  dayStatistics,
  lessonSetLessons,
  lessonSets,
  stageDays,
  userLessonStatuses,
} from '../../db/schema';
import { ApiError, fieldError } from '../../http/errors';
import { MAX_INT4, plainText } from '../../http/fields';
import type { MessageKey } from '../../infra/i18n';
import { loadMyStream } from '../streams/queries';
import { statusOf } from '../streams/status';
import { isUniqueViolation } from '../user/queries';
import { markDay } from './queries';

/**
 * POST /save-lesson-stat: the player's statistic of one lesson of a day (content spec, sections 5
 * and 9). Everything it changes happens in one transaction, and an Idempotency-Key makes a retry
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
  day_status: v.nullish(plainText(0, 32)),
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

/** The lesson link, when it is in the day and the day in the course; else 404. */
async function requireLessonOfDay(db: Db, linkId: number, dayId: number, courseId: number) {
  const [link] = await db
    .select({ id: lessonSetLessons.id })
    .from(lessonSetLessons)
    .innerJoin(lessonSets, eq(lessonSets.id, lessonSetLessons.lessonSetId))
    .innerJoin(stageDays, eq(stageDays.id, lessonSets.dayId))
    .innerJoin(courseStages, eq(courseStages.id, stageDays.stageId))
    .where(
      and(eq(lessonSetLessons.id, linkId), eq(lessonSets.dayId, dayId), eq(courseStages.courseId, courseId)),
    )
    .limit(1);
  if (!link) throw new ApiError(404, 'notFound');
}

async function record(
  tx: Db,
  userId: number,
  input: LessonStatInput,
  key: string | null,
  now: number,
): Promise<SavedStat> {
  const loaded = await loadMyStream(tx, userId, input.user_course_stream_id);
  const streamId = loaded.stream.id;
  await requireLessonOfDay(
    tx,
    input.stage_day_lesson_set_lesson_id,
    input.stage_day_id,
    loaded.stream.courseId,
  );
  // Statistics count only in the allowed mode: an open stream, or a demo one.
  if (statusOf(loaded, now) !== 'open' && loaded.stream.isDemo !== 1)
    throw new ApiError(403, 'statisticNotAccepted');

  const dayStatus = await markDay(tx, streamId, input.stage_day_id, false, new Date(now));
  // Running totals stop at the column's limit instead of failing the request.
  const capped = (column: AnyPgColumn, added: number) =>
    sql`least(${column}::bigint + ${added}, ${MAX_INT4})`;
  await tx
    .insert(userLessonStatuses)
    .values({
      streamId,
      lessonSetLessonId: input.stage_day_lesson_set_lesson_id,
      viewedSeconds: input.viewed_seconds,
      playCount: input.play_count,
      updatedAt: new Date(now),
    })
    .onConflictDoUpdate({
      target: [userLessonStatuses.streamId, userLessonStatuses.lessonSetLessonId],
      set: {
        viewedSeconds: capped(userLessonStatuses.viewedSeconds, input.viewed_seconds),
        playCount: capped(userLessonStatuses.playCount, input.play_count),
        updatedAt: new Date(now),
      },
    });
  const [stat] = await tx
    .insert(dayStatistics)
    .values({
      userId,
      streamId,
      dayId: input.stage_day_id,
      lessonSetLessonId: input.stage_day_lesson_set_lesson_id,
      dayStatusId: dayStatus.id,
      dayStatus: input.day_status || null,
      viewedSeconds: input.viewed_seconds,
      playCount: input.play_count,
      idempotencyKey: key,
    })
    .returning({ id: dayStatistics.id, dayStatusId: dayStatistics.dayStatusId });
  if (!stat) throw new Error('the statistic was not written');
  return stat;
}

/** Saves the statistic; `replayed` when the key's first answer is given back and nothing was counted. */
export async function saveLessonStat(
  db: Db,
  userId: number,
  input: LessonStatInput,
  key: string | null,
  now: number,
): Promise<{ saved: SavedStat; replayed: boolean }> {
  const earlier = key === null ? undefined : await storedAnswer(db, userId, key);
  if (earlier) return { saved: earlier, replayed: true };
  try {
    return { saved: await db.transaction((tx) => record(tx, userId, input, key, now)), replayed: false };
  } catch (error) {
    // A concurrent twin with the same key committed first: its transaction counted, this one rolled back.
    if (key !== null && isUniqueViolation(error)) {
      const first = await storedAnswer(db, userId, key);
      if (first) return { saved: first, replayed: true };
    }
    throw error;
  }
}
