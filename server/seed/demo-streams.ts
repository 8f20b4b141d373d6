import { type DayDraft, writeCourse } from '../authoring/course-writer';
import { enrol } from '../authoring/enrolment';
import type { ImportedCourse } from '../authoring/importer';
import type { Db } from '../db/client';
import { dayStatistics, streamFreezes, userDayStatuses, userLessonStatuses } from '../db/schema';
import { DEMO_IMAGES } from './demo-course';

/**
 * The demo learner's streams, one per stream status of the content spec (section 4), so every
 * screen of the learning area has something to show: open with progress, a demo with locked days,
 * not started, ended, frozen and stopped. Status is never stored: each stream's dates, freeze and
 * flags make the server compute it. The small extra courses reuse the demo course's media files.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Media of the imported demo course the extra courses point at. */
interface DemoMedia {
  videoIds: readonly number[];
  coverId: number | null;
  backgroundId: number | null;
}

function demoMedia(course: ImportedCourse): DemoMedia {
  return {
    videoIds: [...course.videoFileIds.values()],
    coverId: course.fileIds.get(DEMO_IMAGES.cover) ?? null,
    backgroundId: course.fileIds.get(DEMO_IMAGES.background) ?? null,
  };
}

/** A short course of `days` titles, two lessons a day on the shared videos; the first `demoDays` are demo-accessible. */
async function extraCourse(db: Db, media: DemoMedia, title: string, days: readonly string[], demoDays = 0) {
  const video = (index: number) => media.videoIds[index % media.videoIds.length] ?? null;
  const dayDrafts: DayDraft[] = days.map((dayTitle, index) => ({
    title: dayTitle,
    openingDelaySeconds: index * 86_400,
    isDemoAccessible: index < demoDays,
    lessonSets: [
      {
        lessons: [
          { title: `${dayTitle} (theory)`, videoLengthSeconds: 10, localVideoFileId: video(index) },
          { title: `${dayTitle} (execution)`, videoLengthSeconds: 10, localVideoFileId: video(index + 1) },
        ],
      },
    ],
  }));
  return writeCourse(db, {
    title,
    titleShort: title,
    descriptionShort: `${title}: a short practice course.`,
    category: 'Wellness',
    mainImageFileId: media.coverId,
    backgroundImageFileId: media.backgroundId,
    stages: [{ title: 'Practice', days: dayDrafts }],
  });
}

/** Finished (or only started) days of a stream, with what was watched on each. */
async function recordProgress(
  db: Db,
  userId: number,
  streamId: number,
  days: readonly {
    id: number;
    lessonSetLessonIds: readonly number[];
    startedAt: Date;
    finishedAt: Date | null;
  }[],
) {
  for (const day of days) {
    const [status] = await db
      .insert(userDayStatuses)
      .values({ streamId, dayId: day.id, startedAt: day.startedAt, finishedAt: day.finishedAt })
      .returning({ id: userDayStatuses.id });
    if (!status) throw new Error('seed: a day status was not written');
    // A finished day was watched through; a started one only its first lesson, halfway.
    const watched = day.finishedAt ? day.lessonSetLessonIds : day.lessonSetLessonIds.slice(0, 1);
    const seconds = day.finishedAt ? 10 : 5;
    if (watched.length === 0) continue;
    await db.insert(userLessonStatuses).values(
      watched.map((lessonSetLessonId) => ({
        streamId,
        lessonSetLessonId,
        viewedSeconds: seconds,
        playCount: 1,
      })),
    );
    await db.insert(dayStatistics).values(
      watched.map((lessonSetLessonId) => ({
        userId,
        streamId,
        dayId: day.id,
        lessonSetLessonId,
        dayStatusId: status.id,
        dayStatus: day.finishedAt ? 'ended' : 'started',
        viewedSeconds: seconds,
        playCount: 1,
        createdAt: day.startedAt,
      })),
    );
  }
}

export interface DemoStreams {
  /** Course ids of the extra courses, by the status their stream shows. */
  extraCourseIds: Record<'demo' | 'notStarted' | 'ended' | 'frozen' | 'stopped', number>;
}

export async function seedLearnerStreams(
  db: Db,
  learnerId: number,
  demoCourse: ImportedCourse,
  now: number,
): Promise<DemoStreams> {
  const media = demoMedia(demoCourse);

  // Open, with the first two days finished and the fourth (after the rest day) begun.
  const openStart = now - 3 * DAY_MS - HOUR_MS;
  const openStream = await enrol(db, {
    userId: learnerId,
    courseId: demoCourse.courseId,
    startDate: new Date(openStart),
    endDate: new Date(now + 60 * DAY_MS),
    maxConsultationCount: 3,
  });
  const [day1, day2, , day4] = demoCourse.days;
  if (!day1 || !day2 || !day4) throw new Error('seed: the demo course has fewer than four days');
  await recordProgress(db, learnerId, openStream, [
    { ...day1, startedAt: new Date(openStart + HOUR_MS), finishedAt: new Date(openStart + 2 * HOUR_MS) },
    {
      ...day2,
      startedAt: new Date(openStart + DAY_MS + HOUR_MS),
      finishedAt: new Date(openStart + DAY_MS + 2 * HOUR_MS),
    },
    { ...day4, startedAt: new Date(now - HOUR_MS), finishedAt: null },
  ]);

  // A demo without full access: only the first day is demo-accessible, the others show locked.
  const demo = await extraCourse(
    db,
    media,
    'Desk Stretches',
    ['Neck and shoulders', 'Wrists and hands', 'Lower back'],
    1,
  );
  await enrol(db, {
    userId: learnerId,
    courseId: demo.courseId,
    startDate: new Date(now - DAY_MS),
    endDate: new Date(now + 29 * DAY_MS),
    isDemo: true,
    courseFullAccess: false,
  });

  const notStarted = await extraCourse(db, media, 'Evening Yoga', ['Slow down', 'Unwind', 'Sleep well']);
  await enrol(db, {
    userId: learnerId,
    courseId: notStarted.courseId,
    startDate: new Date(now + 5 * DAY_MS),
    endDate: new Date(now + 95 * DAY_MS),
  });

  const ended = await extraCourse(db, media, 'Running Form', [
    'Cadence',
    'Arm swing',
    'Breathing on the run',
  ]);
  const endedStart = now - 100 * DAY_MS;
  const endedStream = await enrol(db, {
    userId: learnerId,
    courseId: ended.courseId,
    startDate: new Date(endedStart),
    endDate: new Date(now - 10 * DAY_MS),
  });
  const [endedDay1] = ended.days;
  if (endedDay1)
    await recordProgress(db, learnerId, endedStream, [
      {
        ...endedDay1,
        startedAt: new Date(endedStart + HOUR_MS),
        finishedAt: new Date(endedStart + 2 * HOUR_MS),
      },
    ]);

  // Frozen: an active freeze from two days ago to five days ahead.
  const frozen = await extraCourse(db, media, 'Core Strength', ['Plank', 'Bridge', 'Bird dog']);
  const frozenStream = await enrol(db, {
    userId: learnerId,
    courseId: frozen.courseId,
    startDate: new Date(now - 20 * DAY_MS),
    endDate: new Date(now + 40 * DAY_MS),
  });
  await db.insert(streamFreezes).values({
    streamId: frozenStream,
    status: 1,
    startDate: new Date(now - 2 * DAY_MS),
    endDate: new Date(now + 5 * DAY_MS),
    createdAt: new Date(now - 3 * DAY_MS),
  });

  // Stopped: bought as part of a subscription the learner no longer has.
  const stopped = await extraCourse(db, media, 'Mobility Club', ['Hips', 'Ankles', 'Thoracic spine']);
  await enrol(db, {
    userId: learnerId,
    courseId: stopped.courseId,
    startDate: new Date(now - 30 * DAY_MS),
    endDate: new Date(now + 335 * DAY_MS),
    isOptionalPurchase: true,
  });

  return {
    extraCourseIds: {
      demo: demo.courseId,
      notStarted: notStarted.courseId,
      ended: ended.courseId,
      frozen: frozen.courseId,
      stopped: stopped.courseId,
    },
  };
}
