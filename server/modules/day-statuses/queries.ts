import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { lessonSetLessons, lessonSets, lessons, userDayStatuses, userLessonStatuses } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { LoadedStream } from '../streams/queries';

/** A day of the stream's course, or 404: a day of another course answers like a missing one. */
export function courseDay(loaded: LoadedStream, dayId: number) {
  const day = loaded.outline.days.find((candidate) => candidate.id === dayId);
  if (!day) throw new ApiError(404, 'notFound');
  return day;
}

/**
 * Starts the day (a second start keeps the first) and, when `finish`, finishes it (a second finish
 * keeps the first). One upsert, so concurrent calls cannot make two statuses of one day. The stream
 * was read by an earlier statement: when it (or the day) was deleted since, 404 as if it had been
 * read so.
 */
export async function markDay(db: Db, streamId: number, dayId: number, finish: boolean, now: Date) {
  const [status] = await db
    .insert(userDayStatuses)
    .values({ streamId, dayId, startedAt: now, finishedAt: finish ? now : null })
    .onConflictDoUpdate({
      target: [userDayStatuses.streamId, userDayStatuses.dayId],
      set: finish
        ? { finishedAt: sql`coalesce(${userDayStatuses.finishedAt}, excluded.finished_at)` }
        : { startedAt: sql`${userDayStatuses.startedAt}` },
    })
    .returning()
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error)) throw new ApiError(404, 'notFound');
      throw error;
    });
  if (!status) throw new Error('the day status was not written');
  return status;
}

/** One day status of the stream, or 404. */
export async function streamDayStatus(db: Db, streamId: number, dayStatusId: number) {
  const [status] = await db
    .select()
    .from(userDayStatuses)
    .where(and(eq(userDayStatuses.id, dayStatusId), eq(userDayStatuses.streamId, streamId)))
    .limit(1);
  if (!status) throw new ApiError(404, 'notFound');
  return status;
}

/** The day's lessons with the stream's running totals for each (null when never played). */
export function dayLessonTotals(db: Db, streamId: number, dayId: number) {
  return db
    .select({
      videoLengthSeconds: lessons.videoLengthSeconds,
      viewedSeconds: userLessonStatuses.viewedSeconds,
    })
    .from(lessonSetLessons)
    .innerJoin(lessonSets, eq(lessonSets.id, lessonSetLessons.lessonSetId))
    .innerJoin(lessons, eq(lessons.id, lessonSetLessons.lessonId))
    .leftJoin(
      userLessonStatuses,
      and(
        eq(userLessonStatuses.lessonSetLessonId, lessonSetLessons.id),
        eq(userLessonStatuses.streamId, streamId),
      ),
    )
    .where(eq(lessonSets.dayId, dayId))
    .orderBy(asc(lessonSets.sort), asc(lessonSetLessons.sort));
}
