import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseStages, stageDays, userCourseStreams } from '../../db/schema';

/** Streams joined with the number of days of their course (for the progress figures). */
export function streamsWithDayCounts(db: Db) {
  const daysPerCourse = db
    .select({ courseId: courseStages.courseId, days: count(stageDays.id).as('days') })
    .from(courseStages)
    .innerJoin(stageDays, eq(stageDays.stageId, courseStages.id))
    .groupBy(courseStages.courseId)
    .as('days_per_course');
  return db
    .select({ stream: userCourseStreams, days: daysPerCourse.days })
    .from(userCourseStreams)
    .leftJoin(daysPerCourse, eq(daysPerCourse.courseId, userCourseStreams.courseId))
    .$dynamic();
}

export type StreamRow = Awaited<ReturnType<ReturnType<typeof streamsWithDayCounts>['execute']>>[number];
