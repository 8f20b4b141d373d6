import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import {
  dayStatistics,
  lessonSetLessons,
  stageDays,
  userCourseStreams,
  userDayStatuses,
  users,
} from '../../server/db/schema';
import { writeTinyCourse } from './course-folder';

/**
 * The course commands as an admin runs them: `npm run cli -- ...` in a child process against a
 * PGlite folder and a media folder of its own. The account is written straight into the folder
 * first (the CLI creates no accounts), and the database is closed again before each command, since
 * PGlite lets one process at a time hold the folder.
 */

/** A course of one of everything, whose counts read in the singular. */
const ONE_LESSON = {
  title: 'One lesson',
  version: 3,
  image: 'cover.png',
  stages: [
    {
      title: 'Only stage',
      days: [
        { title: 'Only day', lesson_sets: [{ lessons: [{ title: 'Only', video: 'media/landscape.mp4' }] }] },
      ],
    },
  ],
};

const run = promisify(execFile);
const EMAIL = 'cli-learner@example.com';
let work: string;
let env: NodeJS.ProcessEnv;

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '-s', 'cli', '--', ...args], {
      env,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'course-cli-'));
  env = { ...process.env, DATA_DIR: join(work, 'pglite'), MEDIA_DIR: join(work, 'media') };
  delete env.DATABASE_URL;
  await writeTinyCourse(join(work, 'course'));
  await writeTinyCourse(join(work, 'one-lesson'), ONE_LESSON);
  await withDatabase((db) => db.insert(users).values({ email: EMAIL, passwordHash: 'not used here' }));
}, 60_000);
afterAll(() => rm(work, { recursive: true, force: true }));

describe('npm run cli -- course ...', () => {
  it('imports a folder with progress on stderr and a summary on stdout, then lists it', async () => {
    const imported = await cli('course', 'import', join(work, 'course'));
    expect(imported.code).toBe(0);
    expect(imported.stdout.trim()).toMatch(
      /^Imported course 1 "Tiny course": 2 stages, 3 days, 3 lessons, 2 videos \(4 s\), 2 files, [\d.]+ MB in [\d.]+ s$/,
    );
    expect(imported.stderr).toMatch(/video 2\/2 media\/portrait\.mp4 100%/);
    expect(imported.stderr).toMatch(/\[#{24}\] 100% done/);
    expect((await readdir(join(work, 'media'))).sort()).toEqual(['files', 'videos']);

    const single = await cli('course', 'import', join(work, 'one-lesson'));
    expect(single.stdout.trim()).toMatch(
      /^Imported course 2 "One lesson": 1 stage, 1 day, 1 lesson, 1 video \(2 s\), 1 file, [\d.]+ MB in [\d.]+ s$/,
    );

    const listed = await cli('course', 'list');
    expect(listed).toMatchObject({
      code: 0,
      stdout:
        '1\tTiny course\t2 stages, 3 days, 3 lessons\t0 streams\n' +
        '2\tOne lesson\t1 stage, 1 day, 1 lesson\t0 streams\n',
    });
  }, 120_000);

  it('stops an import on Ctrl+C, leaving no course and nothing staged in the media folder', async () => {
    const mediaBefore = (await readdir(join(work, 'media'))).sort();
    // The CLI itself, not npm: the signal goes to the process that imports.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/cli.ts', 'course', 'import', join(work, 'course')],
      {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // Interrupted while ffmpeg transcodes the first video.
      if (!stderr.includes('video 1/2') && `${stderr}${chunk}`.includes('video 1/2')) child.kill('SIGINT');
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toMatch(/The import was stopped: nothing was imported\.\n$/);
    expect(code).toBe(130);
    expect((await readdir(join(work, 'media'))).sort()).toEqual(mediaBefore);
    const listed = await cli('course', 'list');
    expect(listed.stdout).not.toMatch(/^3\t/m);
  }, 120_000);

  it('refuses a folder that is not a course, naming the problem', async () => {
    const nowhere = await cli('course', 'import', join(work, 'nowhere'));
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toMatch(/The course was not imported: .*nowhere: the folder does not exist/);
    const empty = await cli('course', 'import', work);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/The course was not imported: .*: no course manifest/);
  }, 60_000);

  it('enrols and unenrols a learner, with clear errors for what cannot be done', async () => {
    const enrolled = await cli('enrol', EMAIL, '1', '--demo', '--start', '2030-01-01', '--end', '2030-01-31');
    expect(enrolled).toMatchObject({
      code: 0,
      stdout: `Enrolled ${EMAIL} in course 1 "Tiny course" (demo): stream 1, 2030-01-01 to 2030-01-31\n`,
    });
    const again = await cli('enrol', EMAIL, '1');
    expect(again).toMatchObject({
      code: 1,
      stderr: `${EMAIL} already has stream 1 on course 1; unenrol first\n`,
    });
    expect(await cli('enrol', 'nobody@example.com', '1')).toMatchObject({
      code: 1,
      stderr: 'no account with the e-mail nobody@example.com\n',
    });
    expect(await cli('enrol', EMAIL, '7')).toMatchObject({
      code: 1,
      stderr: 'no course 7 (npm run cli -- course list shows them)\n',
    });
    expect(await cli('enrol', EMAIL, '1', '--start', '2030-02-30')).toMatchObject({
      code: 1,
      stderr: '--start must be a calendar date YYYY-MM-DD, got "2030-02-30"\n',
    });
    expect(await cli('enrol', EMAIL, 'one')).toMatchObject({
      code: 1,
      stderr: 'the course id must be a whole number from 1 to 2147483647, got "one"\n',
    });
    expect(await cli('unenrol', EMAIL, '0')).toMatchObject({
      code: 1,
      stderr: 'the course id must be a whole number from 1 to 2147483647, got "0"\n',
    });
    expect(await cli('enrol', EMAIL, '1', '--start', '2030-01-01', '--start', '2030-02-01')).toMatchObject({
      code: 1,
      stderr: '--start is given twice; give it once\n',
    });
    // A flag too: `--demo --demo` is one mistake or another, not a demo.
    expect(await cli('enrol', EMAIL, '1', '--demo', '--demo')).toMatchObject({
      code: 1,
      stderr: '--demo is given twice; give it once\n',
    });
    expect(await cli('outbox', '--limit', '1', '--limit', '2')).toMatchObject({
      code: 1,
      stderr: '--limit is given twice; give it once\n',
    });
    // An option the command does not take is not ignored: unenrol removes every stream, demo or not.
    for (const args of [
      ['unenrol', EMAIL, '1', '--demo'],
      ['course', 'list', '--start', '2030-01-01'],
    ])
      expect(await cli(...args)).toMatchObject({ code: 2, stderr: expect.stringMatching(/^usage: /) });
    expect(await cli('enrol', EMAIL, '1', '--start', '1969-01-01', '--end', '1969-12-31')).toMatchObject({
      code: 1,
      stderr: '--start must be 1970-01-01 or later, got "1969-01-01"\n',
    });
    expect(await cli('enrol', EMAIL)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^usage: /),
    });
    expect(await cli('enrol', EMAIL, '2', '--start', '9999-12-31')).toMatchObject({
      code: 1,
      stderr: '--start 9999-12-31 plus 90 days passes 9999-12-31: give an --end\n',
    });

    // A stream starts on the course's current version (the manifest's 3), up to the last day there is.
    expect(await cli('enrol', EMAIL, '2', '--start', '2030-01-01', '--end', '9999-12-31')).toMatchObject({
      code: 0,
      stdout: `Enrolled ${EMAIL} in course 2 "One lesson": stream 2, 2030-01-01 to 9999-12-31\n`,
    });
    const [onVersion] = await withDatabase((db) =>
      db.select().from(userCourseStreams).where(eq(userCourseStreams.courseId, 2)),
    );
    expect(onVersion).toMatchObject({ courseVersion: 3 });
    expect(onVersion?.endDate?.toISOString()).toBe('9999-12-31T23:59:59.000Z');
    expect(await cli('unenrol', EMAIL, '2')).toMatchObject({ code: 0 });

    const stream = await withDatabase(async (db) => {
      const [row] = await db.select().from(userCourseStreams).where(eq(userCourseStreams.courseId, 1));
      return row;
    });
    expect(stream).toMatchObject({ isDemo: 1, courseFullAccess: 0 });
    expect(stream?.startDate.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(stream?.endDate?.toISOString()).toBe('2030-01-31T23:59:59.000Z');

    // A statistic of the stream, which goes with it: through its day status, its one reference.
    await withDatabase(async (db) => {
      const [day] = await db.select().from(stageDays).limit(1);
      const [link] = await db.select().from(lessonSetLessons).limit(1);
      if (!stream || !day || !link) throw new Error('the tiny course has no day or lesson');
      const [status] = await db
        .insert(userDayStatuses)
        .values({ streamId: stream.id, dayId: day.id })
        .returning();
      if (!status) throw new Error('no day status');
      await db.insert(dayStatistics).values({
        userId: stream.userId,
        streamId: stream.id,
        dayId: day.id,
        lessonSetLessonId: link.id,
        dayStatusId: status.id,
        viewedSeconds: 5,
        playCount: 1,
      });
    });
    expect(await cli('unenrol', EMAIL, '1')).toMatchObject({
      code: 0,
      stdout: `Removed stream 1 of ${EMAIL} on course 1\n`,
    });
    expect(await cli('unenrol', EMAIL, '1')).toMatchObject({
      code: 1,
      stderr: `${EMAIL} has no stream on course 1\n`,
    });
    expect(await withDatabase((db) => db.select().from(userCourseStreams))).toEqual([]);
    expect(await withDatabase((db) => db.select().from(dayStatistics))).toEqual([]);
  }, 240_000);
});
