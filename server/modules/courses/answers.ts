import type { Db } from '../../db/client';
import type { MediaRow } from './media-wire';
import {
  type CourseRow,
  type DayRow,
  dayIdsOfStages,
  documentsOfCourses,
  lessonIdsOfCourses,
  lessonSetsOfDays,
  lessonsOfSets,
  mediaByIds,
  type StageRow,
  stagesOfCourses,
} from './queries';
import {
  type CourseParts,
  toWireCourse,
  toWireDay,
  toWireDocument,
  toWireLessonSet,
  toWireStage,
  videoFileIdsOf,
} from './wire';

/**
 * Builds the course answers from already-checked rows. Every part is loaded for all rows at once,
 * then grouped in memory: a page of courses with every expansion, or the days of a stage with their
 * sets, lessons and videos, each takes a fixed handful of queries.
 */

/** The parts `expand` may add to a course. Unknown names are ignored, as `expand` always is. */
export type CourseExpansion = 'documents' | 'stages' | 'lessons';

export function readExpand(expand: string | undefined): Set<CourseExpansion> {
  const known: readonly string[] = ['documents', 'stages', 'lessons'] satisfies CourseExpansion[];
  const names = (expand ?? '').split(',').map((name) => name.trim());
  return new Set(names.filter((name): name is CourseExpansion => known.includes(name)));
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

const lookupIn = (media: Map<number, MediaRow>) => (id: number | null) =>
  id === null ? undefined : media.get(id);

const isId = (id: number | null): id is number => id !== null;

export async function stageAnswers(db: Db, stages: readonly StageRow[]) {
  const stageIds = stages.map((stage) => stage.id);
  const daysByStage = groupBy(await dayIdsOfStages(db, stageIds), (day) => day.stageId);
  return stages.map((stage) => {
    const dayIds = (daysByStage.get(stage.id) ?? []).map((day) => day.id);
    return toWireStage(stage, dayIds);
  });
}

export async function courseAnswers(db: Db, rows: readonly CourseRow[], expand: Set<CourseExpansion>) {
  const courseIds = rows.map((course) => course.id);
  const [media, documents, stages, lessonIds] = await Promise.all([
    mediaByIds(
      db,
      rows.flatMap((course) => [course.mainImageFileId, course.backgroundImageFileId]).filter(isId),
    ),
    expand.has('documents') ? documentsOfCourses(db, courseIds) : undefined,
    expand.has('stages')
      ? stagesOfCourses(db, courseIds).then((found) => stageAnswers(db, found))
      : undefined,
    expand.has('lessons') ? lessonIdsOfCourses(db, courseIds) : undefined,
  ]);
  const documentsByCourse = groupBy(documents ?? [], (row) => row.document.courseId);
  const stagesByCourse = groupBy(stages ?? [], (stage) => stage.course_id);
  const lessonsByCourse = groupBy(lessonIds ?? [], (lesson) => lesson.courseId);
  return rows.map((course) => {
    const parts: CourseParts = {};
    if (documents)
      parts.documents = (documentsByCourse.get(course.id) ?? []).map((row) =>
        toWireDocument(row.document, row.file),
      );
    if (stages) parts.stages = stagesByCourse.get(course.id) ?? [];
    if (lessonIds) parts.lessonIds = (lessonsByCourse.get(course.id) ?? []).map((lesson) => lesson.id);
    return toWireCourse(course, lookupIn(media), parts);
  });
}

export async function dayAnswers(db: Db, days: readonly DayRow[]) {
  const dayIds = days.map((day) => day.id);
  const sets = await lessonSetsOfDays(db, dayIds);
  const setIds = sets.map((set) => set.id);
  const placed = await lessonsOfSets(db, setIds);
  const media = await mediaByIds(db, placed.flatMap(({ lesson }) => videoFileIdsOf(lesson)).filter(isId));
  const setsByDay = groupBy(sets, (set) => set.dayId);
  const lessonsBySet = groupBy(placed, ({ link }) => link.lessonSetId);
  return days.map((day) =>
    toWireDay(
      day,
      (setsByDay.get(day.id) ?? []).map((set) =>
        toWireLessonSet(set, lessonsBySet.get(set.id) ?? [], lookupIn(media)),
      ),
    ),
  );
}
