import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enrol } from '../server/authoring/enrolment';
import { importCourse } from '../server/authoring/importer';
import { type DatabaseOptions, openDatabase } from '../server/db/client';
import { userDayStatuses, users } from '../server/db/schema';
import { makeTestVideo } from '../server/infra/media/test-media';
import { createPasswords } from '../server/infra/passwords';

/** The learner the learning benchmarks sign in as; the server seeds nothing once an account exists. */
export const BENCH_LEARNER = { email: 'bench@example.com', password: 'bench-learner-password' } as const;

/** The course the issue sizes the status call by: 10 stages of 7 days of 3 lessons. */
const SHAPE = { stages: 10, days: 7, lessons: 3 } as const;
/** Days already finished, so the status call has statuses to join, as a learner halfway through has. */
const FINISHED_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The import benchmark's clip: a minute of 720p, as the issue sizes it. */
const IMPORT_CLIP = { width: 1280, height: 720, seconds: 60 } as const;

export interface BenchLearning {
  streamId: number;
  /** The stream's current day: its number opens the day page. */
  dayId: number;
  dayNumber: number;
  /** Every lesson of the course with its day: save-lesson-stat spreads its load over them. */
  lessons: { dayId: number; lessonSetLessonId: number }[];
  /** How long the 60 s 720p import took, as a multiple of the clip's duration. */
  importToDuration: number;
  /** The learner's stream of the imported 60 s 720p course (a lesson of a real size to download). */
  longStreamId: number | null;
}

/** A course folder whose every lesson plays one short clip (the importer transcodes it once). */
async function writeBenchCourseFolder(folder: string): Promise<void> {
  await mkdir(join(folder, 'videos'), { recursive: true });
  await makeTestVideo(join(folder, 'videos', 'lesson.mp4'), { width: 320, height: 180, seconds: 10 });
  const manifest = {
    title: 'Benchmark course',
    stages: Array.from({ length: SHAPE.stages }, (_, stage) => ({
      title: `Stage ${stage + 1}`,
      days: Array.from({ length: SHAPE.days }, (_, day) => ({
        title: `Day ${stage * SHAPE.days + day + 1}`,
        lesson_sets: [
          {
            lessons: Array.from({ length: SHAPE.lessons }, (_, lesson) => ({
              title: `Lesson ${lesson + 1} (theory)`,
              video: 'videos/lesson.mp4',
            })),
          },
        ],
      })),
    })),
  };
  await writeFile(join(folder, 'course.json'), JSON.stringify(manifest));
}

/**
 * Imports a one-lesson course of a 60 s 720p clip, enrols the learner in it from today, and returns
 * the import time over the clip's duration with the stream.
 */
async function timeLongImport(
  options: DatabaseOptions,
  mediaDir: string,
  work: string,
  userId: number,
): Promise<{ importToDuration: number; longStreamId: number }> {
  const folder = join(work, 'long');
  await mkdir(join(folder, 'videos'), { recursive: true });
  await makeTestVideo(join(folder, 'videos', 'long.mp4'), IMPORT_CLIP);
  await writeFile(
    join(folder, 'course.json'),
    JSON.stringify({
      title: 'Import benchmark',
      stages: [
        {
          title: 'Stage',
          days: [{ title: 'Day', lesson_sets: [{ lessons: [{ title: 'Long', video: 'videos/long.mp4' }] }] }],
        },
      ],
    }),
  );
  const database = await openDatabase(options);
  try {
    const started = performance.now();
    const course = await importCourse(database.db, mediaDir, folder);
    const importToDuration = Number(((performance.now() - started) / 1000 / IMPORT_CLIP.seconds).toFixed(2));
    const now = Date.now();
    const longStreamId = await enrol(database.db, {
      userId,
      courseId: course.courseId,
      startDate: new Date(now - DAY_MS),
      endDate: new Date(now + 90 * DAY_MS),
    });
    return { importToDuration, longStreamId };
  } finally {
    await database.close();
  }
}

/**
 * Writes the bench learner and imports the 10 x 7 x 3 course with the real importer, then gives the
 * learner an open stream halfway through it. With `timeImport`, also times the 60 s 720p import and
 * enrols the learner in that course.
 */
export async function prepareLearningData(
  options: DatabaseOptions,
  mediaDir: string,
  { timeImport }: { timeImport: boolean },
): Promise<BenchLearning> {
  const work = await mkdtemp(join(tmpdir(), 'bench-course-'));
  try {
    await writeBenchCourseFolder(join(work, 'course'));
    const database = await openDatabase(options);
    let prepared: Omit<BenchLearning, 'importToDuration' | 'longStreamId'>;
    let learnerId: number;
    try {
      const { db } = database;
      const [learner] = await db
        .insert(users)
        .values({
          email: BENCH_LEARNER.email,
          passwordHash: await createPasswords().hash(BENCH_LEARNER.password),
          name: 'Bench',
          lastName: 'Learner',
          locale: 'en',
          languageCode: 'en-US',
          timezone: 'Europe/London',
        })
        .returning({ id: users.id });
      if (!learner) throw new Error('bench: the learner was not created');
      learnerId = learner.id;
      const course = await importCourse(db, mediaDir, join(work, 'course'));
      const now = Date.now();
      const streamId = await enrol(db, {
        userId: learner.id,
        courseId: course.courseId,
        startDate: new Date(now - FINISHED_DAYS * DAY_MS),
        endDate: new Date(now + 90 * DAY_MS),
      });
      await db.insert(userDayStatuses).values(
        course.days.slice(0, FINISHED_DAYS).map((day, index) => ({
          streamId,
          dayId: day.id,
          startedAt: new Date(now - (FINISHED_DAYS - index) * DAY_MS),
          finishedAt: new Date(now - (FINISHED_DAYS - index) * DAY_MS + 60 * 60 * 1000),
        })),
      );
      const today = course.days[FINISHED_DAYS];
      if (!today) throw new Error('bench: the course has too few days');
      const lessons = course.days.flatMap((day) =>
        day.lessonSetLessonIds.map((lessonSetLessonId) => ({ dayId: day.id, lessonSetLessonId })),
      );
      prepared = { streamId, dayId: today.id, dayNumber: today.dayNumber, lessons };
    } finally {
      await database.close();
    }
    const long = timeImport ? await timeLongImport(options, mediaDir, work, learnerId) : null;
    return {
      ...prepared,
      importToDuration: long?.importToDuration ?? Number.NaN,
      longStreamId: long?.longStreamId ?? null,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
