import { access, copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mediaFiles, videos } from '../db/schema';
import { type MediaInfo, probeMedia } from '../infra/media/ffmpeg';
import {
  type SubtitleSource,
  type TranscodeRequest,
  transcodeVideo,
  UnreadableVideoError,
  type VideoManifest,
} from '../infra/media/transcode';
import { type CourseDraft, type LessonDraft, type WrittenCourse, writeCourse } from './course-writer';
import { newStagingFolder, removeAbandonedStaging } from './import-staging';
import {
  type CourseManifest,
  checkCourseFolder,
  type FileReference,
  lessonEntries,
  ManifestError,
  mimeTypeOf,
  resolveInside,
} from './manifest';

/**
 * Imports a course folder (see manifest.ts) into the database and the media folder, all or nothing:
 * 1. everything is checked first: the manifest, every file it names, every video probed;
 * 2. each distinct video is transcoded and each other file copied into a staging folder inside the
 *    media folder (so the final moves are renames on one file system); a video whose data turns out
 *    damaged while it is transcoded is refused like one the probe refused;
 * 3. one transaction inserts the media rows and the course, and moves the staged folders into place
 *    (`videos/<mediaFileId>/`, `files/<mediaFileId>/<name>`) before it commits.
 * Any failure removes the staging folder and every folder already moved, and the rollback leaves no
 * rows: nothing is ever half-imported. So does an abort (`signal`: the CLI's Ctrl+C) before the
 * transaction; a process killed outright leaves its staging folder to the next import
 * (import-staging.ts).
 */

export type ImportPhase = 'checking' | 'transcoding' | 'copying' | 'writing' | 'done';

export interface ImportProgress {
  phase: ImportPhase;
  /** While transcoding: which video (1-based) of how many, and its own fraction 0..1. */
  video?: { index: number; count: number; file: string; fraction: number };
  /** Fraction 0..1 of the whole import; transcoding is weighted by each video's duration. */
  overall: number;
}

/** The ffmpeg work, replaceable: the demo seed serves transcodes from a cache, tests inject failures. */
export interface MediaTools {
  probe(path: string): Promise<MediaInfo>;
  transcode(request: TranscodeRequest): Promise<VideoManifest>;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
  tools?: Partial<MediaTools>;
  /** Stops the import (ffmpeg included) and undoes its work; it rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface ImportTotals {
  stages: number;
  days: number;
  lessons: number;
  videos: number;
  /** Images and documents. */
  files: number;
  /** Everything written into the media folder. */
  bytes: number;
  /** Seconds of video. */
  videoSeconds: number;
}

export interface ImportedCourse extends WrittenCourse {
  title: string;
  /** Media file id of each video, by its path in the manifest. */
  videoFileIds: ReadonlyMap<string, number>;
  /** Media file id of each image or document, by its path in the manifest. */
  fileIds: ReadonlyMap<string, number>;
  totals: ImportTotals;
}

interface VideoJob {
  file: string;
  /** The first manifest field naming the file, for a refusal. */
  field: string;
  source: string;
  info: MediaInfo;
  subtitles: SubtitleSource[];
  staged: string;
  manifest?: VideoManifest;
}

interface FileJob {
  file: string;
  kind: 'image' | 'document';
  source: string;
  staged: string;
  sizeBytes: number;
}

/** Share of the overall progress the transcodes take; checking, copying and writing share the rest. */
const TRANSCODE_SHARE = 0.9;
/** Probes run a few at a time: each is a short ffmpeg process. */
const PROBE_CONCURRENCY = 4;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Subtitles of each video: lessons give theirs to the main video and its vertical variant. */
function subtitlesByVideo(manifest: CourseManifest, folder: string): Map<string, SubtitleSource[]> {
  const byVideo = new Map<string, Map<string, SubtitleSource>>();
  for (const { lesson } of lessonEntries(manifest)) {
    for (const video of [lesson.video, lesson.verticalVideo]) {
      if (video === null) continue;
      const known = byVideo.get(video) ?? new Map<string, SubtitleSource>();
      byVideo.set(video, known);
      for (const sub of lesson.subtitles)
        known.set(sub.languageCode, {
          path: resolveInside(folder, sub.file) as string,
          languageCode: sub.languageCode,
          name: sub.name,
        });
    }
  }
  return new Map([...byVideo].map(([video, subs]) => [video, [...subs.values()]]));
}

/** The first reference of each distinct file of the given kinds, in manifest order. */
function distinct(references: readonly FileReference[], kinds: readonly FileReference['kind'][]) {
  const seen = new Map<string, FileReference>();
  for (const ref of references) if (kinds.includes(ref.kind) && !seen.has(ref.file)) seen.set(ref.file, ref);
  return [...seen.values()];
}

/** Probes every video: what each one is, and a problem naming each file that is not one. */
async function probeAll(
  folder: string,
  references: readonly FileReference[],
  probe: MediaTools['probe'],
): Promise<{ infos: Map<string, MediaInfo>; problems: string[] }> {
  const media = distinct(references, ['video']);
  const problems: string[] = [];
  const infos = new Map<string, MediaInfo>();
  await mapLimited(media, PROBE_CONCURRENCY, async (ref) => {
    const info = await probe(resolveInside(folder, ref.file) as string).catch(() => null);
    if (!info) problems.push(`${ref.field}: not a video ffmpeg can read: ${ref.file}`);
    else if (!info.video)
      problems.push(`${ref.field}: no moving picture (only sound, or a still image): ${ref.file}`);
    else infos.set(ref.file, info);
  });
  return { infos, problems };
}

/** Seconds a video plays, as transcoded: a source's header can claim more than its data holds. */
const playSeconds = (job: VideoJob) => (job.manifest as VideoManifest).durationSeconds;

const lengthOf = (jobs: ReadonlyMap<string, VideoJob>, file: string | null) => {
  const job = file === null ? undefined : jobs.get(file);
  return job === undefined ? 0 : Math.round(playSeconds(job));
};

function courseDraft(
  manifest: CourseManifest,
  videoIds: ReadonlyMap<string, number>,
  fileIds: ReadonlyMap<string, number>,
  jobs: ReadonlyMap<string, VideoJob>,
): CourseDraft {
  const idOf = (ids: ReadonlyMap<string, number>, file: string | null) =>
    file === null ? null : (ids.get(file) ?? null);
  return {
    title: manifest.title,
    titleShort: manifest.titleShort,
    descriptionShort: manifest.descriptionShort,
    category: manifest.category,
    complexity: manifest.complexity,
    consultationLimit: manifest.consultationLimit,
    version: manifest.version,
    isDemoDocumentsAccessible: manifest.isDemoDocumentsAccessible,
    isDemoExpertMessageEnabled: manifest.isDemoExpertMessageEnabled,
    isDemoUserMessageEnabled: manifest.isDemoUserMessageEnabled,
    isDemoOfflineModeAccessible: manifest.isDemoOfflineModeAccessible,
    mainImageFileId: idOf(fileIds, manifest.image),
    backgroundImageFileId: idOf(fileIds, manifest.background),
    demoVideoFileId: idOf(videoIds, manifest.demoVideo),
    documents: manifest.materials.map((m) => ({ title: m.title, url: m.url, fileId: idOf(fileIds, m.file) })),
    stages: manifest.stages.map((stage) => ({
      title: stage.title,
      days: stage.days.map((day) => {
        const lessonSets = day.lessonSets.map((set) => ({
          repeatCount: set.repeatCount,
          userRepeatRangeFrom: set.userRepeatRangeFrom,
          userRepeatRangeTo: set.userRepeatRangeTo,
          lessons: set.lessons.map(
            (lesson): LessonDraft => ({
              title: lesson.title,
              videoLengthSeconds: lengthOf(jobs, lesson.video),
              localVideoFileId: idOf(videoIds, lesson.video),
              localDescriptionVideoFileId: idOf(videoIds, lesson.descriptionVideo),
              verticalVideoFileId: idOf(videoIds, lesson.verticalVideo),
              verticalDescriptionVideoFileId: idOf(videoIds, lesson.verticalDescriptionVideo),
            }),
          ),
        }));
        return {
          title: day.title,
          descriptionShort: day.descriptionShort,
          dayOfRest: day.dayOfRest,
          openingDelaySeconds: day.openingDelaySeconds,
          isDemoAccessible: day.isDemoAccessible,
          requiredToComplete: day.requiredToComplete,
          repeatCount: day.repeatCount,
          lessonSets,
        };
      }),
    })),
  };
}

/** The id the next media file row will get: one past the last its sequence gave, else the first. */
async function nextMediaFileId(db: Db): Promise<number> {
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows.
  const { rows } = (await db.execute(
    sql`select pg_sequence_last_value(pg_get_serial_sequence('media_files', 'id')::regclass)::text as last`,
  )) as unknown as { rows: { last: string | null }[] };
  const last = rows[0]?.last;
  return last === null || last === undefined ? 1 : Number(last) + 1;
}

/**
 * The media folders an import moves into are named by ids the database has not given yet. A folder
 * already there under such an id holds another database's media (MEDIA_DIR kept while the database
 * was made anew): the import would fail on it at its end, so it is refused before any transcode.
 */
async function refuseForeignMedia(db: Db, root: string): Promise<void> {
  const next = await nextMediaFileId(db);
  const foreign: string[] = [];
  for (const kind of ['videos', 'files']) {
    const names = await readdir(join(root, kind)).catch(() => [] as string[]);
    for (const name of names) if (/^\d+$/.test(name) && Number(name) >= next) foreign.push(`${kind}/${name}`);
  }
  if (foreign.length > 0)
    throw new ManifestError([
      `MEDIA_DIR (${root}) holds the media of another database (${foreign.slice(0, 3).join(', ')}` +
        `${foreign.length > 3 ? ', …' : ''}): remove it together with that database, or point MEDIA_DIR elsewhere`,
    ]);
}

/** Moves a staged folder to its final place; a folder already there (another database's media) is an error. */
async function moveIntoPlace(staged: string, target: string, moved: string[]): Promise<void> {
  if (await exists(target))
    throw new Error(
      `media folder ${target} already exists: MEDIA_DIR holds the media of another database ` +
        '(remove it together with that database, or point MEDIA_DIR elsewhere)',
    );
  await mkdir(resolve(target, '..'), { recursive: true });
  await rename(staged, target);
  moved.push(target);
}

export async function importCourse(
  db: Db,
  mediaDir: string,
  folder: string,
  options: ImportOptions = {},
): Promise<ImportedCourse> {
  const tools: MediaTools = {
    probe: options.tools?.probe ?? probeMedia,
    transcode: options.tools?.transcode ?? transcodeVideo,
  };
  const report = options.onProgress ?? (() => undefined);
  const { signal } = options;
  const root = resolve(mediaDir);
  report({ phase: 'checking', overall: 0 });
  await removeAbandonedStaging(root);
  await refuseForeignMedia(db, root);

  // The videos are probed even when the manifest has problems: the author hears of every one at once.
  const { manifest, references, problems } = await checkCourseFolder(folder);
  const probed = await probeAll(folder, references, tools.probe);
  problems.push(...probed.problems);
  if (!manifest || problems.length > 0) throw new ManifestError(problems);
  const { infos } = probed;

  const staging = newStagingFolder(root);
  const subtitles = subtitlesByVideo(manifest, folder);
  const videoJobs = new Map<string, VideoJob>(
    distinct(references, ['video']).map((ref, index) => [
      ref.file,
      {
        file: ref.file,
        field: ref.field,
        source: resolveInside(folder, ref.file) as string,
        info: infos.get(ref.file) as MediaInfo,
        subtitles: subtitles.get(ref.file) ?? [],
        staged: join(staging, 'videos', String(index)),
      },
    ]),
  );
  const fileJobs: FileJob[] = distinct(references, ['image', 'document']).map((ref, index) => ({
    file: ref.file,
    kind: ref.kind === 'image' ? 'image' : 'document',
    source: resolveInside(folder, ref.file) as string,
    staged: join(staging, 'files', String(index)),
    sizeBytes: 0,
  }));

  const moved: string[] = [];
  try {
    await mkdir(staging, { recursive: true });
    // Weighted by the probed durations: what each video plays is known once it is transcoded.
    const totalSeconds = [...videoJobs.values()].reduce((sum, job) => sum + job.info.durationSeconds, 0);
    let doneSeconds = 0;
    let index = 0;
    for (const job of videoJobs.values()) {
      index += 1;
      const count = videoJobs.size;
      const at = (fraction: number) => {
        const done = doneSeconds + fraction * job.info.durationSeconds;
        report({
          phase: 'transcoding',
          video: { index, count, file: job.file, fraction },
          overall: TRANSCODE_SHARE * (totalSeconds > 0 ? done / totalSeconds : 1),
        });
      };
      signal?.throwIfAborted();
      job.manifest = await tools
        .transcode({
          source: job.source,
          subtitles: job.subtitles,
          outputDir: job.staged,
          onProgress: at,
          signal,
        })
        .catch((error: unknown) => {
          // What the probe could not see shows while transcoding; it is refused the same way.
          if (error instanceof UnreadableVideoError)
            throw new ManifestError([
              `${job.field}: not a video ffmpeg can read: ${job.file} (${error.reason})`,
            ]);
          throw error;
        });
      doneSeconds += job.info.durationSeconds;
    }

    report({ phase: 'copying', overall: TRANSCODE_SHARE });
    for (const job of fileJobs) {
      signal?.throwIfAborted();
      await mkdir(job.staged, { recursive: true });
      await copyFile(job.source, join(job.staged, basename(job.file)));
      job.sizeBytes = (await stat(job.source)).size;
    }

    // Past this point the import finishes: the transaction is short, and it commits or rolls back whole.
    signal?.throwIfAborted();
    report({ phase: 'writing', overall: TRANSCODE_SHARE + (1 - TRANSCODE_SHARE) / 2 });
    const written = await db.transaction(async (tx) => {
      const videoFileIds = new Map<string, number>();
      for (const job of videoJobs.values()) {
        const videoManifest = job.manifest as VideoManifest;
        const [row] = await tx
          .insert(mediaFiles)
          .values({
            type: 1,
            name: basename(job.file),
            storagePath: '',
            mimeType: 'video/mp4',
            sizeBytes: videoManifest.totalSizeBytes,
          })
          .returning({ id: mediaFiles.id });
        if (!row) throw new Error('a media file was not written');
        const storagePath = `videos/${row.id}`;
        await tx.update(mediaFiles).set({ storagePath }).where(eq(mediaFiles.id, row.id));
        await tx.insert(videos).values({
          mediaFileId: row.id,
          durationSeconds: Math.round(playSeconds(job)),
          manifest: videoManifest as unknown as Record<string, unknown>,
        });
        videoFileIds.set(job.file, row.id);
      }
      const fileIds = new Map<string, number>();
      for (const job of fileJobs) {
        const name = basename(job.file);
        const [row] = await tx
          .insert(mediaFiles)
          .values({
            type: job.kind === 'image' ? 2 : 4,
            name,
            storagePath: '',
            mimeType: mimeTypeOf(job.file),
            sizeBytes: job.sizeBytes,
          })
          .returning({ id: mediaFiles.id });
        if (!row) throw new Error('a media file was not written');
        await tx
          .update(mediaFiles)
          .set({ storagePath: `files/${row.id}/${name}` })
          .where(eq(mediaFiles.id, row.id));
        fileIds.set(job.file, row.id);
      }
      const course = await writeCourse(tx, courseDraft(manifest, videoFileIds, fileIds, videoJobs));
      // Last inside the transaction: a failed move rolls the rows back, and a failed commit is
      // undone below by removing what was moved.
      for (const job of videoJobs.values())
        await moveIntoPlace(job.staged, join(root, 'videos', String(videoFileIds.get(job.file))), moved);
      for (const job of fileJobs)
        await moveIntoPlace(job.staged, join(root, 'files', String(fileIds.get(job.file))), moved);
      return { course, videoFileIds, fileIds };
    });

    const videoManifests = [...videoJobs.values()].map((job) => job.manifest as VideoManifest);
    const totals: ImportTotals = {
      stages: manifest.stages.length,
      days: written.course.days.length,
      lessons: written.course.days.reduce((sum, day) => sum + day.lessonSetLessonIds.length, 0),
      videos: videoJobs.size,
      files: fileJobs.length,
      bytes:
        videoManifests.reduce((sum, m) => sum + m.totalSizeBytes, 0) +
        fileJobs.reduce((sum, job) => sum + job.sizeBytes, 0),
      videoSeconds: Math.round(videoManifests.reduce((sum, m) => sum + m.durationSeconds, 0)),
    };
    report({ phase: 'done', overall: 1 });
    return {
      ...written.course,
      title: manifest.title,
      videoFileIds: written.videoFileIds,
      fileIds: written.fileIds,
      totals,
    };
  } catch (error) {
    await Promise.all(moved.map((target) => rm(target, { recursive: true, force: true })));
    // ffmpeg stopped by the signal fails in its own words; the caller hears why it was stopped.
    throw signal?.aborted ? signal.reason : error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
