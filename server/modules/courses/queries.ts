import { and, asc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  courseDocuments,
  courseStages,
  courses,
  courseVersions,
  lessonSetLessons,
  lessonSets,
  lessons,
  mediaFiles,
  stageDays,
  userCourseStreams,
  videos,
} from '../../db/schema';
import { epochMs, qualified } from '../../db/statements';
import type { MediaRow } from './media-wire';

/**
 * The reads behind the course answers. A course is the learner's when they have a stream on it, in
 * any state; everything below a course is reached through it, so one condition scopes them all.
 * Each loader takes the ids of a whole page (courses, or the days of a stage) and answers with one
 * query, so an answer costs the same number of queries however many rows it holds.
 */

export type CourseRow = typeof courses.$inferSelect;
export type StageRow = typeof courseStages.$inferSelect;
export type DayRow = typeof stageDays.$inferSelect;
export type LessonSetRow = typeof lessonSets.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type LessonLinkRow = typeof lessonSetLessons.$inferSelect;
export type DocumentRow = typeof courseDocuments.$inferSelect;

/** `courses.id` (or any course id column) is one of the courses the learner has a stream on. */
export function isLearnersCourse(db: Db, userId: number, courseId: AnyPgColumn = courses.id): SQL {
  return inArray(
    courseId,
    db
      .select({ id: userCourseStreams.courseId })
      .from(userCourseStreams)
      .where(eq(userCourseStreams.userId, userId)),
  );
}

/**
 * The course when it is the learner's, with when it was written (ms, read in SQL as the stage and
 * day lookups read it): the key of what is remembered of it (course-cache.ts).
 */
export async function findLearnersCourse(db: Db, userId: number, courseId: number) {
  const [row] = await db
    .select({ course: courses, writtenAt: epochMs(courses.updatedAt).mapWith(Number) })
    .from(courses)
    .where(and(eq(courses.id, courseId), isLearnersCourse(db, userId)))
    .limit(1);
  return row;
}

/** When the course of the stage in the query was written, in ms. */
const courseWrittenAt =
  sql`(select ${epochMs(courses.updatedAt)} from ${courses} where ${qualified(courses.id)} = ${qualified(courseStages.courseId)})`.mapWith(
    Number,
  );

/**
 * The stage when it belongs to the course and the course is the learner's, with when the course was
 * written (ms): the key of what is remembered of it (course-cache.ts).
 */
export async function findLearnersStage(db: Db, userId: number, courseId: number, stageId: number) {
  const [stage] = await db
    .select({ id: courseStages.id, courseUpdatedAt: courseWrittenAt })
    .from(courseStages)
    .where(
      and(
        eq(courseStages.id, stageId),
        eq(courseStages.courseId, courseId),
        isLearnersCourse(db, userId, courseStages.courseId),
      ),
    )
    .limit(1);
  return stage;
}

/**
 * The day when it belongs to the stage, the stage to the course, and the course is the learner's,
 * with when the course was written (ms).
 */
export async function findLearnersDay(
  db: Db,
  userId: number,
  ids: { courseId: number; stageId: number; dayId: number },
) {
  const [row] = await db
    .select({ day: stageDays, courseUpdatedAt: courseWrittenAt })
    .from(stageDays)
    .innerJoin(courseStages, eq(courseStages.id, stageDays.stageId))
    .where(
      and(
        eq(stageDays.id, ids.dayId),
        eq(stageDays.stageId, ids.stageId),
        eq(courseStages.courseId, ids.courseId),
        isLearnersCourse(db, userId, courseStages.courseId),
      ),
    )
    .limit(1);
  return row;
}

export function daysOfStage(db: Db, stageId: number): Promise<DayRow[]> {
  return db
    .select()
    .from(stageDays)
    .where(eq(stageDays.stageId, stageId))
    .orderBy(asc(stageDays.dayNumber), asc(stageDays.id));
}

/** Media files by id, each with its video row when it was transcoded. */
export async function mediaByIds(db: Db, ids: readonly number[]): Promise<Map<number, MediaRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ file: mediaFiles, video: videos })
    .from(mediaFiles)
    .leftJoin(videos, eq(videos.mediaFileId, mediaFiles.id))
    .where(inArray(mediaFiles.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.file.id, row]));
}

/** The documents the materials page can open: those with a url or a file, in their order. */
export function documentsOfCourses(db: Db, courseIds: readonly number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({ document: courseDocuments, file: mediaFiles })
    .from(courseDocuments)
    .leftJoin(mediaFiles, eq(mediaFiles.id, courseDocuments.fileId))
    .where(
      and(
        inArray(courseDocuments.courseId, [...courseIds]),
        or(isNotNull(courseDocuments.url), isNotNull(courseDocuments.fileId)),
      ),
    )
    .orderBy(asc(courseDocuments.sort), asc(courseDocuments.id));
}

export function stagesOfCourses(db: Db, courseIds: readonly number[]): Promise<StageRow[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(courseStages)
    .where(inArray(courseStages.courseId, [...courseIds]))
    .orderBy(asc(courseStages.sort), asc(courseStages.id));
}

/** The day ids of the stages, in day-number order (a stage lists its days as ids). */
export function dayIdsOfStages(db: Db, stageIds: readonly number[]) {
  if (stageIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: stageDays.id, stageId: stageDays.stageId })
    .from(stageDays)
    .where(inArray(stageDays.stageId, [...stageIds]))
    .orderBy(asc(stageDays.dayNumber), asc(stageDays.id));
}

export function lessonIdsOfCourses(db: Db, courseIds: readonly number[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: lessons.id, courseId: lessons.courseId })
    .from(lessons)
    .where(inArray(lessons.courseId, [...courseIds]))
    .orderBy(asc(lessons.id));
}

export function lessonSetsOfDays(db: Db, dayIds: readonly number[]): Promise<LessonSetRow[]> {
  if (dayIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(lessonSets)
    .where(inArray(lessonSets.dayId, [...dayIds]))
    .orderBy(asc(lessonSets.sort), asc(lessonSets.id));
}

/** The lessons placed in the sets, each with its place (`stage_day_lesson_set_lesson_id`). */
export function lessonsOfSets(
  db: Db,
  setIds: readonly number[],
): Promise<{ link: LessonLinkRow; lesson: LessonRow }[]> {
  if (setIds.length === 0) return Promise.resolve([]);
  return db
    .select({ link: lessonSetLessons, lesson: lessons })
    .from(lessonSetLessons)
    .innerJoin(lessons, eq(lessons.id, lessonSetLessons.lessonId))
    .where(inArray(lessonSetLessons.lessonSetId, [...setIds]))
    .orderBy(asc(lessonSetLessons.sort), asc(lessonSetLessons.id));
}

/** The versions of the learner's courses, and whether each is still supported. */
export function versionsOfLearnersCourses(db: Db, userId: number) {
  return db
    .select({
      courseId: courseVersions.courseId,
      version: courseVersions.version,
      isSupported: courseVersions.isSupported,
    })
    .from(courseVersions)
    .where(isLearnersCourse(db, userId, courseVersions.courseId))
    .orderBy(asc(courseVersions.courseId), asc(courseVersions.version));
}
