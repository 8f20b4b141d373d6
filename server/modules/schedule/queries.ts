import { asc, eq } from 'drizzle-orm';
import { minuteOfDay, timeOfMinute, WEEKDAYS, type Weekday } from '../../../src/domain/reminders';
import type { Db } from '../../db/client';
import { schedules, users } from '../../db/schema';

export type ScheduleDays = Record<Weekday, string[]>;

/** The learner's schedule, every weekday present (an empty list when none), times sorted. */
export async function readSchedule(db: Db, userId: number): Promise<ScheduleDays> {
  const rows = await db
    .select({ weekday: schedules.weekday, minuteOfDay: schedules.minuteOfDay })
    .from(schedules)
    .where(eq(schedules.userId, userId))
    .orderBy(asc(schedules.weekday), asc(schedules.minuteOfDay));
  const days = Object.fromEntries(WEEKDAYS.map((day) => [day, [] as string[]])) as ScheduleDays;
  for (const row of rows) days[row.weekday as Weekday]?.push(timeOfMinute(row.minuteOfDay));
  return days;
}

/**
 * Replaces the whole schedule in one transaction: a reader sees the old one or the new one. The
 * learner's row is locked first, so two replacements at once (two devices) run one after the other
 * and the last one's schedule stays whole: unlocked, neither would see the other's new rows to delete,
 * and the two would mix or collide on a shared time.
 */
export async function replaceSchedule(
  db: Db,
  userId: number,
  days: Partial<Record<Weekday, readonly string[]>>,
) {
  const rows = WEEKDAYS.flatMap((weekday) =>
    (days[weekday] ?? []).map((time) => ({ userId, weekday, minuteOfDay: minuteOfDay(time) })),
  );
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx.delete(schedules).where(eq(schedules.userId, userId));
    if (rows.length > 0) await tx.insert(schedules).values(rows);
  });
}
