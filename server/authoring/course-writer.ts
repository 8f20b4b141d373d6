import type { Db } from '../db/client';
import {
  courseDocuments,
  courseStages,
  courses,
  courseVersions,
  lessonSetLessons,
  lessonSets,
  lessons,
  stageDays,
} from '../db/schema';

/**
 * Writes one course, whole, from a draft whose media files already exist: the importer, the demo
 * seed and the API tests all build courses through here, so they cannot drift from the schema.
 * Stages, sets and lessons are sorted in the order given; days are numbered 1.. across the course.
 */

export interface LessonDraft {
  /** May end in a bracketed marker such as "(theory)". */
  title: string;
  videoLengthSeconds?: number;
  localVideoFileId?: number | null;
  localDescriptionVideoFileId?: number | null;
  verticalVideoFileId?: number | null;
  verticalDescriptionVideoFileId?: number | null;
}

export interface LessonSetDraft {
  repeatCount?: number;
  userRepeatRangeFrom?: number | null;
  userRepeatRangeTo?: number | null;
  lessons: readonly LessonDraft[];
}

export interface DayDraft {
  title: string;
  descriptionShort?: string;
  dayOfRest?: boolean;
  /** Seconds after the stream's start before the day opens. */
  openingDelaySeconds?: number;
  isDemoAccessible?: boolean;
  /** Seconds; by default the day's running time (`dayRunningTime`). */
  finishTotalTime?: number;
  requiredToComplete?: boolean;
  repeatCount?: number;
  lessonSets: readonly LessonSetDraft[];
}

/**
 * A day's running time in seconds: its lessons' videos, each set as often as it repeats. Every
 * course written here gets it unless its draft names another, so a seeded course's days show their
 * length as an imported course's do.
 */
export const dayRunningTime = (day: Pick<DayDraft, 'lessonSets'>): number =>
  day.lessonSets.reduce(
    (sum, set) =>
      sum +
      (set.repeatCount ?? 1) * set.lessons.reduce((s, lesson) => s + (lesson.videoLengthSeconds ?? 0), 0),
    0,
  );

export interface StageDraft {
  title: string;
  days: readonly DayDraft[];
}

export interface DocumentDraft {
  title: string;
  url?: string | null;
  fileId?: number | null;
}

export interface CourseDraft {
  title: string;
  titleShort?: string;
  descriptionShort?: string;
  category?: string | null;
  categoryId?: number | null;
  complexity?: number | null;
  consultationLimit?: number | null;
  mainImageFileId?: number | null;
  backgroundImageFileId?: number | null;
  demoVideoFileId?: number | null;
  version?: number;
  isDemoDocumentsAccessible?: boolean;
  isDemoExpertMessageEnabled?: boolean;
  isDemoUserMessageEnabled?: boolean;
  isDemoOfflineModeAccessible?: boolean;
  documents?: readonly DocumentDraft[];
  stages: readonly StageDraft[];
}

export interface WrittenDay {
  id: number;
  stageId: number;
  dayNumber: number;
  /** `stage_day_lesson_set_lesson_id`s of the day, sets in order, lessons in order. */
  lessonSetLessonIds: number[];
}

export interface WrittenCourse {
  courseId: number;
  stageIds: number[];
  days: WrittenDay[];
}

const flagOf = (value: boolean | undefined, fallback: 0 | 1): 0 | 1 =>
  value === undefined ? fallback : value ? 1 : 0;

/** Inserts the course in one transaction (nothing half-written stays) and returns its ids. */
export async function writeCourse(db: Db, draft: CourseDraft): Promise<WrittenCourse> {
  return db.transaction(async (tx) => {
    const version = draft.version ?? 1;
    const [course] = await tx
      .insert(courses)
      .values({
        title: draft.title,
        titleShort: draft.titleShort ?? '',
        descriptionShort: draft.descriptionShort ?? '',
        category: draft.category ?? null,
        categoryId: draft.categoryId ?? null,
        complexity: draft.complexity ?? null,
        consultationLimit: draft.consultationLimit ?? null,
        mainImageFileId: draft.mainImageFileId ?? null,
        backgroundImageFileId: draft.backgroundImageFileId ?? null,
        demoVideoFileId: draft.demoVideoFileId ?? null,
        version,
        isDemoDocumentsAccessible: flagOf(draft.isDemoDocumentsAccessible, 1),
        isDemoExpertMessageEnabled: flagOf(draft.isDemoExpertMessageEnabled, 1),
        isDemoUserMessageEnabled: flagOf(draft.isDemoUserMessageEnabled, 1),
        isDemoOfflineModeAccessible: flagOf(draft.isDemoOfflineModeAccessible, 1),
      })
      .returning({ id: courses.id });
    if (!course) throw new Error('The course was not written');
    await tx.insert(courseVersions).values({ courseId: course.id, version });

    const documents = draft.documents ?? [];
    if (documents.length > 0) {
      await tx.insert(courseDocuments).values(
        documents.map((document, index) => ({
          courseId: course.id,
          title: document.title,
          url: document.url ?? null,
          fileId: document.fileId ?? null,
          sort: index + 1,
        })),
      );
    }

    const stageIds: number[] = [];
    const days: WrittenDay[] = [];
    let dayNumber = 0;
    for (const [stageIndex, stageDraft] of draft.stages.entries()) {
      const [stage] = await tx
        .insert(courseStages)
        .values({ courseId: course.id, title: stageDraft.title, sort: stageIndex + 1 })
        .returning({ id: courseStages.id });
      if (!stage) throw new Error('A stage was not written');
      stageIds.push(stage.id);
      for (const dayDraft of stageDraft.days) {
        dayNumber += 1;
        const [day] = await tx
          .insert(stageDays)
          .values({
            stageId: stage.id,
            dayNumber,
            title: dayDraft.title,
            descriptionShort: dayDraft.descriptionShort ?? '',
            dayOfRest: flagOf(dayDraft.dayOfRest, 0),
            openingDelaySeconds: dayDraft.openingDelaySeconds ?? 0,
            isDemoAccessible: flagOf(dayDraft.isDemoAccessible, 0),
            finishTotalTime: dayDraft.finishTotalTime ?? dayRunningTime(dayDraft),
            requiredToComplete: flagOf(dayDraft.requiredToComplete, 1),
            repeatCount: dayDraft.repeatCount ?? 1,
          })
          .returning({ id: stageDays.id });
        if (!day) throw new Error('A day was not written');
        const lessonSetLessonIds: number[] = [];
        for (const [setIndex, setDraft] of dayDraft.lessonSets.entries()) {
          const [set] = await tx
            .insert(lessonSets)
            .values({
              dayId: day.id,
              sort: setIndex + 1,
              repeatCount: setDraft.repeatCount ?? 1,
              userRepeatRangeFrom: setDraft.userRepeatRangeFrom ?? null,
              userRepeatRangeTo: setDraft.userRepeatRangeTo ?? null,
            })
            .returning({ id: lessonSets.id });
          if (!set) throw new Error('A lesson set was not written');
          for (const [lessonIndex, lessonDraft] of setDraft.lessons.entries()) {
            const [lesson] = await tx
              .insert(lessons)
              .values({
                courseId: course.id,
                title: lessonDraft.title,
                videoLengthSeconds: lessonDraft.videoLengthSeconds ?? 0,
                localVideoFileId: lessonDraft.localVideoFileId ?? null,
                localDescriptionVideoFileId: lessonDraft.localDescriptionVideoFileId ?? null,
                verticalVideoFileId: lessonDraft.verticalVideoFileId ?? null,
                verticalDescriptionVideoFileId: lessonDraft.verticalDescriptionVideoFileId ?? null,
              })
              .returning({ id: lessons.id });
            if (!lesson) throw new Error('A lesson was not written');
            const [link] = await tx
              .insert(lessonSetLessons)
              .values({ lessonSetId: set.id, lessonId: lesson.id, sort: lessonIndex + 1 })
              .returning({ id: lessonSetLessons.id });
            if (!link) throw new Error('A lesson link was not written');
            lessonSetLessonIds.push(link.id);
          }
        }
        days.push({ id: day.id, stageId: stage.id, dayNumber, lessonSetLessonIds });
      }
    }
    return { courseId: course.id, stageIds, days };
  });
}
