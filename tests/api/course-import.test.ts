import { spawn } from 'node:child_process';
import {
  access,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportProgress, importCourse, type MediaTools } from '../../server/authoring/importer';
import { ManifestError } from '../../server/authoring/manifest';
import {
  courseDocuments,
  courseStages,
  courses,
  lessonSetLessons,
  lessonSets,
  lessons,
  mediaFiles,
  stageDays,
  videos,
} from '../../server/db/schema';
import { runFfmpeg } from '../../server/infra/media/ffmpeg';
import { transcodeVideo } from '../../server/infra/media/transcode';
import { TINY_MANIFEST, TINY_SECONDS, writeTinyCourse } from './course-folder';
import { serverForFile } from './harness';
import { snapshot } from './table-snapshot';

const { server } = serverForFile();
let work: string;
let folder: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'course-import-'));
  folder = join(work, 'course');
  await writeTinyCourse(folder);
});
afterAll(() => rm(work, { recursive: true, force: true }));

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** A fresh, empty media folder for one import. */
const freshMediaDir = () => mkdtemp(join(work, 'media-'));

describe('importing a course folder', () => {
  it('writes the course, its media rows and the media files, reporting progress up to done', async () => {
    const mediaDir = await freshMediaDir();
    const progress: ImportProgress[] = [];
    const imported = await importCourse(server.db, mediaDir, folder, { onProgress: (p) => progress.push(p) });

    expect(imported.totals).toEqual({
      stages: 2,
      days: 3,
      lessons: 3,
      videos: 2,
      files: 2,
      bytes: expect.any(Number),
      videoSeconds: 2 * TINY_SECONDS,
    });
    const overall = progress.map((p) => p.overall);
    expect(overall).toEqual([...overall].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ phase: 'done', overall: 1 });
    expect(progress.some((p) => p.phase === 'transcoding' && p.video?.count === 2)).toBe(true);

    const [course] = await server.db.select().from(courses).where(eq(courses.id, imported.courseId));
    const cover = imported.fileIds.get('cover.png');
    expect(course).toMatchObject({
      title: 'Tiny course',
      titleShort: 'Tiny',
      descriptionShort: 'Two short lessons.',
      category: 'Tests',
      complexity: 2,
      consultationLimit: 1,
      version: 3,
      isDemoExpertMessageEnabled: 0,
      isDemoDocumentsAccessible: 1,
      mainImageFileId: cover,
      backgroundImageFileId: null,
    });

    const landscape = imported.videoFileIds.get('media/landscape.mp4') as number;
    const portrait = imported.videoFileIds.get('media/portrait.mp4') as number;
    const rows = await server.db
      .select()
      .from(mediaFiles)
      .where(inArray(mediaFiles.id, [landscape, portrait, ...imported.fileIds.values()]))
      .orderBy(asc(mediaFiles.id));
    expect(rows.map((row) => [row.type, row.name, row.storagePath, row.mimeType])).toEqual([
      [1, 'landscape.mp4', `videos/${landscape}`, 'video/mp4'],
      [1, 'portrait.mp4', `videos/${portrait}`, 'video/mp4'],
      [2, 'cover.png', `files/${cover}/cover.png`, 'image/png'],
      [
        4,
        'handbook.pdf',
        `files/${imported.fileIds.get('docs/handbook.pdf')}/handbook.pdf`,
        'application/pdf',
      ],
    ]);
    for (const row of rows) {
      const path = join(mediaDir, row.storagePath);
      if (row.type === 1) expect(await exists(join(path, 'master.m3u8'))).toBe(true);
      else expect((await stat(path)).size).toBe(row.sizeBytes);
    }
    // The subtitles of a lesson go with its video and the vertical variant.
    for (const id of [landscape, portrait]) {
      const master = await readFile(join(mediaDir, 'videos', String(id), 'master.m3u8'), 'utf8');
      expect(master).toContain('LANGUAGE="en"');
      expect(master).toContain('LANGUAGE="es"');
    }
    const videoRows = await server.db
      .select()
      .from(videos)
      .where(inArray(videos.mediaFileId, [landscape, portrait]));
    expect(videoRows.map((row) => row.durationSeconds)).toEqual([TINY_SECONDS, TINY_SECONDS]);
    expect(videoRows[0]?.manifest).toMatchObject({ master: 'master.m3u8', mp4: { path: 'video.mp4' } });

    const documents = await server.db
      .select()
      .from(courseDocuments)
      .where(eq(courseDocuments.courseId, imported.courseId))
      .orderBy(asc(courseDocuments.sort));
    expect(documents.map((d) => [d.title, d.url, d.fileId])).toEqual([
      ['Handbook', null, imported.fileIds.get('docs/handbook.pdf')],
      ['Website', 'https://example.com/tiny', null],
    ]);

    const days = await server.db
      .select()
      .from(stageDays)
      .innerJoin(courseStages, eq(stageDays.stageId, courseStages.id))
      .where(eq(courseStages.courseId, imported.courseId))
      .orderBy(asc(stageDays.dayNumber));
    expect(
      days.map(({ stage_days: d }) => [
        d.dayNumber,
        d.title,
        d.dayOfRest,
        d.openingDelaySeconds,
        d.isDemoAccessible,
        d.repeatCount,
      ]),
    ).toEqual([
      [1, 'First day', 0, 0, 1, 1],
      [2, 'Rest', 1, 86_400, 0, 1],
      [3, 'Second day', 0, 36 * 3600, 0, 3],
    ]);
    // The second day repeats its set twice: two lessons of two seconds each time. The day's own
    // repeat count (3) does not multiply it.
    expect(days[2]?.stage_days.finishTotalTime).toBe(2 * 2 * TINY_SECONDS);

    const [set] = await server.db
      .select()
      .from(lessonSets)
      .where(eq(lessonSets.dayId, days[2]?.stage_days.id as number));
    expect(set).toMatchObject({ repeatCount: 2, userRepeatRangeFrom: 1, userRepeatRangeTo: 3 });
    const lessonRows = await server.db
      .select({ lesson: lessons })
      .from(lessonSetLessons)
      .innerJoin(lessons, eq(lessonSetLessons.lessonId, lessons.id))
      .where(eq(lessons.courseId, imported.courseId))
      .orderBy(asc(lessonSetLessons.id));
    expect(
      lessonRows.map(({ lesson: l }) => [
        l.title,
        l.videoLengthSeconds,
        l.localVideoFileId,
        l.verticalVideoFileId,
        l.localDescriptionVideoFileId,
      ]),
    ).toEqual([
      ['Watch (theory)', TINY_SECONDS, landscape, portrait, null],
      ['Again (execution)', TINY_SECONDS, landscape, null, null],
      ['Upright (execution)', TINY_SECONDS, portrait, null, landscape],
    ]);
    // Nothing is left in the media folder but the final folders.
    expect((await readdir(mediaDir)).sort()).toEqual(['files', 'videos']);
  });
});

/** Makes the MP4's movie header claim three times the duration its data plays. */
async function overstateDuration(path: string): Promise<void> {
  const bytes = await readFile(path);
  // mvhd (version 0): size, type, version and flags, creation and modification times, timescale, duration.
  const duration = bytes.indexOf('mvhd') + 4 + 4 + 4 + 4 + 4;
  bytes.writeUInt32BE(bytes.readUInt32BE(duration) * 3, duration);
  await writeFile(path, bytes);
}

describe('a video whose header claims more than it plays', () => {
  it('is stored with the seconds it plays', async () => {
    const overstated = join(work, 'overstated');
    await writeTinyCourse(overstated);
    await overstateDuration(join(overstated, 'media/landscape.mp4'));
    const imported = await importCourse(server.db, await freshMediaDir(), overstated);
    const id = imported.videoFileIds.get('media/landscape.mp4') as number;
    const [video] = await server.db.select().from(videos).where(eq(videos.mediaFileId, id));
    expect(video?.durationSeconds).toBe(TINY_SECONDS);
    const [lesson] = await server.db
      .select()
      .from(lessons)
      .where(and(eq(lessons.courseId, imported.courseId), eq(lessons.localVideoFileId, id)));
    expect(lesson?.videoLengthSeconds).toBe(TINY_SECONDS);
    expect(imported.totals.videoSeconds).toBe(2 * TINY_SECONDS);
  });
});

/** Imports with the real transcoder, counting its runs; the error the import failed with, if any. */
async function importCountingTranscodes(mediaDir: string, from: string) {
  let transcodes = 0;
  const error = await importCourse(server.db, mediaDir, from, {
    tools: {
      transcode: (request) => {
        transcodes += 1;
        return transcodeVideo(request);
      },
    },
  }).catch((e: unknown) => e);
  return { error, transcodes };
}

describe('a failed import leaves no rows and no files', () => {
  /** The real transcoder, failing on the nth video. */
  function failingTranscode(failOn: number): MediaTools['transcode'] {
    let calls = 0;
    return async (request) => {
      calls += 1;
      if (calls === failOn) throw new Error('the disk is full');
      return transcodeVideo(request);
    };
  }

  it('when the second video fails to transcode', async () => {
    const mediaDir = await freshMediaDir();
    const before = await snapshot(server.db);
    await expect(
      importCourse(server.db, mediaDir, folder, { tools: { transcode: failingTranscode(2) } }),
    ).rejects.toThrow('the disk is full');
    expect(await snapshot(server.db)).toEqual(before);
    expect(await readdir(mediaDir)).toEqual([]);
  });

  it('when moving the files into place fails after the videos were moved', async () => {
    const mediaDir = await freshMediaDir();
    // A plain file where the documents' folder belongs: the videos move, then the first file cannot.
    await writeFile(join(mediaDir, 'files'), 'in the way');
    const before = await snapshot(server.db);
    await expect(importCourse(server.db, mediaDir, folder)).rejects.toThrow();
    expect(await snapshot(server.db)).toEqual(before);
    expect((await readdir(mediaDir)).sort()).toEqual(['files', 'videos']);
    expect(await readdir(join(mediaDir, 'videos'))).toEqual([]);
  });

  it('when a file named as a video is not one: refused before any transcode, the field named', async () => {
    const bad = join(work, 'bad-video');
    await writeTinyCourse(bad);
    await writeFile(join(bad, 'media/portrait.mp4'), 'not a video at all');
    const mediaDir = await freshMediaDir();
    const before = await snapshot(server.db);
    const { error, transcodes } = await importCountingTranscodes(mediaDir, bad);
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).problems).toEqual([
      'stages[0].days[0].lesson_sets[0].lessons[0].vertical_video: not a video ffmpeg can read: media/portrait.mp4',
    ]);
    expect(transcodes).toBe(0);
    expect(await snapshot(server.db)).toEqual(before);
    expect(await readdir(mediaDir)).toEqual([]);
  });

  it("when MEDIA_DIR holds another database's media: refused before any transcode, the folders named", async () => {
    const [newest] = await server.db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .orderBy(desc(mediaFiles.id))
      .limit(1);
    // Ids this database has not given yet: another database's media, which the import would meet.
    const ahead = (newest?.id ?? 0) + 1_000_000;
    const mediaDir = await freshMediaDir();
    await mkdir(join(mediaDir, 'videos', String(ahead)), { recursive: true });
    await mkdir(join(mediaDir, 'files', String(ahead + 1)), { recursive: true });
    const before = await snapshot(server.db);
    const { error, transcodes } = await importCountingTranscodes(mediaDir, folder);
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).problems).toEqual([
      `MEDIA_DIR (${mediaDir}) holds the media of another database (videos/${ahead}, files/${ahead + 1}): ` +
        'remove it together with that database, or point MEDIA_DIR elsewhere',
    ]);
    expect(transcodes).toBe(0);
    expect(await snapshot(server.db)).toEqual(before);
    expect((await readdir(mediaDir)).sort()).toEqual(['files', 'videos']);
  });

  it('when a video is cut short: refused while transcoding, the field named, nothing kept', async () => {
    const cut = join(work, 'cut-short');
    await writeTinyCourse(cut);
    // The first half of the bytes: the header (moved to the front) still describes all of it.
    const whole = await readFile(join(cut, 'media/landscape.mp4'));
    await writeFile(join(cut, 'media/landscape.mp4'), whole.subarray(0, whole.length / 2));
    const mediaDir = await freshMediaDir();
    const before = await snapshot(server.db);
    const error = await importCourse(server.db, mediaDir, cut).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).problems).toEqual([
      expect.stringMatching(
        /^stages\[0\]\.days\[0\]\.lesson_sets\[0\]\.lessons\[0\]\.video: not a video ffmpeg can read: media\/landscape\.mp4 \(damaged or cut short: .+\)$/,
      ),
    ]);
    expect(await snapshot(server.db)).toEqual(before);
    expect(await readdir(mediaDir)).toEqual([]);
  });

  it('when a lesson video is a still picture: refused before any transcode, the field named', async () => {
    const manifest = structuredClone(TINY_MANIFEST);
    Object.assign(manifest.stages[0]?.days[0]?.lesson_sets?.[0]?.lessons[0] as object, {
      video: 'media/photo.jpg',
    });
    const still = join(work, 'still-video');
    await writeTinyCourse(still, manifest);
    // ffmpeg reads a JPEG as a video stream of one frame.
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=1',
      '-frames:v',
      '1',
      '-y',
      join(still, 'media/photo.jpg'),
    ]);
    const mediaDir = await freshMediaDir();
    const before = await snapshot(server.db);
    const error = await importCourse(server.db, mediaDir, still).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).problems).toEqual([
      'stages[0].days[0].lesson_sets[0].lessons[0].video: no moving picture (only sound, or a still image): media/photo.jpg',
    ]);
    expect(await snapshot(server.db)).toEqual(before);
    expect(await readdir(mediaDir)).toEqual([]);
  });

  it('when stopped while transcoding: rejects with the reason, nothing kept', async () => {
    const mediaDir = await freshMediaDir();
    const before = await snapshot(server.db);
    const stop = new AbortController();
    const reason = new Error('stopped by the author');
    const error = await importCourse(server.db, mediaDir, folder, {
      signal: stop.signal,
      onProgress: (progress) => {
        if (progress.phase === 'transcoding') stop.abort(reason);
      },
    }).catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(await snapshot(server.db)).toEqual(before);
    expect(await readdir(mediaDir)).toEqual([]);
  });

  it('removes the staging folders of imports whose process is gone, and only those', async () => {
    const mediaDir = await freshMediaDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('close', resolve));
    const host = Buffer.from(hostname()).toString('hex');
    const uuid = '0f0e0d0c-0b0a-4909-8807-060504030201';
    const left = {
      byGone: `.import-${gone.pid}-${host}-${uuid}`,
      byLiving: `.import-${process.ppid}-${host}-${uuid}`,
      byOtherMachine: `.import-${gone.pid}-${Buffer.from('elsewhere').toString('hex')}-${uuid}`,
    };
    for (const name of Object.values(left)) await mkdir(join(mediaDir, name, 'videos'), { recursive: true });
    await importCourse(server.db, mediaDir, folder);
    const names = await readdir(mediaDir);
    expect(names).not.toContain(left.byGone);
    expect(names).toEqual(expect.arrayContaining([left.byLiving, left.byOtherMachine]));
  });

  it('when a named file is a symbolic link out of the folder: refused before any work, the fields named', async () => {
    const linked = join(work, 'linked-out');
    await writeTinyCourse(linked);
    await rm(join(linked, 'docs/handbook.pdf'));
    await symlink('/etc/passwd', join(linked, 'docs/handbook.pdf'));
    // The video itself is moved out of the folder and linked back in.
    await rename(join(linked, 'media/portrait.mp4'), join(work, 'elsewhere.mp4'));
    await symlink(join(work, 'elsewhere.mp4'), join(linked, 'media/portrait.mp4'));
    const mediaDir = await freshMediaDir();
    const before = await snapshot(server.db);
    const error = await importCourse(server.db, mediaDir, linked).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManifestError);
    const out = 'must be a path inside the course folder (a symbolic link leads out of it)';
    expect((error as ManifestError).problems).toEqual([
      `materials[0].file: ${out}: docs/handbook.pdf`,
      `stages[0].days[0].lesson_sets[0].lessons[0].vertical_video: ${out}: media/portrait.mp4`,
      `stages[1].days[0].lesson_sets[0].lessons[1].video: ${out}: media/portrait.mp4`,
    ]);
    expect(await snapshot(server.db)).toEqual(before);
    expect(await readdir(mediaDir)).toEqual([]);
  });

  it('when a day repeats out of range: refused with the field named', async () => {
    const manifest = structuredClone(TINY_MANIFEST);
    Object.assign(manifest.stages[1]?.days[0] as object, { repeat_count: 1001 });
    const tooOften = join(work, 'repeat-count');
    await writeTinyCourse(tooOften, manifest);
    const before = await snapshot(server.db);
    await expect(importCourse(server.db, await freshMediaDir(), tooOften)).rejects.toThrow(
      'stages[1].days[0].repeat_count: must be at most 1000',
    );
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('when the manifest, a file and a video are all wrong: every problem told at once', async () => {
    const manifest = structuredClone(TINY_MANIFEST);
    Object.assign(manifest, { colour: 'red' });
    manifest.materials[0] = { title: 'Handbook', file: 'docs/missing.pdf' };
    manifest.materials.push({ title: 'Fake', file: 'docs/fake.pdf' });
    const wrong = join(work, 'all-wrong');
    await writeTinyCourse(wrong, manifest);
    await writeFile(join(wrong, 'media/portrait.mp4'), 'not a video at all');
    // Served as application/pdf, it would fail in the learner's PDF viewer.
    await writeFile(join(wrong, 'docs/fake.pdf'), 'not a pdf at all');
    await writeFile(join(wrong, 'subs/es.vtt'), 'WEBVTT\n\n00:00:03.000 --> 00:00:01.000\nNunca\n');
    const before = await snapshot(server.db);
    const error = await importCourse(server.db, await freshMediaDir(), wrong).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).problems).toEqual([
      'colour: unknown key (check its spelling and level)',
      'materials[0].file: file not found: docs/missing.pdf',
      'materials[2].file: not a PDF, as a .pdf file is (it must hold %PDF- in its first 1024 bytes): docs/fake.pdf',
      'stages[0].days[0].lesson_sets[0].lessons[0].subtitles[1].file: its one cue cannot be read (line 3: the cue ends before it starts): subs/es.vtt',
      'stages[0].days[0].lesson_sets[0].lessons[0].vertical_video: not a video ffmpeg can read: media/portrait.mp4',
    ]);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('when a named file is missing', async () => {
    const manifest = structuredClone(TINY_MANIFEST);
    manifest.materials[0] = { title: 'Handbook', file: 'docs/missing.pdf' };
    const missing = join(work, 'missing-file');
    await writeTinyCourse(missing, manifest);
    const before = await snapshot(server.db);
    await expect(importCourse(server.db, await freshMediaDir(), missing)).rejects.toThrow(
      'materials[0].file: file not found: docs/missing.pdf',
    );
    expect(await snapshot(server.db)).toEqual(before);
  });
});
