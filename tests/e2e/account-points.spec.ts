import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { DEMO, signIn } from './support/helpers';
import { E2E } from './support/ports';
import { withServerProcess } from './support/server-process';
import { expect, test } from './support/test';

/**
 * The points page and its history as the demo learner meets them: the seed gives them 200 points
 * in two top-ups and a debit. Paging needs more than 20 entries, which only the database can give
 * (no call gives points), so that test runs a server of its own on a folder it fills while stopped.
 */

const run = promisify(execFile);
const PORT = E2E.appPort + 12;
const formatted = (amount: number) => new Intl.NumberFormat('en').format(amount);

const historyRows = (page: Page) => page.getByRole('list', { name: 'Points history' }).getByRole('listitem');

/** Opens the points page from the burger menu and returns the balance the server answered it with. */
async function openPointsFromMenu(page: Page): Promise<number> {
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
  const answer = page.waitForResponse((response) => response.url().includes('/user-score/amount'));
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Points' }).click();
  const body = (await (await answer).json()) as { data: { amount: number } };
  await expect(page.getByRole('heading', { level: 1, name: 'Points' })).toBeVisible();
  return body.data.amount;
}

test('the demo learner sees the balance the server keeps and the history of top-ups and debits', async ({
  page,
}) => {
  await signIn(page, DEMO.learner);
  const balance = await openPointsFromMenu(page);
  expect(balance).toBe(200);
  await expect(page.getByRole('definition')).toHaveText(`${formatted(balance)} points`);
  // 200 is the brand's threshold: the learner may spend.
  await expect(page.getByText('You can spend your points.')).toBeVisible();
  await expect(page.getByText('You can spend points once your balance reaches 200 points.')).toBeVisible();
  await page.getByText('Do points expire?').click();
  await expect(
    page.getByText('No. Points stay on your balance for as long as you have an account.'),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'points');

  await page.getByRole('link', { name: 'Points history' }).click();
  await expect(page).toHaveURL(/\/user\/points\/history$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Points history' })).toBeVisible();
  const rows = historyRows(page);
  await expect(rows).toHaveCount(3);
  // Newest first: kind in words, sign and absolute amount.
  await expect(rows.nth(0)).toContainText('Debit');
  await expect(rows.nth(0)).toContainText('\u221250');
  await expect(rows.nth(1)).toContainText('Top-up');
  await expect(rows.nth(1)).toContainText('+100');
  await expect(rows.nth(2)).toContainText('Top-up');
  await expect(rows.nth(2)).toContainText('+150');
  // Each with its date as DD.MM.YYYY and its time as HH:MM.
  for (const row of await rows.all()) {
    await expect(row.locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  }
  await expect(page.getByText('3 entries shown')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'points history');

  // A phone's width: nothing runs off the side.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(rows).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByRole('link', { name: 'Back to points' }).click();
  await expect(page).toHaveURL(/\/user\/points$/);
  await expect(page.getByRole('definition')).toHaveText('200 points');
});

test('a history longer than a page shows 20 entries, then the rest on "Show more"', async ({ page }) => {
  test.setTimeout(240_000);
  const work = await mkdtemp(join(tmpdir(), 'e2e-points-'));
  const database = { dataDir: join(work, 'pglite'), mediaDir: join(work, 'media') };
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  try {
    // The first start seeds the demo learner's three entries.
    await withServerProcess(PORT, database, async () => undefined);
    const { stdout } = await run(
      'npx',
      ['tsx', 'tests/e2e/support/add-points.ts', database.dataDir, DEMO.learner.email, '22'],
      { env, timeout: 120_000 },
    );
    const added = Number(stdout.trim());
    expect(added, stdout).toBe(110);

    await withServerProcess(PORT, database, async (origin) => {
      await page.goto(`${origin.replace('127.0.0.1', 'localhost')}/v/`);
      await page.getByLabel('E-mail').fill(DEMO.learner.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.learner.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const balance = await openPointsFromMenu(page);
      expect(balance).toBe(200 + added);
      await expect(page.getByRole('definition')).toHaveText(`${formatted(balance)} points`);

      await page.getByRole('link', { name: 'Points history' }).click();
      const rows = historyRows(page);
      await expect(rows).toHaveCount(20);
      await expect(page.getByText('20 entries shown')).toBeVisible();
      const nextPage = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname.endsWith('/user-score') && url.searchParams.get('page') === '2';
      });
      // From the keyboard: the button leaves with the last page, and the focus goes on from the
      // first entry it added, not from the top of the page.
      await page.getByRole('button', { name: 'Show more' }).focus();
      await page.keyboard.press('Enter');
      expect((await nextPage).ok()).toBe(true);
      await expect(rows).toHaveCount(25);
      await expect(page.getByText('25 entries shown')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
      await expect(rows.nth(20)).toBeFocused();
      await expectNoSeriousViolations(page, 'points history after "Show more"');
      // The oldest entry is the first one added: a top-up of 20.
      await expect(rows.last()).toContainText('Top-up');
      await expect(rows.last()).toContainText('+20');
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
