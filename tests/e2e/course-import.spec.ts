import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { writeTinyCourse } from '../api/course-folder';
import { E2E } from './support/ports';
import { withServerProcess } from './support/server-process';
import { expect, test } from './support/test';

/**
 * A school's side end to end: a course folder imported with `npm run cli -- course import`, a learner
 * enrolled with `npm run cli -- enrol`, and the learner finding the course in the app. The commands
 * need the PGlite folder to themselves, so this spec runs a server of its own that it stops for them.
 */

const run = promisify(execFile);
const PORT = E2E.appPort + 11;
const NEWCOMER = { email: 'newcomer@example.com', password: 'newcomer-demo' };

async function cli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'server/cli.ts', ...args], { env, timeout: 120_000 });
  return stdout;
}

test('a course imported by the CLI appears for a learner enrolled by the CLI', async ({ page }) => {
  test.setTimeout(240_000);
  const work = await mkdtemp(join(tmpdir(), 'e2e-import-'));
  const database = { dataDir: join(work, 'pglite'), mediaDir: join(work, 'media') };
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: database.dataDir, MEDIA_DIR: database.mediaDir };
  delete env.DATABASE_URL;
  try {
    // The first start seeds the demo accounts; the newcomer has no stream yet.
    await withServerProcess(PORT, database, async () => undefined);

    await writeTinyCourse(join(work, 'course'));
    const imported = await cli(env, 'course', 'import', join(work, 'course'));
    const courseId = /Imported course (\d+) "Tiny course"/.exec(imported)?.[1];
    expect(courseId, imported).toBeDefined();
    expect(await cli(env, 'course', 'list')).toContain('Tiny course');
    await cli(env, 'enrol', NEWCOMER.email, String(courseId));

    await withServerProcess(PORT, database, async (origin) => {
      await page.goto(`${origin.replace('127.0.0.1', 'localhost')}/v/`);
      await page.getByLabel('E-mail').fill(NEWCOMER.email);
      await page.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
      // Enrolled already, the newcomer is not put into the demo: the imported course is the only one.
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(['Tiny course']);
      await panel.getByRole('link').first().click();
      await expect(page).toHaveURL(/\/course\/\d+\/calendar$/);
      await expect(page.getByText('First day')).toBeVisible();
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
