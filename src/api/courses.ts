import * as v from 'valibot';
import {
  type Course,
  type CourseDocument,
  type CourseVersion,
  MEDIA_TYPES,
  type MediaFile,
  type Stage,
} from '../domain/learning/course';
import type { ApiClient } from './client';
import { fetchAllPages } from './listPages';
import { flagToBoolean, WireFlag } from './wire';

/**
 * Courses as the learner's streams reach them (wire contract "Course", "Stage", "GET
 * /courses/versions"), and the media files they show (images, documents).
 */

const WireImageSizesSchema = v.object({ small: v.string(), medium: v.string(), large: v.string() });

export const WireMediaFileSchema = v.object({
  id: v.number(),
  type: v.number(),
  name: v.string(),
  url: v.string(),
  mime_type: v.nullish(v.string()),
  size_bytes: v.nullish(v.number()),
  urls: v.nullish(WireImageSizesSchema),
});

const isMediaTypeCode = (code: number): code is keyof typeof MEDIA_TYPES => Object.hasOwn(MEDIA_TYPES, code);

export function toMediaFile(wire: v.InferOutput<typeof WireMediaFileSchema>): MediaFile {
  return {
    id: wire.id,
    type: isMediaTypeCode(wire.type) ? MEDIA_TYPES[wire.type] : null,
    name: wire.name,
    url: wire.url,
    mimeType: wire.mime_type ?? null,
    sizeBytes: wire.size_bytes ?? null,
    urls: wire.urls ?? null,
  };
}

const WireDocumentSchema = v.object({
  id: v.number(),
  title: v.string(),
  url: v.nullish(v.string()),
  file: v.nullish(WireMediaFileSchema),
  sort: v.optional(v.number(), 0),
});

const toCourseDocument = (wire: v.InferOutput<typeof WireDocumentSchema>): CourseDocument => ({
  id: wire.id,
  title: wire.title,
  url: wire.url ?? null,
  file: wire.file ? toMediaFile(wire.file) : null,
});

export const WireStageSchema = v.object({
  id: v.number(),
  course_id: v.number(),
  title: v.nullish(v.string()),
  sort: v.number(),
  days: v.array(v.number()),
});

export const toStage = (wire: v.InferOutput<typeof WireStageSchema>): Stage => ({
  id: wire.id,
  courseId: wire.course_id,
  title: wire.title ?? '',
  sort: wire.sort,
  dayIds: wire.days,
});

export const WireCourseSchema = v.object({
  id: v.number(),
  title: v.string(),
  title_short: v.nullish(v.string()),
  description_short: v.nullish(v.string()),
  category: v.nullish(v.string()),
  category_id: v.nullish(v.number()),
  complexity: v.nullish(v.number()),
  consultation_limit: v.nullish(v.number()),
  main_image: v.nullish(WireMediaFileSchema),
  background_image: v.nullish(WireMediaFileSchema),
  demo_video_file_id: v.nullish(v.number()),
  version: v.number(),
  is_demo_documents_accessible: v.optional(WireFlag, 0),
  is_demo_expert_message_enabled: v.optional(WireFlag, 0),
  is_demo_user_message_enabled: v.optional(WireFlag, 0),
  is_demo_offline_mode_accessible: v.optional(WireFlag, 0),
  documents: v.optional(v.array(WireDocumentSchema)),
  stages: v.optional(v.array(WireStageSchema)),
  lesson_ids: v.optional(v.array(v.number())),
});

export function toCourse(wire: v.InferOutput<typeof WireCourseSchema>): Course {
  return {
    id: wire.id,
    title: wire.title,
    titleShort: wire.title_short ?? '',
    excerpt: wire.description_short ?? '',
    category: wire.category ?? null,
    mainImage: wire.main_image ? toMediaFile(wire.main_image) : null,
    backgroundImage: wire.background_image ? toMediaFile(wire.background_image) : null,
    consultationLimit: wire.consultation_limit ?? null,
    version: wire.version,
    isDemoDocumentsAccessible: flagToBoolean(wire.is_demo_documents_accessible),
    isDemoExpertMessageEnabled: flagToBoolean(wire.is_demo_expert_message_enabled),
    isDemoUserMessageEnabled: flagToBoolean(wire.is_demo_user_message_enabled),
    isDemoOfflineModeAccessible: flagToBoolean(wire.is_demo_offline_mode_accessible),
    documents: wire.documents
      ? [...wire.documents].sort((a, b) => a.sort - b.sort).map(toCourseDocument)
      : null,
  };
}

export const WireCourseVersionSchema = v.object({
  course_id: v.number(),
  version: v.number(),
  is_supported: WireFlag,
});

export type CourseExpand = 'documents' | 'stages' | 'lessons';
const expandQuery = (expand: readonly CourseExpand[]) => (expand.length > 0 ? expand.join(',') : undefined);

/** The courses of all the learner's streams: one list call (paged), not one call per stream. */
export async function fetchCourses(api: ApiClient, expand: readonly CourseExpand[] = []): Promise<Course[]> {
  const courses = await fetchAllPages(api, WireCourseSchema, '/courses', { expand: expandQuery(expand) });
  return courses.map(toCourse);
}

/** `token` reads with a session that is not the client's yet (the page's read-ahead as the app starts). */
export async function fetchCourse(
  api: ApiClient,
  courseId: number,
  expand: readonly CourseExpand[] = [],
  token?: string,
): Promise<Course> {
  const { data } = await api.request(WireCourseSchema, `/courses/${courseId}`, {
    query: { expand: expandQuery(expand) },
    token,
  });
  return toCourse(data);
}

export async function fetchCourseVersions(api: ApiClient): Promise<CourseVersion[]> {
  const { data } = await api.request(v.array(WireCourseVersionSchema), '/courses/versions');
  return data.map((version) => ({
    courseId: version.course_id,
    version: version.version,
    isSupported: flagToBoolean(version.is_supported),
  }));
}

/** The course's stages in their order, each with its day ids in day-number order. */
export async function fetchStages(api: ApiClient, courseId: number): Promise<Stage[]> {
  const { data } = await api.request(v.array(WireStageSchema), `/courses/${courseId}/stages`);
  return data.map(toStage).sort((a, b) => a.sort - b.sort);
}
