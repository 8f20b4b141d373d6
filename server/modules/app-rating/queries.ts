import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appRatings, userCourseStreams, userDayStatuses } from '../../db/schema';

/** The learner is asked once they have finished this many days, counting every course. */
export const FINISHED_DAYS_BEFORE_ASKING = 3;
/** "Not now" asks again after this long. */
export const ASK_AGAIN_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

export type AppRatingRow = typeof appRatings.$inferSelect;

export async function findAppRating(db: Db, userId: number): Promise<AppRatingRow | undefined> {
  const [row] = await db.select().from(appRatings).where(eq(appRatings.userId, userId));
  return row;
}

export async function finishedDays(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userDayStatuses)
    .innerJoin(userCourseStreams, eq(userCourseStreams.id, userDayStatuses.streamId))
    .where(and(eq(userCourseStreams.userId, userId), isNotNull(userDayStatuses.finishedAt)));
  return row?.n ?? 0;
}

/** Whether to ask now: enough days finished, and never answered or "not now" has run out. */
export function isDue(row: AppRatingRow | undefined, days: number, now: Date): boolean {
  if (days < FINISHED_DAYS_BEFORE_ASKING) return false;
  if (!row) return true;
  return row.answer === 'later' && row.askAfter !== null && row.askAfter <= now;
}

/** One answer per learner: a new one replaces the last ("not now", then a rating later). */
export async function saveAppRating(db: Db, values: typeof appRatings.$inferInsert): Promise<AppRatingRow> {
  const { userId: _userId, ...changes } = values;
  const [row] = await db
    .insert(appRatings)
    .values(values)
    .onConflictDoUpdate({ target: appRatings.userId, set: changes })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
