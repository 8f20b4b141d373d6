import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { APP, createLearner, DEMO, SECOND_BRAND_APP, signIn, tokenOf } from './support/helpers';
import {
  API_CACHE,
  cachedUrls,
  controlledByWorker,
  cutNetwork,
  DOWNLOADS_CACHE,
  networkReturnsUntil,
  signInWithWorker,
} from './support/offline';
import { test } from './support/test';

/**
 * The app's service worker: the shell and the read answers of a signed-in learner are kept, so with
 * the network cut (every request, the worker's own included, aborted) a reload still opens the
 * calendar and a day with the offline banner; right after the very first sign-in, offline, a reload
 * opens My courses (the reads made before the worker took over are asked again through it); logout
 * leaves no kept answer; a new build shows the update prompt, at a reload or when the tab is shown
 * again after a while away; a brand with offline mode off keeps no answers.
 */

const API = `${APP}/spa/api/v1`;

const keptAnswers = (page: Page) => cachedUrls(page, API_CACHE);

/** How many download records IndexedDB holds (src/platform/downloadsStore.ts). */
const downloadRecords = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('lp-downloads');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains('lessons')) return resolve(0);
          const counting = database.transaction('lessons').objectStore('lessons').count();
          counting.onsuccess = () => resolve(counting.result);
          counting.onerror = () => reject(counting.error);
        };
      }),
  );

/** Waits until the user and the streams are kept under the session's token (not a guest's). */
async function startReadsKept(page: Page): Promise<void> {
  const kept = (path: string) => async () =>
    (await keptAnswers(page)).some((url) => url.startsWith(`${API}${path}?`) && !url.includes('__user=none'));
  await expect.poll(kept('/user')).toBe(true);
  await expect.poll(kept('/user-course-streams')).toBe(true);
}

async function openStreamId(page: Page): Promise<number> {
  const streams = (await (await page.request.get(`${API}/user-course-streams`)).json()) as {
    data: { id: number; is_demo: 0 | 1; status: string }[];
  };
  const stream = streams.data.find((item) => item.is_demo === 0 && item.status === 'open');
  if (!stream) throw new Error('the seed has no open stream');
  return stream.id;
}

/**
 * Signs in (the worker comes with the first sign-in) and opens an open stream's calendar until its
 * days show (its header shows before them), so every answer it needs is kept; the stream's id.
 */
async function openCalendarWithWorker(page: Page): Promise<number> {
  expect(await signInWithWorker(page)).toBe(`${APP}/v/sw.js?offline=1`);
  const streamId = await openStreamId(page);
  await page.goto(`./course/${streamId}/calendar`);
  await expect(page.getByRole('link', { name: /Breathing basics/ }).first()).toBeVisible();
  return streamId;
}

test("the worker registers once the first screen's reads are done, not beside them", async ({
  page,
  context,
}) => {
  // My courses' list of streams answers 3 s late: the worker (and its download of the whole app)
  // must wait for it, and then for a quiet second.
  let streamsAnsweredAt = 0;
  await context.route(/\/spa\/api\/v1\/user-course-streams\?/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
    streamsAnsweredAt ||= Date.now();
  });
  await signIn(page, DEMO.learner);
  let registeredAt = 0;
  await expect
    .poll(
      async () => {
        const registered = await page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration()) !== undefined,
        );
        if (registered) registeredAt ||= Date.now();
        return registered;
      },
      { timeout: 15_000, intervals: [100] },
    )
    .toBe(true);
  expect(streamsAnsweredAt).toBeGreaterThan(0);
  expect(registeredAt - streamsAnsweredAt).toBeGreaterThanOrEqual(800);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});

test('with the network cut, a reload opens the calendar and a day from what was kept', async ({
  page,
  context,
}) => {
  const streamId = await openCalendarWithWorker(page);
  await page.goto(`./course/${streamId}/calendar/1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Breathing basics' })).toBeVisible();

  const stopped = await cutNetwork(context);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Breathing basics' })).toBeVisible();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Calm breathing' }).first()).toBeVisible();

  // The calendar too, within a second of asking.
  const started = Date.now();
  await page.goto(`./course/${streamId}/calendar`);
  await expect(page.getByRole('link', { name: /Breathing basics/ }).first()).toBeVisible({ timeout: 3_000 });
  expect(Date.now() - started).toBeLessThan(3_000);
  // Nothing reached the server: every request was stopped on its way.
  expect(stopped.length).toBeGreaterThan(0);
  await context.unroute('**/*');
});

test('a day opened straight away, where lessons download, keeps what its calendar needs offline', async ({
  page,
  context,
}) => {
  expect(await signInWithWorker(page)).toBe(`${APP}/v/sw.js?offline=1`);
  const streamId = await openStreamId(page);
  await page.goto(`./course/${streamId}/calendar/1`);
  await expect(page.getByRole('button', { name: /^Download for offline viewing: / }).first()).toBeVisible();
  await expect
    .poll(async () => {
      const kept = await keptAnswers(page);
      return [/\/courses\/\d+\/stages\?/, /\/courses\/versions\?/].every((read) =>
        kept.some((url) => read.test(url)),
      );
    })
    .toBe(true);

  await cutNetwork(context);
  await page.goto(`./course/${streamId}/calendar`);
  await expect(page.getByRole('link', { name: /Breathing basics/ }).first()).toBeVisible({ timeout: 3_000 });
  await context.unroute('**/*');
});

test('right after the very first sign-in, a reload without a network opens My courses', async ({
  page,
  context,
}) => {
  await signInWithWorker(page);
  // The user and the streams were read before the worker controlled the page: asked again through
  // it once it took over, they are kept under the session's token.
  await startReadsKept(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeHidden();
});

test('a learner whose saved language the page takes on at sign-in reloads offline in it', async ({
  page,
  context,
}) => {
  const account = await createLearner(page.request, 'offline-es');
  const headers = { Authorization: `Bearer ${await tokenOf(page.request, account)}` };
  await page.request.post(`${API}/user`, { headers, data: { language_code: 'es-ES' } });
  // The page starts in English and turns Spanish once the user is read: the reads made before that
  // went out in English, the reload's go out in Spanish, and either language's kept answer serves.
  await signIn(page, account);
  await expect(page.getByRole('heading', { name: 'Mis cursos' })).toBeVisible();
  await controlledByWorker(page);
  await startReadsKept(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mis cursos' })).toBeVisible();
  await expect(page.getByText('No tienes conexión').first()).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toBeHidden();
});

test('with a network that accepts and never answers, the calendar shows what was kept within a second or so', async ({
  page,
  context,
}) => {
  await openCalendarWithWorker(page);
  const calendarShown = () =>
    expect(page.getByRole('link', { name: /Breathing basics/ }).first()).toBeVisible({ timeout: 10_000 });
  // What a reload takes here with the network answering: the machine's own pace, not the worker's.
  let started = Date.now();
  await page.reload();
  await calendarShown();
  const answered = Date.now() - started;

  // Every API request, the worker's own included, is taken and never answered.
  const held: string[] = [];
  await context.route('**/spa/api/**', (route) => {
    held.push(route.request().url());
  });
  started = Date.now();
  await page.reload();
  await calendarShown();
  // The first reads wait out the worker's one-second timeout together; the ones after them use what
  // was kept at once instead of each waiting again (the calendar reads in several steps: config and
  // user, the lists, the stream's course and days), which would take seconds more.
  expect(Date.now() - started - answered).toBeLessThan(2_000);
  await expect(page.getByText('You are offline')).toBeVisible();
  expect(held.length).toBeGreaterThan(0);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});

test('reads already waiting on a network that never answers take what was kept once the first has waited a second', async ({
  page,
  context,
}) => {
  // The session's header, as the worker keeps answers under the token that asked.
  let authorization = '';
  page.on('request', (request) => {
    authorization = request.headers().authorization ?? authorization;
  });
  await openCalendarWithWorker(page);
  await startReadsKept(page);
  // The kept reads' own addresses (the worker's key adds the session's hash).
  const asked = (await keptAnswers(page))
    .map((key) => new URL(key))
    .filter((url) => !url.searchParams.has('__kept') && !url.searchParams.get('__user')?.startsWith('none'))
    .map((url) => {
      url.searchParams.delete('__user');
      return url;
    });
  const keptRead = (path: string) => asked.find((url) => url.pathname === `/spa/api/v1${path}`)?.href;
  const user = keptRead('/user');
  const streams = keptRead('/user-course-streams');
  expect(user && streams && authorization).toBeTruthy();

  await context.route('**/spa/api/**', () => {});
  const answers = await page.evaluate(
    async ({ first, second, authorization }) => {
      const started = performance.now();
      const read = async (url: string) => {
        const answer = await fetch(url, { headers: { Authorization: authorization } });
        return { kept: answer.headers.get('X-Offline-Answer') === '1', at: performance.now() - started };
      };
      const firstRead = read(first);
      await new Promise((resolve) => setTimeout(resolve, 800));
      return Promise.all([firstRead, read(second)]);
    },
    { first: user as string, second: streams as string, authorization },
  );
  // The first waits out the worker's one-second timeout. The second, asked 0.8 s later, takes its
  // kept answer then too: waiting out its own timeout, it would have answered at 1.8 s at the soonest.
  expect(answers.map((answer) => answer.kept)).toEqual([true, true]);
  expect(answers[0]?.at).toBeGreaterThanOrEqual(1_000);
  expect(answers[1]?.at).toBeLessThan(1_600);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a network slower than the timeout, but answering, leaves the app online after its first late answers', async ({
  page,
  context,
}) => {
  const streamId = await openCalendarWithWorker(page);
  // Every API answer, the worker's reads included, comes 1.5 s late.
  await context.route('**/spa/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => {});
  });
  await page.reload();
  await expect(page.getByRole('link', { name: /Breathing basics/ }).first()).toBeVisible({ timeout: 15_000 });
  // The late answers arrive meanwhile: the worker now waits for the network instead of the cache.
  await page.waitForTimeout(2_000);
  await page.goto(`./course/${streamId}/calendar/1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Breathing basics' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('You are offline')).toBeHidden();
  // Online, a lesson that is not downloaded still plays: nothing says it is not available offline.
  await expect(page.getByText('This video is not available offline.')).toHaveCount(0);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});

test('logout leaves no kept answer, no download and no lesson position, and the app shell stays', async ({
  page,
}) => {
  await signInWithWorker(page);
  // The reads made before the worker took over are asked again through it, and kept.
  await expect.poll(async () => (await keptAnswers(page)).some((url) => url.includes('/user?'))).toBe(true);
  // A downloaded lesson, with its record.
  await page.goto(`./course/${await openStreamId(page)}/calendar/1`);
  await page
    .getByRole('button', { name: /^Download for offline viewing: / })
    .first()
    .click();
  await expect(page.getByText(/^Downloaded · /).first()).toBeVisible({ timeout: 30_000 });
  expect((await cachedUrls(page, DOWNLOADS_CACHE)).length).toBeGreaterThan(0);
  expect(await downloadRecords(page)).toBeGreaterThan(0);
  // Where a lesson was left, as a pause or leaving the lesson keeps it.
  const leftLessons = () => page.evaluate(() => window.localStorage.getItem('lesson-positions'));
  await page.evaluate(() => window.localStorage.setItem('lesson-positions', '{"1:1":42}'));

  await page.goto('./logout');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect
    .poll(async () => (await keptAnswers(page)).filter((url) => !url.includes('__user=none')))
    .toEqual([]);
  expect(await cachedUrls(page, DOWNLOADS_CACHE)).toEqual([]);
  expect(await downloadRecords(page)).toBe(0);
  expect(await leftLessons()).toBeNull();
  // The precached app shell stays: the worker still controls the page.
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
});

test('a new build shows the update prompt, and reloading puts it in charge', async ({ page }) => {
  const workerFile = join(import.meta.dirname, '..', '..', 'dist', 'v', 'sw.js');
  const original = readFileSync(workerFile, 'utf8');
  await signInWithWorker(page);
  try {
    // A new deploy: the worker's bytes change.
    writeFileSync(workerFile, `${original}\n// build ${Date.now()}\n`);
    await page.reload();
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(prompt).toBeHidden();

    await page.reload();
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(prompt).toBeHidden();
    const waiting = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting,
    );
    expect(waiting ?? null).toBeNull();
  } finally {
    writeFileSync(workerFile, original);
  }
});

/** Makes the page hidden or shown as a switch of tabs does: its visibility and the event. */
const showPage = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);

test('a tab shown again after a minute away hears of a new build without a reload', async ({ page }) => {
  const workerFile = join(import.meta.dirname, '..', '..', 'dist', 'v', 'sw.js');
  const original = readFileSync(workerFile, 'utf8');
  // The page's clock runs as usual; only the minute away is skipped.
  await page.clock.install();
  await signInWithWorker(page);
  try {
    writeFileSync(workerFile, `${original}\n// build ${Date.now()}\n`);
    await showPage(page, 'hidden');
    await page.clock.fastForward('01:01');
    await showPage(page, 'visible');
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
  } finally {
    writeFileSync(workerFile, original);
  }
});

/** Signs the demo learner in on Kite, whose offline mode is off: its worker keeps the shell only. */
async function signInOnKite(page: Page) {
  await page.goto(`${SECOND_BRAND_APP}/v/`);
  // Kite speaks Russian first.
  await page.getByLabel('E-mail').fill(DEMO.learner.email);
  await page.getByLabel('Пароль', { exact: true }).fill(DEMO.learner.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByLabel('E-mail')).toBeHidden();
  expect(await controlledByWorker(page)).toBe(`${SECOND_BRAND_APP}/v/sw.js`);
}

test('a brand with offline mode off keeps no answers', async ({ page }) => {
  await signInOnKite(page);
  expect(await page.evaluate((name) => caches.has(name), API_CACHE)).toBe(false);
});

test('with offline mode off, a reload offline waits for the network and comes back signed in', async ({
  page,
  context,
}) => {
  await signInOnKite(page);
  await context.setOffline(true);
  await page.reload();
  // Neither the config nor the learner can be read: the app says so, not that the learner is signed
  // out. It speaks the learner's language (English), kept from the sign-in.
  await expect(page.getByText('You are offline')).toBeVisible();
  await networkReturnsUntil(context, () =>
    expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible({ timeout: 2_000 }),
  );
  await expect(page.getByLabel('E-mail')).toHaveCount(0);
});

test('with the network cut, the reminders and the support page open from what was kept', async ({
  page,
  context,
}) => {
  await openCalendarWithWorker(page);
  // Visited online once, as a learner would before going offline.
  await page.goto('./user/settings/reminders/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New reminder' })).toBeVisible();
  await expect(page.getByText('Loading your reminders…')).toHaveCount(0);
  await page.goto('./support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByText('Loading support topics…')).toHaveCount(0);

  await cutNetwork(context);
  for (const [path, heading, loading, failure] of [
    [
      './user/settings/reminders/new',
      'New reminder',
      'Loading your reminders…',
      'Failed to load your reminders.',
    ],
    ['./support', 'Support', 'Loading support topics…', 'Failed to load support topics.'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('You are offline')).toBeVisible();
    await expect(page.getByText(loading)).toHaveCount(0);
    await expect(page.getByText(failure)).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Technical problem' })).toBeVisible();
  // Scrolled, the header stays below the offline bar: its menu (with the downloads) is still there
  // to press, on a phone and on a desktop.
  const offlineBar = page.getByRole('status').filter({ hasText: 'You are offline' });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 640 });
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(40);
    const bar = await offlineBar.boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(bar && header && header.y >= bar.y + bar.height - 1, `at ${width} px`).toBe(true);
    await page.getByRole('button', { name: 'Menu' }).click({ trial: true, timeout: 2_000 });
  }
  await context.unroute('**/*');
});
