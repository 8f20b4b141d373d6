import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseStages, lessonSetLessons, lessonSets, stageDays } from '../../db/schema';

/**
 * A course's stages, days and the lessons of each day, kept in memory per database: the stream
 * status and every lesson statistic need them, and they change only when the course is written.
 * Each entry is keyed by the course's `updated_at`, which the caller reads with the stream in the
 * same statement, so a course written by another process (the importer, a second server) is
 * reloaded on its next use and never served stale.
 */

export type OutlineDay = typeof stageDays.$inferSelect;

export interface CourseOutline {
  /** In the course's order. */
  stageIds: number[];
  /** In day-number order. */
  days: OutlineDay[];
  /** The days that are not rest days: those the progress counts. */
  workDayIds: Set<number>;
  /** The lesson links (`stage_day_lesson_set_lesson_id`) of each day, by day id. */
  lessonLinksByDay: Map<number, Set<number>>;
}

/** Enough for every course a server's learners study at once; the oldest entry goes first. */
const MAX_COURSES = 200;

type Entry = { updatedAt: number; outline: Promise<CourseOutline> };
const caches = new WeakMap<Db, Map<number, Entry>>();

async function readOutline(db: Db, courseId: number): Promise<CourseOutline> {
  const [stages, dayRows, links] = await Promise.all([
    db
      .select({ id: courseStages.id })
      .from(courseStages)
      .where(eq(courseStages.courseId, courseId))
      .orderBy(asc(courseStages.sort), asc(courseStages.id)),
    db
      .select({ day: stageDays })
      .from(stageDays)
      .innerJoin(courseStages, eq(courseStages.id, stageDays.stageId))
      .where(eq(courseStages.courseId, courseId))
      .orderBy(asc(stageDays.dayNumber)),
    db
      .select({ id: lessonSetLessons.id, dayId: lessonSets.dayId })
      .from(lessonSetLessons)
      .innerJoin(lessonSets, eq(lessonSets.id, lessonSetLessons.lessonSetId))
      .innerJoin(stageDays, eq(stageDays.id, lessonSets.dayId))
      .innerJoin(courseStages, eq(courseStages.id, stageDays.stageId))
      .where(eq(courseStages.courseId, courseId)),
  ]);
  const lessonLinksByDay = new Map<number, Set<number>>();
  for (const link of links) {
    const ofDay = lessonLinksByDay.get(link.dayId) ?? new Set<number>();
    ofDay.add(link.id);
    lessonLinksByDay.set(link.dayId, ofDay);
  }
  const days = dayRows.map((row) => row.day);
  return {
    stageIds: stages.map((stage) => stage.id),
    days,
    workDayIds: new Set(days.filter((day) => day.dayOfRest === 0).map((day) => day.id)),
    lessonLinksByDay,
  };
}

/** The outline of the course as written at `updatedAt` (ms). */
export function courseOutline(db: Db, courseId: number, updatedAt: number): Promise<CourseOutline> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const cached = cache.get(courseId);
  if (cached && cached.updatedAt === updatedAt) return cached.outline;
  const outline = readOutline(db, courseId);
  cache.delete(courseId);
  cache.set(courseId, { updatedAt, outline });
  if (cache.size > MAX_COURSES) cache.delete(cache.keys().next().value as number);
  // A failed read is not kept: the next call tries again.
  outline.catch(() => {
    if (cache.get(courseId)?.outline === outline) cache.delete(courseId);
  });
  return outline;
}
