/**
 * A course and its stages as the learning screens use them (content spec, section 3 "Course",
 * "Stage"). Days are day.ts.
 */
export const MEDIA_TYPES = { 1: 'video', 2: 'image', 3: 'sound', 4: 'document', 5: 'subtitle' } as const;
export type MediaType = (typeof MEDIA_TYPES)[keyof typeof MEDIA_TYPES];

export type MediaFile = {
  id: number;
  type: MediaType | null;
  name: string;
  url: string;
  mimeType: string | null;
  sizeBytes: number | null;
  /** Image sizes; null for other files. */
  urls: { small: string; medium: string; large: string } | null;
};

export type CourseDocument = { id: number; title: string; url: string | null; file: MediaFile | null };

export type Course = {
  id: number;
  title: string;
  titleShort: string;
  /** The course's caption (the server's `description_short`). */
  excerpt: string;
  category: string | null;
  mainImage: MediaFile | null;
  backgroundImage: MediaFile | null;
  consultationLimit: number | null;
  version: number;
  isDemoDocumentsAccessible: boolean;
  isDemoExpertMessageEnabled: boolean;
  isDemoUserMessageEnabled: boolean;
  isDemoOfflineModeAccessible: boolean;
  /** Only with `expand=documents`: the rows with a url or a file, sorted. */
  documents: CourseDocument[] | null;
};

export type Stage = { id: number; courseId: number; title: string; sort: number; dayIds: number[] };

export type CourseVersion = { courseId: number; version: number; isSupported: boolean };

/**
 * The course version update modal shows when the stream's version is not a supported version of its
 * course: the list does not say it is supported, or the stream names no version at all.
 */
export function isCourseVersionSupported(
  stream: { courseId: number; courseVersion: number | null },
  versions: readonly CourseVersion[],
): boolean {
  if (stream.courseVersion === null) return false;
  return versions.some(
    (version) =>
      version.courseId === stream.courseId && version.version === stream.courseVersion && version.isSupported,
  );
}
