import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { courseStages, courses, lessons, stageDays, userCourseStreams, users } from '../db/schema';
import { enrol } from './enrolment';

/**
 * What the admin commands (`npm run cli -- course list | enrol | unenrol`) do to the database, kept
 * apart from the argument parsing so each rule reads on its own. Problems an admin can fix (an
 * unknown e-mail, a bad date) throw an `AdminError` whose message says what to do.
 */

export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an enrolment lasts when no end date is given. */
export const DEFAULT_ENROLMENT_DAYS = 90;
/** The last day a date option can name (a four-digit year), so a default end may not pass it either. */
const LAST_DAY = '9999-12-31';

export interface CourseSummary {
  id: number;
  title: string;
  stages: number;
  days: number;
  lessons: number;
  streams: number;
}

/** Every course with its counts, one query. */
export function listCourses(db: Db): Promise<CourseSummary[]> {
  const counted = (query: ReturnType<typeof sql>) => sql<number>`(${query})`.mapWith(Number);
  return db
    .select({
      id: courses.id,
      title: courses.title,
      stages: counted(
        sql`select count(*) from ${courseStages} where ${courseStages.courseId} = ${courses.id}`,
      ),
      days: counted(
        sql`select count(*) from ${stageDays} join ${courseStages} on ${stageDays.stageId} = ${courseStages.id} where ${courseStages.courseId} = ${courses.id}`,
      ),
      lessons: counted(sql`select count(*) from ${lessons} where ${lessons.courseId} = ${courses.id}`),
      streams: counted(
        sql`select count(*) from ${userCourseStreams} where ${userCourseStreams.courseId} = ${courses.id}`,
      ),
    })
    .from(courses)
    .orderBy(asc(courses.id));
}

/** Midnight UTC of a `YYYY-MM-DD` calendar date, or an `AdminError` naming the option. */
export function parseDate(text: string, option: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  // Date.UTC rolls 2026-02-30 over to March: a real date reads back the same.
  if (!date || date.toISOString().slice(0, 10) !== text)
    throw new AdminError(`${option} must be a calendar date YYYY-MM-DD, got "${text}"`);
  // The API tells a stream's dates as seconds since 1970 (content spec, section 3), as the freeze's.
  if (date.getTime() < 0) throw new AdminError(`${option} must be 1970-01-01 or later, got "${text}"`);
  return date;
}

export const formatDate = (date: Date) => date.toISOString().slice(0, 10);

export interface EnrolmentDates {
  /** Midnight UTC of the first day. */
  startDate: Date;
  /** Midnight UTC of the last day of access. */
  lastDay: Date;
}

/**
 * The dates of `enrol --start YYYY-MM-DD --end YYYY-MM-DD`: the start defaults to today (UTC), the
 * last day to the start plus 90 days; the last day may be the start day, not before it.
 */
export function enrolmentDates(
  start: string | undefined,
  end: string | undefined,
  today = new Date(),
): EnrolmentDates {
  const startDate = parseDate(start ?? formatDate(today), '--start');
  const lastDay = end
    ? parseDate(end, '--end')
    : new Date(startDate.getTime() + DEFAULT_ENROLMENT_DAYS * DAY_MS);
  if (lastDay < startDate)
    throw new AdminError(
      `--end (${formatDate(lastDay)}) must not be before --start (${formatDate(startDate)})`,
    );
  if (lastDay > parseDate(LAST_DAY, '--end'))
    throw new AdminError(
      `--start ${formatDate(startDate)} plus ${DEFAULT_ENROLMENT_DAYS} days passes ${LAST_DAY}: give an --end`,
    );
  return { startDate, lastDay };
}

export interface EnrolmentRequest extends EnrolmentDates {
  email: string;
  courseId: number;
  demo: boolean;
}

export interface EnrolmentDone {
  streamId: number;
  courseTitle: string;
  startDate: Date;
  endDate: Date;
}

async function userByEmail(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new AdminError(`no account with the e-mail ${email}`);
  return user;
}

async function courseById(db: Db, courseId: number) {
  const [course] = await db
    .select({ id: courses.id, title: courses.title, version: courses.version })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw new AdminError(`no course ${courseId} (npm run cli -- course list shows them)`);
  return course;
}

/** Gives a learner a stream on a course: from the start of the start day to the end of the last day. */
export async function enrolByEmail(db: Db, request: EnrolmentRequest): Promise<EnrolmentDone> {
  const { startDate, lastDay } = request;
  const user = await userByEmail(db, request.email);
  const course = await courseById(db, request.courseId);
  const [existing] = await db
    .select({ id: userCourseStreams.id })
    .from(userCourseStreams)
    .where(and(eq(userCourseStreams.userId, user.id), eq(userCourseStreams.courseId, course.id)));
  if (existing)
    throw new AdminError(
      `${request.email} already has stream ${existing.id} on course ${course.id}; unenrol first`,
    );
  const endDate = new Date(lastDay.getTime() + DAY_MS - 1000);
  const streamId = await enrol(db, {
    userId: user.id,
    courseId: course.id,
    startDate,
    endDate,
    isDemo: request.demo,
    // The course as it is now: an older version would offer the learner the update modal at once.
    courseVersion: course.version,
  });
  return { streamId, courseTitle: course.title, startDate, endDate };
}

/** Removes the learner's streams on the course; their day and lesson statuses go with them (cascade). */
export async function unenrolByEmail(db: Db, email: string, courseId: number): Promise<number[]> {
  const user = await userByEmail(db, email);
  const course = await courseById(db, courseId);
  const removed = await db
    .delete(userCourseStreams)
    .where(and(eq(userCourseStreams.userId, user.id), eq(userCourseStreams.courseId, course.id)))
    .returning({ id: userCourseStreams.id });
  if (removed.length === 0) throw new AdminError(`${email} has no stream on course ${course.id}`);
  return removed.map((row) => row.id);
}
