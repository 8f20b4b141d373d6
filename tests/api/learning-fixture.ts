import { type CourseDraft, type WrittenDay, writeCourse } from '../../server/authoring/course-writer';
import { enrol } from '../../server/authoring/enrolment';
import type { Db } from '../../server/db/client';
import { mediaFiles, videos } from '../../server/db/schema';
import type { VideoManifest } from '../../server/infra/media/transcode';

/**
 * A small course for one learner, written the way the importer writes courses, with a stream on it:
 *
 * - stage 1 "Foundations": day 1 (demo-accessible; a set repeated 2 times with a learner range 1..3
 *   holding "Squats (execution)" and "Squats (theory)", then a set with "Stretching"), day 2 a rest
 *   day;
 * - stage 2 "Progress": day 3 opening two days after the start, "Lunges (analysis)" in a set of 3.
 *
 * Media: two transcoded videos (rows in `media_files` type 1 and `videos`, with a manifest as the
 * transcoder writes it, one with English and Spanish subtitles), an image used as the course's main
 * image and, wrongly, as the video of "Squats (theory)" (the "not a video" path), and a PDF.
 * Documents: one with the PDF, one with a url, one with neither (never sent).
 * Every title carries the label, so several learners' courses can be told apart.
 */

export interface LearningFixture {
  courseId: number;
  streamId: number;
  stageIds: [number, number];
  /** Days 1..3 in course order. */
  days: [WrittenDay, WrittenDay, WrittenDay];
  media: {
    /** Transcoded, with subtitles: the local video of "Squats (execution)" and "Lunges (analysis)". */
    video: number;
    /** Transcoded, without subtitles: the vertical video of "Squats (execution)". */
    verticalVideo: number;
    /** Type 2: the course's main image and the local video of "Squats (theory)". */
    image: number;
    /** Type 4: the file of the first document. */
    pdf: number;
  };
  /** The fixture's titles start with this. */
  label: string;
}

export interface FixtureOptions {
  userId: number;
  /** Prefixes every title; unique per fixture. */
  label: string;
  /** Default: a day ago. */
  startDate?: Date;
  /** Default: 60 days after the start. */
  endDate?: Date | null;
  isDemo?: boolean;
  courseVersion?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A manifest shaped as server/infra/media/transcode.ts writes it; the files themselves are not needed here. */
function fakeManifest(
  durationSeconds: number,
  languages: readonly { code: string; name: string }[],
): VideoManifest {
  const rendition = (height: number, sizeBytes: number) => ({
    playlist: `${height}p/index.m3u8`,
    width: Math.round((height * 16) / 9),
    height,
    bandwidth: height * 2000,
    averageBandwidth: height * 1500,
    codecs: 'avc1.64001f,mp4a.40.2',
    sizeBytes,
  });
  const subtitles = languages.map(({ code, name }) => ({
    language_code: code,
    name,
    link: `subtitles/${code}.vtt`,
    playlist: `subtitles/${code}.m3u8`,
    vttSizeBytes: 320,
    sizeBytes: 400,
  }));
  const renditions = [rendition(360, 300_000), rendition(720, 900_000)];
  const mp4 = { path: 'video.mp4', width: 1280, height: 720, sizeBytes: 1_000_000 };
  const poster = { path: 'poster.jpg', width: 1280, height: 720, sizeBytes: 50_000 };
  return {
    master: 'master.m3u8',
    durationSeconds,
    renditions,
    mp4,
    poster,
    subtitles,
    totalSizeBytes:
      renditions.reduce((sum, r) => sum + r.sizeBytes, 0) +
      mp4.sizeBytes +
      poster.sizeBytes +
      subtitles.reduce((sum, s) => sum + s.sizeBytes, 0),
  };
}

async function insertFile(db: Db, file: { type: number; name: string; mimeType: string; sizeBytes: number }) {
  const [row] = await db
    .insert(mediaFiles)
    .values({ ...file, storagePath: `fixture/${file.name}` })
    .returning({ id: mediaFiles.id });
  if (!row) throw new Error('the media file was not written');
  return row.id;
}

async function insertVideo(db: Db, name: string, manifest: VideoManifest) {
  const id = await insertFile(db, {
    type: 1,
    name,
    mimeType: 'video/mp4',
    sizeBytes: manifest.totalSizeBytes,
  });
  await db.insert(videos).values({
    mediaFileId: id,
    durationSeconds: manifest.durationSeconds,
    manifest: manifest as unknown as Record<string, unknown>,
  });
  return id;
}

export async function createLearningFixture(db: Db, options: FixtureOptions): Promise<LearningFixture> {
  const { label } = options;
  const media = {
    video: await insertVideo(
      db,
      `${label} squats.mp4`,
      fakeManifest(125, [
        { code: 'en', name: 'English' },
        { code: 'es', name: 'Español' },
      ]),
    ),
    verticalVideo: await insertVideo(db, `${label} squats vertical.mp4`, fakeManifest(118, [])),
    image: await insertFile(db, {
      type: 2,
      name: `${label} cover.jpg`,
      mimeType: 'image/jpeg',
      sizeBytes: 20_000,
    }),
    pdf: await insertFile(db, {
      type: 4,
      name: `${label} guide #1.pdf`,
      mimeType: 'application/pdf',
      sizeBytes: 80_000,
    }),
  };
  const draft: CourseDraft = {
    title: `${label} strength course`,
    titleShort: `${label} strength`,
    descriptionShort: `${label}: six weeks of strength`,
    category: 'Fitness',
    categoryId: 3,
    complexity: 2,
    consultationLimit: 5,
    mainImageFileId: media.image,
    demoVideoFileId: media.video,
    version: options.courseVersion ?? 2,
    isDemoOfflineModeAccessible: false,
    documents: [
      { title: `${label} guide`, fileId: media.pdf },
      { title: `${label} website`, url: 'https://example.com/guide' },
      { title: `${label} placeholder` },
    ],
    stages: [
      {
        title: `${label} Foundations`,
        days: [
          {
            title: `${label} Warm-up`,
            descriptionShort: 'Easy start',
            isDemoAccessible: true,
            finishTotalTime: 600,
            lessonSets: [
              {
                repeatCount: 2,
                userRepeatRangeFrom: 1,
                userRepeatRangeTo: 3,
                lessons: [
                  {
                    title: 'Squats (execution)',
                    videoLengthSeconds: 125,
                    localVideoFileId: media.video,
                    verticalVideoFileId: media.verticalVideo,
                  },
                  { title: 'Squats (theory)', videoLengthSeconds: 60, localVideoFileId: media.image },
                ],
              },
              { lessons: [{ title: 'Stretching', videoLengthSeconds: 90 }] },
            ],
          },
          { title: `${label} Rest`, dayOfRest: true, requiredToComplete: false, lessonSets: [] },
        ],
      },
      {
        title: `${label} Progress`,
        days: [
          {
            title: `${label} Lunges`,
            openingDelaySeconds: 2 * 24 * 60 * 60,
            finishTotalTime: 300,
            repeatCount: 4,
            lessonSets: [
              {
                repeatCount: 3,
                lessons: [
                  { title: 'Lunges (analysis)', videoLengthSeconds: 125, localVideoFileId: media.video },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
  const written = await writeCourse(db, draft);
  const startDate = options.startDate ?? new Date(Date.now() - DAY_MS);
  const streamId = await enrol(db, {
    userId: options.userId,
    courseId: written.courseId,
    startDate,
    endDate: options.endDate === undefined ? new Date(startDate.getTime() + 60 * DAY_MS) : options.endDate,
    isDemo: options.isDemo,
    courseVersion: options.courseVersion ?? 2,
  });
  const [first, second] = written.stageIds;
  const [day1, day2, day3] = written.days;
  if (first === undefined || second === undefined || !day1 || !day2 || !day3)
    throw new Error('the fixture course was not written whole');
  return {
    courseId: written.courseId,
    streamId,
    stageIds: [first, second],
    days: [day1, day2, day3],
    media,
    label,
  };
}
