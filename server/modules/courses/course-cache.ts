import { asc, eq } from 'drizzle-orm';
import { daysToComplete } from '../../../src/domain/learning/daysToComplete';
import type { Db } from '../../db/client';
import { courseStages, lessonSetLessons, lessonSets, stageDays } from '../../db/schema';

/**
 * What is read from a course's own rows, kept in memory per database: its outline (stages, days and
 * the lessons of each day), which the stream status and every lesson statistic need, and the answers
 * of the course's calls (a stage's days), which every calendar asks for. Course rows change only when
 * the course is written, so each course's entry is keyed by its `updated_at`, which the caller reads
 * in the same statement as its access check: a course written by another process (the importer, a
 * second server) is read afresh on its next use and never served stale.
 */

export type OutlineDay = typeof stageDays.$inferSelect;

export interface CourseOutline {
  /** In the course's order. */
  stageIds: number[];
  /** In day-number order. */
  days: OutlineDay[];
  /** The days the progress counts (`outlineDaysToComplete`). */
  countedDayIds: Set<number>;
  /** The lesson links (`stage_day_lesson_set_lesson_id`) of each day, by day id. */
  lessonLinksByDay: Map<number, Set<number>>;
}

/** The days that complete a course or a stage (src/domain/learning/daysToComplete.ts), of its rows. */
export const outlineDaysToComplete = (days: readonly OutlineDay[]): OutlineDay[] =>
  daysToComplete(days, (day) => ({ restDay: day.dayOfRest !== 0, required: day.requiredToComplete === 1 }));

/** Enough for every course a server's learners study at once; the least recently used goes first. */
const MAX_COURSES = 100;

type Entry = { updatedAt: number; answers: Map<string, Promise<unknown>> };
const caches = new WeakMap<Db, Map<number, Entry>>();

async function readOutline(db: Db, courseId: number): Promise<CourseOutline> {
  // One after another: inside a transaction (a freeze locks its stream, then reads the outline
  // through it) the reads share one connection, which pg would make queue them (deprecated, gone
  // in pg 9). An outline is read once per course version, so the round trips are rare.
  const stages = await db
    .select({ id: courseStages.id })
    .from(courseStages)
    .where(eq(courseStages.courseId, courseId))
    .orderBy(asc(courseStages.sort), asc(courseStages.id));
  const dayRows = await db
    .select({ day: stageDays })
    .from(stageDays)
    .innerJoin(courseStages, eq(courseStages.id, stageDays.stageId))
    .where(eq(courseStages.courseId, courseId))
    .orderBy(asc(stageDays.dayNumber));
  const links = await db
    .select({ id: lessonSetLessons.id, dayId: lessonSets.dayId })
    .from(lessonSetLessons)
    .innerJoin(lessonSets, eq(lessonSets.id, lessonSetLessons.lessonSetId))
    .innerJoin(stageDays, eq(stageDays.id, lessonSets.dayId))
    .innerJoin(courseStages, eq(courseStages.id, stageDays.stageId))
    .where(eq(courseStages.courseId, courseId));
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
    countedDayIds: new Set(outlineDaysToComplete(days).map((day) => day.id)),
    lessonLinksByDay,
  };
}

function entryOf(db: Db, courseId: number, updatedAt: number): Entry {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let entry = cache.get(courseId);
  cache.delete(courseId);
  if (!entry || entry.updatedAt !== updatedAt) entry = { updatedAt, answers: new Map() };
  cache.set(courseId, entry);
  if (cache.size > MAX_COURSES) cache.delete(cache.keys().next().value as number);
  return entry;
}

/**
 * What `load` reads of the course as written at `updatedAt` (ms), under `key`: read once, then from
 * memory. A failed read is not kept, so the next call tries again.
 */
export function rememberForCourse<T>(
  db: Db,
  course: { id: number; updatedAt: number },
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const { answers } = entryOf(db, course.id, course.updatedAt);
  const remembered = answers.get(key);
  if (remembered) return remembered as Promise<T>;
  const answer = load();
  answers.set(key, answer);
  answer.catch(() => {
    if (answers.get(key) === answer) answers.delete(key);
  });
  return answer;
}

/** The outline of the course as written at `updatedAt` (ms). */
export function courseOutline(db: Db, courseId: number, updatedAt: number): Promise<CourseOutline> {
  return rememberForCourse(db, { id: courseId, updatedAt }, 'outline', () => readOutline(db, courseId));
}
