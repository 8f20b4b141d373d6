import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  courseDocuments,
  courseServices,
  courseStages,
  courses,
  lessonSetLessons,
  lessonSets,
  lessons,
  mediaFiles,
  stageDays,
  streamFreezes,
  userCourseStreams,
  userDayStatuses,
  userLessonStatuses,
  users,
} from '../../server/db/schema';
import { DEMO_COURSE_TITLE } from '../../server/seed/demo-course';
import { DEMO_ACCOUNTS, DEMO_COURSE_BUY_SERVICE_ID, DEMO_COURSE_SERVICE_ID } from '../../server/seed/index';
import { serverForFile } from './harness';

/** What the seed gives a fresh database: the imported demo course, its services and the demo streams. */

const { server } = serverForFile();
const DAY_MS = 24 * 60 * 60 * 1000;

async function userId(email: string): Promise<number> {
  const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`the seed has no ${email}`);
  return user.id;
}

async function demoCourse() {
  const [course] = await server.db.select().from(courses).where(eq(courses.title, DEMO_COURSE_TITLE));
  if (!course) throw new Error('the seed has no demo course');
  return course;
}

describe('the demo course', () => {
  it('is imported with its media in the media folder', async () => {
    const course = await demoCourse();
    const days = await server.db
      .select({ day: stageDays })
      .from(stageDays)
      .innerJoin(courseStages, eq(stageDays.stageId, courseStages.id))
      .where(eq(courseStages.courseId, course.id))
      .orderBy(asc(stageDays.dayNumber));
    expect(days).toHaveLength(8);
    expect(days.filter(({ day }) => day.dayOfRest === 1)).toHaveLength(1);
    expect(days.filter(({ day }) => day.isDemoAccessible === 1).map(({ day }) => day.dayNumber)).toEqual([
      1, 2,
    ]);

    const lessonRows = await server.db.select().from(lessons).where(eq(lessons.courseId, course.id));
    expect(lessonRows.some((l) => l.title.endsWith('(theory)'))).toBe(true);
    expect(lessonRows.some((l) => l.title.endsWith('(execution)'))).toBe(true);
    expect(lessonRows.some((l) => l.verticalVideoFileId !== null)).toBe(true);
    expect(lessonRows.some((l) => l.localDescriptionVideoFileId !== null)).toBe(true);
    for (const lesson of lessonRows) expect(lesson.videoLengthSeconds).toBeGreaterThanOrEqual(8);

    const fileIds = [
      ...lessonRows.map((l) => l.localVideoFileId),
      course.mainImageFileId,
      course.backgroundImageFileId,
      course.demoVideoFileId,
    ].filter((id): id is number => id !== null);
    const media = await server.db.select().from(mediaFiles).where(inArray(mediaFiles.id, fileIds));
    for (const file of media) {
      const path = join(server.mediaDir, file.storagePath);
      await expect(access(file.type === 1 ? join(path, 'master.m3u8') : path)).resolves.toBeUndefined();
    }
    const subtitled = media.find((file) => file.name === 'breathing.mp4');
    const master = await readFile(join(server.mediaDir, subtitled?.storagePath ?? '', 'master.m3u8'), 'utf8');
    for (const language of ['en', 'ru', 'es']) expect(master).toContain(`LANGUAGE="${language}"`);

    const [handbook] = await server.db
      .select({ file: mediaFiles })
      .from(courseDocuments)
      .innerJoin(mediaFiles, eq(courseDocuments.fileId, mediaFiles.id))
      .where(eq(courseDocuments.courseId, course.id));
    const pdf = await readFile(join(server.mediaDir, handbook?.file.storagePath ?? ''));
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(handbook?.file.mimeType).toBe('application/pdf');
  });

  it('is sold by the course services the brand names', async () => {
    const course = await demoCourse();
    const services = await server.db.select().from(courseServices).orderBy(asc(courseServices.id));
    expect(services.map((s) => [s.id, s.type, s.courseId, s.accessDays])).toEqual([
      [DEMO_COURSE_SERVICE_ID, 'course_demo', course.id, 30],
      [DEMO_COURSE_BUY_SERVICE_ID, 'course_buy', course.id, 365],
    ]);
  });
});

describe('every seeded course', () => {
  it('gives each day its running time: its lessons, each set as often as it repeats', async () => {
    const rows = await server.db
      .select({
        dayId: stageDays.id,
        finishTotalTime: stageDays.finishTotalTime,
        repeatCount: lessonSets.repeatCount,
        videoLengthSeconds: lessons.videoLengthSeconds,
      })
      .from(stageDays)
      .innerJoin(lessonSets, eq(lessonSets.dayId, stageDays.id))
      .innerJoin(lessonSetLessons, eq(lessonSetLessons.lessonSetId, lessonSets.id))
      .innerJoin(lessons, eq(lessons.id, lessonSetLessons.lessonId));
    const expected = new Map<number, { stored: number; sum: number }>();
    for (const row of rows) {
      const day = expected.get(row.dayId) ?? { stored: row.finishTotalTime, sum: 0 };
      day.sum += row.repeatCount * row.videoLengthSeconds;
      expected.set(row.dayId, day);
    }
    // The imported demo course and the courses the demo streams are seeded on.
    const courseCount = await server.db.$count(courses);
    expect(courseCount).toBeGreaterThan(1);
    expect(expected.size).toBeGreaterThan(8);
    for (const day of expected.values()) {
      expect(day.sum).toBeGreaterThan(0);
      expect(day.stored).toBe(day.sum);
    }
  });
});

describe('the demo accounts', () => {
  it('give the newcomer no streams', async () => {
    const id = await userId(DEMO_ACCOUNTS.newcomer.email);
    expect(await server.db.select().from(userCourseStreams).where(eq(userCourseStreams.userId, id))).toEqual(
      [],
    );
  });

  it('give the learner progress on the open stream, a locked demo and a freeze in force', async () => {
    const id = await userId(DEMO_ACCOUNTS.learner.email);
    const course = await demoCourse();
    const streams = await server.db
      .select()
      .from(userCourseStreams)
      .where(eq(userCourseStreams.userId, id))
      .orderBy(asc(userCourseStreams.id));
    expect(streams).toHaveLength(6);
    const [open, demo, , , frozen, stopped] = streams;
    expect(open?.courseId).toBe(course.id);

    const statuses = await server.db
      .select()
      .from(userDayStatuses)
      .where(eq(userDayStatuses.streamId, open?.id ?? 0));
    expect(statuses.filter((s) => s.finishedAt !== null)).toHaveLength(2);
    expect(statuses.filter((s) => s.finishedAt === null)).toHaveLength(1);
    const watched = await server.db
      .select()
      .from(userLessonStatuses)
      .where(eq(userLessonStatuses.streamId, open?.id ?? 0));
    expect(watched.length).toBeGreaterThanOrEqual(4);

    expect(demo).toMatchObject({ isDemo: 1, courseFullAccess: 0 });
    const demoDays = await server.db
      .select({ demoAccessible: stageDays.isDemoAccessible })
      .from(stageDays)
      .innerJoin(courseStages, eq(stageDays.stageId, courseStages.id))
      .where(eq(courseStages.courseId, demo?.courseId ?? 0))
      .orderBy(asc(stageDays.dayNumber));
    expect(demoDays.map((d) => d.demoAccessible)).toEqual([1, 0, 0]);

    const [freeze] = await server.db
      .select()
      .from(streamFreezes)
      .where(eq(streamFreezes.streamId, frozen?.id ?? 0));
    const now = Date.now();
    expect(freeze?.status).toBe(1);
    expect(freeze && freeze.startDate.getTime() < now && now < freeze.endDate.getTime()).toBe(true);
    expect(frozen && (frozen.endDate?.getTime() ?? 0) > now + DAY_MS).toBe(true);

    expect(stopped).toMatchObject({ isOptionalPurchase: 1 });
  });
});
