import type { Lesson, SetLesson, Video } from './day';

/**
 * Lesson downloads (content spec: the video download lifecycle, the no-space-left error, the Video
 * fields `localUrl` and `downloadStatus`): what a lesson stores, how big it is, whether the device
 * has room for it, and whether a stream may offer downloads at all.
 */

/** The spec's download lifecycle; `none` is a lesson nobody asked to download. */
export type DownloadStatus = 'none' | 'pending' | 'loading' | 'loaded' | 'fail';

/** The spec's code of a download that failed for lack of room ('Not enough space'). */
export const NO_SPACE_CODE = 10;

/** Room the device must have beyond the download's size, as a factor of it. */
export const SPACE_MARGIN = 1.1;

/** One file a lesson download stores, by its absolute URL; `sizeBytes` null until measured. */
export type DownloadFile = { url: string; sizeBytes: number | null };

/** What a download is about: the lesson and where the learner meets it. */
export type DownloadLesson = {
  lessonId: number;
  /** The media file id of the lesson's main video (the download's "FileId"). */
  fileId: number | null;
  streamId: number;
  dayId: number;
  courseTitle: string;
  lessonTitle: string;
  files: DownloadFile[];
  /**
   * The lesson as its player needs it, kept with the download: a stored lesson then plays from the
   * Downloads screen even once the day's kept answer has expired (after a day without a network).
   * Downloads stored before this was kept have none; they play from their day only.
   */
  item?: SetLesson;
};

/**
 * A download as stored between visits (IndexedDB); `code` is the failure's code, `offline` says it
 * came from a lost network (records stored before it was kept have none).
 */
export type DownloadRecord = DownloadLesson & {
  status: Exclude<DownloadStatus, 'none'>;
  sizeBytes: number;
  downloadedAt: number | null;
  code: number | null;
  offline?: boolean;
};

/** A failure the download reports: code 10 for lack of room, null for any other. */
export type DownloadFailure = { code: number | null };

/**
 * Missing-parameter messages of the spec's download validation: a download names its main video's
 * URL (its first file) and media file id.
 */
export function validateDownload(lesson: Pick<DownloadLesson, 'files' | 'fileId'>): string | null {
  if (!lesson.files[0]?.url) return 'Url must be set';
  if (lesson.fileId === null) return 'FileId must be set';
  return null;
}

const videoFiles = (video: Video | null): DownloadFile[] =>
  video
    ? [
        { url: video.mp4, sizeBytes: video.mp4SizeBytes ?? null },
        ...video.subtitles.map((subtitle) => ({ url: subtitle.url, sizeBytes: subtitle.sizeBytes ?? null })),
        ...(video.poster ? [{ url: video.poster, sizeBytes: video.posterSizeBytes ?? null }] : []),
      ]
    : [];

/**
 * The files a lesson download stores, as absolute URLs on `origin`: each of its videos (main,
 * vertical, description, vertical description) as its MP4 with subtitles and poster, each URL once.
 */
export function lessonFiles(lesson: Lesson, origin: string): DownloadFile[] {
  const files = [lesson.video, lesson.verticalVideo, lesson.descriptionVideo, lesson.verticalDescriptionVideo]
    .flatMap(videoFiles)
    .filter((file) => file.url !== '')
    .map((file) => ({ ...file, url: new URL(file.url, origin).href }));
  return files.filter((file, index) => files.findIndex((other) => other.url === file.url) === index);
}

/** The size shown and checked: every file's bytes (files not measured yet count nothing). */
export const downloadSize = (files: readonly DownloadFile[]): number =>
  files.reduce((total, file) => total + (file.sizeBytes ?? 0), 0);

/** Whether the storage estimate leaves room for `sizeBytes` with the margin the spec asks. */
export function hasRoomFor(estimate: { quota?: number; usage?: number }, sizeBytes: number): boolean {
  // A browser that cannot estimate gives no reason to refuse; a later quota error still rolls back.
  if (estimate.quota === undefined) return true;
  return estimate.quota - (estimate.usage ?? 0) >= SPACE_MARGIN * sizeBytes;
}

/** Percent done, whole, 0 while the total is unknown. */
export const downloadPercent = (bytes: number, total: number): number =>
  total > 0 ? Math.min(100, Math.floor((bytes / total) * 100)) : 0;

/**
 * Downloads exist only where the brand's `isOfflineEnable` is on, and on a demo stream only when
 * its course's `isDemoOfflineModeAccessible` is (the default).
 */
export function offersDownloads(
  brandOfflineEnabled: boolean,
  stream: { isDemo: boolean },
  course: { isDemoOfflineModeAccessible: boolean } | null,
): boolean {
  if (!brandOfflineEnabled) return false;
  return !stream.isDemo || (course?.isDemoOfflineModeAccessible ?? true);
}

/**
 * The video as the player plays it from the download (`localUrl`): its MP4, which the service
 * worker answers from the download cache; HLS segments are never stored, so HLS is off.
 */
export const downloadedVideo = (video: Video): Video => ({ ...video, hls: null });

/** A lesson of a day as a download: its files on `origin`, where the learner meets it, and the lesson. */
export const downloadLessonOf = (
  item: SetLesson,
  where: { streamId: number; dayId: number; courseTitle: string },
  origin: string,
): DownloadLesson => ({
  lessonId: item.lesson.id,
  fileId: item.lesson.video?.id ?? null,
  ...where,
  lessonTitle: item.lesson.subtitle ? `${item.lesson.title} (${item.lesson.subtitle})` : item.lesson.title,
  files: lessonFiles(item.lesson, origin),
  item,
});
