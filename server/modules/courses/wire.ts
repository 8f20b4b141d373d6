import * as v from 'valibot';
import { toSeconds } from '../../http/time';
import { type MediaRow, toWireMediaFile, toWireVideoRef, WireMediaFile, WireVideoRef } from './media-wire';
import type {
  CourseRow,
  DayRow,
  DocumentRow,
  LessonLinkRow,
  LessonRow,
  LessonSetRow,
  StageRow,
} from './queries';

/**
 * The course answers' wire forms (docs/API.md, "Courses"). Parts the reference server does not
 * model yet (training options, homeworks, banners of a day, scores) go out empty, in the shape the
 * app reads, so the app needs no special case when they arrive.
 */

/** Always empty until training options are modelled; the shape is a list of options. */
const EmptyList = v.array(v.never());

export const WireDocument = v.object({
  id: v.number(),
  title: v.string(),
  url: v.nullable(v.string()),
  file: v.nullable(WireMediaFile),
  sort: v.number(),
});

export const WireStage = v.object({
  id: v.number(),
  course_id: v.number(),
  title: v.string(),
  sort: v.number(),
  days: v.array(v.number()),
  course_stage_homeworks: EmptyList,
});

export const WireCourse = v.object({
  id: v.number(),
  title: v.string(),
  title_short: v.string(),
  description_short: v.string(),
  category: v.nullable(v.string()),
  category_id: v.nullable(v.number()),
  complexity: v.nullable(v.number()),
  consultation_limit: v.nullable(v.number()),
  main_image: v.nullable(WireMediaFile),
  background_image: v.nullable(WireMediaFile),
  demo_video_file_id: v.nullable(v.number()),
  version: v.number(),
  created_at: v.number(),
  updated_at: v.number(),
  is_demo_documents_accessible: v.number(),
  is_demo_expert_message_enabled: v.number(),
  is_demo_user_message_enabled: v.number(),
  is_demo_offline_mode_accessible: v.number(),
  training_options: EmptyList,
  documents: v.optional(v.array(WireDocument)),
  stages: v.optional(v.array(WireStage)),
  lesson_ids: v.optional(v.array(v.number())),
});

export const WireCourseVersion = v.object({
  course_id: v.number(),
  version: v.number(),
  is_supported: v.number(),
});

export const WireLesson = v.object({
  id: v.number(),
  title: v.string(),
  video_length: v.number(),
  training_options: EmptyList,
  local_video_file: v.nullable(WireVideoRef),
  local_description_video_file: v.nullable(WireVideoRef),
  vertical_video: v.nullable(WireVideoRef),
  vertical_description_video: v.nullable(WireVideoRef),
});

export const WireLessonSet = v.object({
  id: v.number(),
  sort: v.number(),
  repeat_count: v.number(),
  user_repeat_range_from: v.nullable(v.number()),
  user_repeat_range_to: v.nullable(v.number()),
  lessons: v.array(v.object({ id: v.number(), sort: v.number(), lesson: WireLesson })),
});

export const WireDay = v.object({
  id: v.number(),
  stage_id: v.number(),
  day_number: v.number(),
  title: v.string(),
  description_short: v.string(),
  day_of_rest: v.number(),
  opening_delay: v.number(),
  finish_total_time: v.number(),
  required_to_complete: v.number(),
  /** How many times the day is gone through (1 unless the course says otherwise). */
  repeat_count: v.number(),
  is_demo_accessible: v.boolean(),
  training_options: EmptyList,
  scores: v.number(),
  stage_day_homeworks: EmptyList,
  banners: EmptyList,
  lesson_sets: v.array(WireLessonSet),
});

type Wire<S extends v.GenericSchema> = v.InferOutput<S>;
/** Looks a media file up among those loaded for the answer; an id with no row reads as no file. */
type MediaLookup = (id: number | null) => MediaRow | undefined;

export interface CourseParts {
  documents?: Wire<typeof WireDocument>[];
  stages?: Wire<typeof WireStage>[];
  lessonIds?: number[];
}

export function toWireCourse(
  course: CourseRow,
  media: MediaLookup,
  parts: CourseParts,
): Wire<typeof WireCourse> {
  const mainImage = media(course.mainImageFileId);
  const backgroundImage = media(course.backgroundImageFileId);
  return {
    id: course.id,
    title: course.title,
    title_short: course.titleShort,
    description_short: course.descriptionShort,
    category: course.category,
    category_id: course.categoryId,
    complexity: course.complexity,
    consultation_limit: course.consultationLimit,
    main_image: mainImage ? toWireMediaFile(mainImage.file) : null,
    background_image: backgroundImage ? toWireMediaFile(backgroundImage.file) : null,
    demo_video_file_id: course.demoVideoFileId,
    version: course.version,
    created_at: toSeconds(course.createdAt),
    updated_at: toSeconds(course.updatedAt),
    is_demo_documents_accessible: course.isDemoDocumentsAccessible,
    is_demo_expert_message_enabled: course.isDemoExpertMessageEnabled,
    is_demo_user_message_enabled: course.isDemoUserMessageEnabled,
    is_demo_offline_mode_accessible: course.isDemoOfflineModeAccessible,
    training_options: [],
    ...(parts.documents ? { documents: parts.documents } : {}),
    ...(parts.stages ? { stages: parts.stages } : {}),
    ...(parts.lessonIds ? { lesson_ids: parts.lessonIds } : {}),
  };
}

export function toWireDocument(
  document: DocumentRow,
  file: MediaRow['file'] | null,
): Wire<typeof WireDocument> {
  return {
    id: document.id,
    title: document.title,
    url: document.url,
    file: file ? toWireMediaFile(file) : null,
    sort: document.sort,
  };
}

export function toWireStage(stage: StageRow, dayIds: number[]): Wire<typeof WireStage> {
  return {
    id: stage.id,
    course_id: stage.courseId,
    title: stage.title,
    sort: stage.sort,
    days: dayIds,
    course_stage_homeworks: [],
  };
}

export function toWireLesson(lesson: LessonRow, media: MediaLookup): Wire<typeof WireLesson> {
  const reference = (id: number | null) => {
    const row = media(id);
    return row ? toWireVideoRef(row) : null;
  };
  return {
    id: lesson.id,
    title: lesson.title,
    video_length: lesson.videoLengthSeconds,
    training_options: [],
    local_video_file: reference(lesson.localVideoFileId),
    local_description_video_file: reference(lesson.localDescriptionVideoFileId),
    vertical_video: reference(lesson.verticalVideoFileId),
    vertical_description_video: reference(lesson.verticalDescriptionVideoFileId),
  };
}

/** The four video references of a lesson, for loading their media in one go. */
export const videoFileIdsOf = (lesson: LessonRow): (number | null)[] => [
  lesson.localVideoFileId,
  lesson.localDescriptionVideoFileId,
  lesson.verticalVideoFileId,
  lesson.verticalDescriptionVideoFileId,
];

export function toWireLessonSet(
  set: LessonSetRow,
  placed: { link: LessonLinkRow; lesson: LessonRow }[],
  media: MediaLookup,
): Wire<typeof WireLessonSet> {
  return {
    id: set.id,
    sort: set.sort,
    repeat_count: set.repeatCount,
    user_repeat_range_from: set.userRepeatRangeFrom,
    user_repeat_range_to: set.userRepeatRangeTo,
    lessons: placed.map(({ link, lesson }) => ({
      id: link.id,
      sort: link.sort,
      lesson: toWireLesson(lesson, media),
    })),
  };
}

export function toWireDay(day: DayRow, sets: Wire<typeof WireLessonSet>[]): Wire<typeof WireDay> {
  return {
    id: day.id,
    stage_id: day.stageId,
    day_number: day.dayNumber,
    title: day.title,
    description_short: day.descriptionShort,
    day_of_rest: day.dayOfRest,
    opening_delay: day.openingDelaySeconds,
    finish_total_time: day.finishTotalTime,
    required_to_complete: day.requiredToComplete,
    repeat_count: day.repeatCount,
    is_demo_accessible: day.isDemoAccessible === 1,
    training_options: [],
    scores: 0,
    stage_day_homeworks: [],
    banners: [],
    lesson_sets: sets,
  };
}

export function toWireCourseVersion(row: {
  courseId: number;
  version: number;
  isSupported: number;
}): Wire<typeof WireCourseVersion> {
  return { course_id: row.courseId, version: row.version, is_supported: row.isSupported };
}
