import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { E2E } from './support/ports';
import { withServerProcess } from './support/server-process';
import { expect, test } from './support/test';

/**
 * The freeze offer near a stream's end: a freeze must end after its first day and not after the
 * stream's last, so on that last day none fits and the calendar offers none. Streams with chosen
 * dates come from `npm run cli -- enrol --start --end`, which needs the PGlite folder to itself, so
 * this spec runs a server of its own that it stops for the commands.
 */

const run = promisify(execFile);
const PORT = E2E.appPort + 13;
const DAY_MS = 86_400_000;

async function cli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'server/cli.ts', ...args], { env, timeout: 120_000 });
  return stdout;
}

/** The brand that lets learners sign up answers on localhost (127.0.0.1 is the other brand's). */
const brightpath = (origin: string) => origin.replace('127.0.0.1', 'localhost');

/** The UTC calendar day `days` from today: the CLI's days, and the learner's, who lives in UTC. */
const utcDay = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

test('a stream on its last day offers no freeze, not even by the freeze path; the day before, it does', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const work = await mkdtemp(join(tmpdir(), 'e2e-last-day-'));
  const database = { dataDir: join(work, 'pglite'), mediaDir: join(work, 'media') };
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: database.dataDir, MEDIA_DIR: database.mediaDir };
  delete env.DATABASE_URL;
  const learner = { email: `last-day-${Date.now()}@example.com`, password: 'learner-pass-1' };
  try {
    // The first start seeds the courses; the learner signs up in UTC, the zone of the CLI's dates.
    await withServerProcess(PORT, database, async (origin) => {
      const signup = await page.request.post(
        `${brightpath(origin)}/spa/api/v1/auth/signup-by-email?lang=en`,
        {
          data: { ...learner, username: learner.email, password_repeat: learner.password, timezone: 'UTC' },
        },
      );
      expect(signup.status(), await signup.text()).toBe(201);
    });
    const [lastDayCourse, dayBeforeCourse] = [
      ...(await cli(env, 'course', 'list')).matchAll(/^(\d+)\t/gm),
    ].map((match) => match[1] ?? '');
    const enrol = async (courseId: string, lastDay: string) => {
      const done = await cli(env, 'enrol', learner.email, courseId, '--start', utcDay(-3), '--end', lastDay);
      return /stream (\d+)/.exec(done)?.[1] ?? '';
    };
    const endsToday = await enrol(lastDayCourse ?? '', utcDay(0));
    const endsTomorrow = await enrol(dayBeforeCourse ?? '', utcDay(1));

    await withServerProcess(PORT, database, async (origin) => {
      const app = `${brightpath(origin)}/v`;
      await page.goto(`${app}/`);
      await page.getByLabel('E-mail').fill(learner.email);
      await page.getByLabel('Password', { exact: true }).fill(learner.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/v\/home$/);
      const freeze = page.getByRole('button', { name: 'Freeze the course' });
      const ready = page.getByRole('checkbox', { name: 'Show finished days' });

      // The day before the last, a freeze of one day (today to tomorrow) still fits.
      await page.goto(`${app}/course/${endsTomorrow}/calendar`);
      await expect(ready).toBeVisible();
      await expect(freeze).toBeEnabled();

      // On the last day the header has no freeze control, and the freeze path shows the calendar alone.
      await page.goto(`${app}/course/${endsToday}/calendar`);
      // Less than a day is left, counted in hours.
      await expect(page.getByText(/\b\d+ hours? of access left$/)).toBeVisible();
      await expect(ready).toBeVisible();
      await expect(freeze).toHaveCount(0);
      await page.goto(`${app}/course/${endsToday}/freeze`);
      await expect(ready).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(freeze).toHaveCount(0);
      // The address names no dialog that is not there: a reload or a bookmark gets the plain calendar.
      await expect(page).toHaveURL(new RegExp(`/course/${endsToday}/calendar$`));
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
