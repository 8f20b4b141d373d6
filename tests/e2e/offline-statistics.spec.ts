import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Locator, Page, Request } from '@playwright/test';
import { APP } from './support/helpers';
import { E2E } from './support/ports';
import { withServerProcess } from './support/server-process';
import { expect, test } from './support/test';

/**
 * Lesson statistics are never lost: entries whose send fails (a 503, then no answer at all once the
 * server is stopped) wait in IndexedDB under the learner, outlive the closed tab, and reach the
 * server once it is back: each counted exactly once even when an answer is lost on the way back, and an entry the
 * server refuses (4xx) is dropped without blocking the ones behind it. The spec runs a server of its
 * own, stopped and started again on the same port and data folder.
 */

const PORT = E2E.appPort + 21;
const DEMO_SERVICE_ID = 498;
const LESSON = 'Calm breathing (theory)';
const PLAY = 'Play: Calm breathing, Theory';
const STATISTICS = '**/spa/api/v1/save-lesson-stat**';
/** A lesson of no course: the server refuses a statistic for it. */
const MISSING_LESSON_ID = 2_000_000_000;

type StoredStatistic = { key: string; lessonSetLessonId: number; viewedSeconds: number };
type Account = { email: string; password: string };
/** A learner on the demo course's first day: the account, its token and id, and the lesson's ids. */
type FirstDay = {
  account: Account;
  token: string;
  userId: number;
  streamId: number;
  lessonSetLessonId: number;
};
type WireDay = { lesson_sets: { lessons: { id: number; lesson: { title: string } }[] }[] };

const dataOf = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
};

const keyOf = (request: Request) => request.headers()['idempotency-key'] ?? '';

/** A new learner with the demo stream, signed in on `app`; returns the stream and the lesson's ids. */
async function learnerOnFirstDay(page: Page, app: string): Promise<FirstDay> {
  const api = `${app}/spa/api/v1`;
  const email = `queue-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'learner-pass-1';
  const signedUp = await page.request.post(`${api}/auth/signup-by-email?lang=en`, {
    data: { username: email, email, password, password_repeat: password, timezone: 'UTC' },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  const { token, user } = await dataOf<{ token: string; user: { id: number } }>(
    await page.request.post(`${api}/auth/login?lang=en`, { data: { email, password } }),
  );
  const stream = await dataOf<{ id: number; course_id: number }>(
    await page.request.post(`${api}/course-services/${DEMO_SERVICE_ID}/enrol-demo?lang=en`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  await page.goto(`${app}/v/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/v\/home$/);
  const stages = await dataOf<{ id: number; days: number[] }[]>(
    await page.request.get(`${api}/courses/${stream.course_id}/stages`),
  );
  const stage = stages[0];
  const dayId = stage?.days[0];
  if (!stage || dayId === undefined) throw new Error('the demo course has no first day');
  const day = await dataOf<WireDay>(
    await page.request.get(`${api}/courses/${stream.course_id}/stages/${stage.id}/days/${dayId}`),
  );
  const item = day.lesson_sets.flatMap((set) => set.lessons).find(({ lesson }) => lesson.title === LESSON);
  if (!item) throw new Error(`the first day has no lesson "${LESSON}"`);
  return {
    account: { email, password },
    token,
    userId: user.id,
    streamId: stream.id,
    lessonSetLessonId: item.id,
  };
}

const innerVideo = (lesson: Locator) => lesson.locator('mux-player').locator('video');
const currentTime = (lesson: Locator) =>
  innerVideo(lesson).evaluate((video) => (video as HTMLVideoElement).currentTime);

/** Plays until the position passes `seconds`, then pauses: a pause is a moment a statistic is made. */
async function watchUntil(lesson: Locator, seconds: number) {
  await innerVideo(lesson).evaluate((video) => (video as HTMLVideoElement).play());
  const state = () =>
    innerVideo(lesson)
      .evaluate(
        (element) => {
          const video = element as HTMLVideoElement;
          return `at ${video.currentTime} of ${video.duration}, paused ${video.paused}, ready ${video.readyState}, error ${video.error?.message ?? 'none'}`;
        },
        undefined,
        { timeout: 2000 },
      )
      .catch(() => 'the player is gone');
  await expect
    .poll(() => currentTime(lesson), { timeout: 30_000, message: 'the lesson plays on' })
    .toBeGreaterThan(seconds)
    .catch(async (error: unknown) => {
      throw new Error(`${String(error)}\nvideo: ${await state()}`);
    });
  await innerVideo(lesson).evaluate((video) => (video as HTMLVideoElement).pause());
}

/** The statistics queue's stored lists by their key (`user:<id>`), read from the page's IndexedDB. */
const storedLists = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, StoredStatistic[]>>((resolve, reject) => {
        const open = indexedDB.open('lp-statistics-queue');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('entries')) return resolve({});
          const lists: Record<string, StoredStatistic[]> = {};
          const cursor = database.transaction('entries').objectStore('entries').openCursor();
          cursor.onerror = () => reject(cursor.error);
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) return resolve(lists);
            lists[String(at.key)] = at.value as StoredStatistic[];
            at.continue();
          };
        };
      }),
  );

/** Every stored entry, whoever's. */
const storedQueue = async (page: Page) => Object.values(await storedLists(page)).flat();

/** The lesson's viewed seconds as the server counts them (the stream status call). */
async function countedSeconds(request: APIRequestContext, app: string, first: FirstDay): Promise<number> {
  const status = await dataOf<{ lessons: { lesson_set_lesson_id: number; viewed_seconds: number }[] }>(
    await request.get(`${app}/spa/api/v1/user-course-streams/${first.streamId}/status?lang=en`, {
      headers: { Authorization: `Bearer ${first.token}` },
    }),
  );
  return (
    status.lessons.find((lesson) => lesson.lesson_set_lesson_id === first.lessonSetLessonId)
      ?.viewed_seconds ?? 0
  );
}

async function routeStatistics(context: BrowserContext, handle: Parameters<BrowserContext['route']>[1]) {
  await context.unroute(STATISTICS);
  await context.route(STATISTICS, handle);
}

/**
 * Every statistic fails as an overloaded server answers (503). A send without any answer would be
 * no different for the queue, but it turns the whole app offline, which ends the streaming playback
 * these statistics come from.
 */
const failStatistics = (context: BrowserContext) =>
  routeStatistics(context, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Service Unavailable' }),
    }),
  );

/** The day page with the lesson playing until it has made at least one queued statistic. */
async function queueStatistics(page: Page, app: string, first: FirstDay) {
  await page.goto(`${app}/v/course/${first.streamId}/calendar/1`);
  const lesson = page.getByRole('article', { name: 'Calm breathing, Theory' });
  await lesson.getByRole('button', { name: PLAY, exact: true }).click();
  await watchUntil(lesson, 3);
  await expect.poll(async () => (await storedQueue(page)).length).toBeGreaterThanOrEqual(1);
}

test('statistics made without a network reach the restarted server once, after the tab was closed', async ({
  context,
}) => {
  test.setTimeout(300_000);
  const work = await mkdtemp(join(tmpdir(), 'e2e-statistics-'));
  const database = { dataDir: join(work, 'pglite'), mediaDir: join(work, 'media') };
  let first: FirstDay | null = null;
  let app = '';
  try {
    const page = await context.newPage();
    await withServerProcess(PORT, database, async (origin) => {
      app = origin.replace('127.0.0.1', 'localhost');
      first = await learnerOnFirstDay(page, app);
      await failStatistics(context);
      await queueStatistics(page, app, first);
      await watchUntil(page.getByRole('article', { name: 'Calm breathing, Theory' }), 6.5);
      await expect.poll(async () => (await storedQueue(page)).length).toBeGreaterThanOrEqual(2);
    });
    if (!first) throw new Error('the learner was not set up');
    const day: FirstDay = first;

    // The server is down now: the entries still wait in IndexedDB, under the learner only.
    const lists = await storedLists(page);
    expect(Object.keys(lists)).toEqual([`user:${day.userId}`]);
    const stored = await storedQueue(page);
    expect(new Set(stored.map((entry) => entry.lessonSetLessonId))).toEqual(new Set([day.lessonSetLessonId]));
    expect(new Set(stored.map((entry) => entry.key)).size).toBe(stored.length);
    await page.close();

    const [refused, lost] = stored.map((entry) => entry.key);
    const tries = new Map<string, number>();
    const answers = new Map<string, number[]>();
    let lostAnswer = false;
    await withServerProcess(PORT, database, async () => {
      await routeStatistics(context, async (route) => {
        const key = keyOf(route.request());
        tries.set(key, (tries.get(key) ?? 0) + 1);
        if (key === refused) {
          const body = route.request().postDataJSON() as Record<string, unknown>;
          await route.continue({
            postData: JSON.stringify({ ...body, stage_day_lesson_set_lesson_id: MISSING_LESSON_ID }),
          });
        } else if (key === lost && !lostAnswer) {
          // The server counts it, but its answer never reaches the page: the queue sends it again.
          lostAnswer = true;
          const answer = await route.fetch();
          answers.set(key, [...(answers.get(key) ?? []), answer.status()]);
          await route.abort('connectionreset');
        } else {
          await route.continue();
        }
      });
      const reopened = await context.newPage();
      reopened.on('response', (response) => {
        if (!response.url().includes('/save-lesson-stat')) return;
        const key = keyOf(response.request());
        answers.set(key, [...(answers.get(key) ?? []), response.status()]);
      });
      // The stored token signs the learner in again; the queue sends what the closed tab left.
      await reopened.goto(`${app}/v/home`);
      await expect.poll(async () => (await storedQueue(reopened)).length, { timeout: 30_000 }).toBe(0);

      const expected = stored.slice(1).reduce((sum, entry) => sum + entry.viewedSeconds, 0);
      expect(expected).toBeGreaterThanOrEqual(2);
      expect(await countedSeconds(reopened.request, app, day)).toBe(expected);
      // The refused entry went once and was dropped; the one whose answer was lost went twice and counted once.
      expect(tries.get(refused ?? '')).toBe(1);
      expect(answers.get(refused ?? '')?.[0]).toBeGreaterThanOrEqual(400);
      expect(answers.get(refused ?? '')?.[0]).toBeLessThan(500);
      expect(tries.get(lost ?? '')).toBe(2);
      expect(answers.get(lost ?? '')).toEqual([201, 200]);
      await reopened.close();
    });
  } finally {
    await context.unroute(STATISTICS);
    await rm(work, { recursive: true, force: true });
  }
});

test('a logout sends what it can in 3 s; the rest waits for the same learner, never another', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const ada = await learnerOnFirstDay(page, APP);
  await failStatistics(context);
  await queueStatistics(page, APP, ada);

  // The server still refuses: the logout tries, waits at most 3 s, and signs out all the same.
  const leaving = Date.now();
  await page.goto(`${APP}/v/logout`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(Date.now() - leaving).toBeLessThan(10_000);
  const left = (await storedLists(page))[`user:${ada.userId}`] ?? [];
  expect(left.length).toBeGreaterThanOrEqual(1);
  expect(await countedSeconds(page.request, APP, ada)).toBe(0);

  // Another learner signs in on the same device: Ada's entries stay where they are.
  const sent: string[] = [];
  await routeStatistics(context, async (route) => {
    sent.push(route.request().headers().authorization ?? '');
    await route.continue();
  });
  const other = await learnerOnFirstDay(page, APP);
  await page.goto(`${APP}/v/course/${other.streamId}/calendar/1`);
  await expect(page.getByRole('article', { name: 'Calm breathing, Theory' })).toBeVisible();
  // Longer than the first retry of any entry the queue would hold.
  await page.waitForTimeout(3000);
  expect(sent).toEqual([]);
  expect((await storedLists(page))[`user:${ada.userId}`]).toEqual(left);

  // Ada again: her entries go out under her own session, each counted once.
  await page.goto(`${APP}/v/logout`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(ada.account.email);
  await page.getByLabel('Password', { exact: true }).fill(ada.account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect
    .poll(async () => (await storedLists(page))[`user:${ada.userId}`]?.length, { timeout: 20_000 })
    .toBe(0);
  expect(sent.length).toBe(left.length);
  expect(await countedSeconds(page.request, APP, ada)).toBe(
    left.reduce((sum, entry) => sum + entry.viewedSeconds, 0),
  );
  await context.unroute(STATISTICS);
});
