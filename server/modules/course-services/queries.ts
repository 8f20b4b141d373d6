import { eq } from 'drizzle-orm';
import { knownTimeZone, startOfDay, today } from '../../../src/domain/learning/calendarDates';
import { enrol } from '../../authoring/enrolment';
import type { Db } from '../../db/client';
import { courseServices, courses, userCourseStreams, users } from '../../db/schema';
import { ApiError } from '../../http/errors';

export const DEMO_SERVICE_TYPE = 'course_demo';

export async function findService(db: Db, id: number) {
  const [service] = await db.select().from(courseServices).where(eq(courseServices.id, id)).limit(1);
  return service;
}

export async function findCourse(db: Db, id: number) {
  const [course] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return course;
}

/** The day `days` after `day`, as a calendar day (month and year lengths taken care of by Date). */
function daysLater(day: { year: number; month: number; day: number }, days: number) {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * Enrols the learner in the demo of a `course_demo` service: a demo stream without full access from
 * the start of today in their time zone, for the service's access days. The learner's row is locked
 * for the transaction, so two calls at once run one after the other and the second sees the first's
 * stream (409) instead of creating another.
 */
export async function enrolInDemo(db: Db, userId: number, serviceId: number, now: number): Promise<number> {
  return db.transaction(async (tx) => {
    const service = await findService(tx, serviceId);
    if (!service) throw new ApiError(404, 'notFound');
    const course = service.courseId === null ? undefined : await findCourse(tx, service.courseId);
    if (service.type !== DEMO_SERVICE_TYPE || !course) throw new ApiError(422, 'notDemoService');
    const [learner] = await tx
      .select({ timezone: users.timezone })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!learner) throw new ApiError(404, 'notFound');
    const hasStream = await tx.$count(userCourseStreams, eq(userCourseStreams.userId, userId));
    if (hasStream > 0) throw new ApiError(409, 'alreadyEnrolled');
    const zone = knownTimeZone(learner.timezone) ?? 'UTC';
    const first = today(now, zone);
    return enrol(tx, {
      userId,
      courseId: course.id,
      startDate: new Date(startOfDay(first, zone)),
      endDate: new Date(startOfDay(daysLater(first, service.accessDays), zone)),
      isDemo: true,
      courseFullAccess: false,
      courseVersion: course.version,
    });
  });
}
