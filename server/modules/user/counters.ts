import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The learning counters of `GET /user?expand=statistics` (shell spec section 3), read from what the
 * server keeps in one statement: the time and lessons watched (the running totals per lesson), and
 * the courses whose every day the learner finished. Homework does not exist on this server yet, so
 * completed tasks stay 0 until it does.
 */
export async function learningCounters(
  db: Db,
  userId: number,
): Promise<{ viewedHours: number; viewedLessons: number; completedCourses: number }> {
  const daysOf = sql`(select count(*) from stage_days d join course_stages st on st.id = d.stage_id
    where st.course_id = s.course_id)`;
  const [row] = await db
    .select({
      seconds: sql`coalesce((select sum(ls.viewed_seconds) from user_lesson_statuses ls
        join user_course_streams s on s.id = ls.stream_id where s.user_id = ${userId}), 0)`.mapWith(Number),
      lessons: sql`(select count(*) from user_lesson_statuses ls
        join user_course_streams s on s.id = ls.stream_id
        where s.user_id = ${userId} and ls.viewed_seconds > 0)`.mapWith(Number),
      courses: sql`(select count(*) from user_course_streams s
        where s.user_id = ${userId} and ${daysOf} > 0
          and ${daysOf} = (select count(*) from user_day_statuses ds
            where ds.stream_id = s.id and ds.finished_at is not null))`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  return {
    // Hours with one decimal: a few minutes of lessons already show.
    viewedHours: Math.round(((row?.seconds ?? 0) / 3600) * 10) / 10,
    viewedLessons: row?.lessons ?? 0,
    completedCourses: row?.courses ?? 0,
  };
}
