import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { APP } from './support/helpers';
import { API_CACHE, cachedUrls, cutNetwork, DOWNLOADS_CACHE, signInWithWorker } from './support/offline';
import { test } from './support/test';

/**
 * Lesson downloads: a lesson downloads with visible progress into the download cache; with the
 * network cut (every request, the service worker's own included, aborted) a reload opens the day,
 * the downloaded lesson plays from the cache, seeks to a later second and shows its subtitles, and
 * a lesson not downloaded says it is not available offline; the Downloads page lists and deletes it.
 * A storage quota too small for the lesson fails at once with "Not enough space" and stores nothing.
 */

const API = `${APP}/spa/api/v1`;
const LESSON = 'Calm breathing';

type VideoRef = { mp4_playlist: string; preview: string | null; subtitles: { link: string }[] };
type WireDay = { lesson_sets: { lessons: { lesson: { title: string; local_video_file: VideoRef } }[] }[] };

const storedUrls = async (page: Page) =>
  (await cachedUrls(page, DOWNLOADS_CACHE)).map((url) => new URL(url).pathname);

/** The demo learner's open stream and the first day's first lesson video, as the server lists them. */
async function firstDay(page: Page): Promise<{ streamId: number; video: VideoRef }> {
  const dataOf = async <T>(path: string) =>
    ((await (await page.request.get(`${API}${path}`)).json()) as { data: T }).data;
  const streams =
    await dataOf<{ id: number; course_id: number; is_demo: 0 | 1; status: string }[]>('/user-course-streams');
  const stream = streams.find((item) => item.is_demo === 0 && item.status === 'open');
  if (!stream) throw new Error('the seed has no open stream');
  const stages = await dataOf<{ id: number; days: number[] }[]>(`/courses/${stream.course_id}/stages`);
  const stage = stages[0];
  if (!stage?.days[0]) throw new Error('the course has no first day');
  const day = await dataOf<WireDay>(`/courses/${stream.course_id}/stages/${stage.id}/days/${stage.days[0]}`);
  const lesson = day.lesson_sets
    .flatMap((set) => set.lessons)
    .find((item) => item.lesson.title.startsWith(LESSON));
  if (!lesson) throw new Error(`the first day has no lesson "${LESSON}"`);
  return { streamId: stream.id, video: lesson.lesson.local_video_file };
}

/** Signs the demo learner in (the worker registers) and opens the first day: its theory lesson and video. */
async function signedInAtFirstDay(page: Page): Promise<{ lesson: Locator; video: VideoRef }> {
  await signInWithWorker(page);
  const { streamId, video } = await firstDay(page);
  return { lesson: await openFirstDay(page, streamId), video };
}

async function openFirstDay(page: Page, streamId: number): Promise<Locator> {
  await page.goto(`./course/${streamId}/calendar/1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Breathing basics' })).toBeVisible();
  return page.getByRole('article', { name: `${LESSON}, Theory` });
}

/** Downloads the day's theory lesson from its control and waits until it is stored. */
async function downloadLesson(lesson: Locator) {
  await lesson.getByRole('button', { name: `Download for offline viewing: ${LESSON}` }).click();
  await expect(lesson.getByText(/^Downloaded · /)).toBeVisible({ timeout: 30_000 });
}

/** The video element inside Mux's element (CSS locators reach into its open shadow roots). */
const innerVideo = (lesson: Locator) => lesson.locator('mux-player').locator('video');
const currentTime = (lesson: Locator) =>
  innerVideo(lesson).evaluate((video) => (video as HTMLVideoElement).currentTime);

test('a lesson downloads with progress, then plays, seeks and shows subtitles with the network cut', async ({
  page,
  context,
}) => {
  const { lesson, video } = await signedInAtFirstDay(page);

  // The progress bar shows however quickly the loopback server sends the files.
  await page.evaluate(() => {
    const seen = document.createElement('meta');
    seen.id = 'download-progress-seen';
    new MutationObserver(() => {
      if (document.querySelector('progress.lesson-download__bar')) document.head.append(seen);
    }).observe(document.body, { subtree: true, childList: true });
  });
  await downloadLesson(lesson);
  await expect(page.locator('#download-progress-seen')).toBeAttached();
  // Each step replaced the control that had the focus; the focus went on to the next step's.
  await expect(lesson.getByRole('button', { name: `Delete the download: ${LESSON}` })).toBeFocused();
  const stored = await storedUrls(page);
  expect(stored).toContain(video.mp4_playlist);
  for (const subtitle of video.subtitles) expect(stored).toContain(subtitle.link);
  if (video.preview) expect(stored).toContain(video.preview);

  const stopped = await cutNetwork(context);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Breathing basics' })).toBeVisible();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(
    page
      .getByRole('article', { name: `${LESSON}, Execution` })
      .getByText('This video is not available offline.'),
  ).toBeVisible();

  await lesson.getByRole('button', { name: `Play: ${LESSON}, Theory`, exact: true }).click();
  await expect.poll(() => currentTime(lesson), { timeout: 15_000 }).toBeGreaterThan(0.3);
  expect(
    await lesson
      .locator('mux-player')
      .evaluate((element) => new URL((element as unknown as { src: string }).src, location.href).pathname),
  ).toBe(video.mp4_playlist);
  // Seeking needs the worker's 206 answers from the stored file.
  await innerVideo(lesson).evaluate((element) => {
    (element as HTMLVideoElement).currentTime = 6;
  });
  await expect.poll(() => currentTime(lesson), { timeout: 15_000 }).toBeGreaterThanOrEqual(6);
  // The English subtitles, read from the stored .vtt, show the cue of that second.
  await expect
    .poll(
      () =>
        innerVideo(lesson).evaluate((element) => {
          const tracks = [...(element as HTMLVideoElement).textTracks].filter(
            (track) => track.kind === 'subtitles',
          );
          const english = tracks.find((track) => track.language === 'en');
          if (!english) return '';
          if (english.mode !== 'showing') english.mode = 'showing';
          return [...(english.activeCues ?? [])].map((cue) => (cue as VTTCue).text).join(' ');
        }),
      { timeout: 10_000 },
    )
    .toMatch(/\w+/);
  // Any client of the page gets the server's answers from the stored file (docs/API.md "Media"): an
  // end past the file clamped, several ranges ignored, HEAD without a body.
  const answers = await page.evaluate(async (url) => {
    const ask = async (init: RequestInit) => {
      const answer = await fetch(url, init);
      const body = await answer.arrayBuffer();
      return `${answer.status} ${answer.headers.get('content-range')} ${body.byteLength}`;
    };
    return [
      await ask({ headers: { Range: 'bytes=0-99999999' } }),
      await ask({ headers: { Range: 'bytes=0-1,5-6' } }),
      await ask({ method: 'HEAD' }),
    ];
  }, video.mp4_playlist);
  const size = Number(/^206 bytes 0-\d+\/(\d+) /.exec(answers[0] ?? '')?.[1]);
  expect(answers).toEqual([`206 bytes 0-${size - 1}/${size} ${size}`, `200 null ${size}`, '200 null 0']);
  // Nothing reached the server: the stored media came from the cache, the rest was stopped.
  expect(stopped.filter((url) => url.endsWith(video.mp4_playlist))).toEqual([]);
  await context.unroute('**/*');

  // The Downloads page lists the lesson with its course, and deletes it.
  await page.goto('./user/downloads');
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: `${LESSON}, Theory` });
  await expect(item).toBeVisible();
  await expect(item).toContainText(/downloaded \d{2}\.\d{2}\.\d{4}/);
  await item.getByRole('button', { name: `Delete the download: ${LESSON}, Theory` }).click();
  await expect(page.getByText(/No downloaded lessons yet/)).toBeVisible();
  await expect.poll(() => storedUrls(page)).toEqual([]);
});

test('a quota too small for the lesson fails with "Not enough space" and stores nothing', async ({
  page,
  context,
}) => {
  const { lesson } = await signedInAtFirstDay(page);

  const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  const cdp = await context.newCDPSession(page);
  // Room for the app's own caches and a few kilobytes: far less than a lesson's video.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: APP, quotaSize: usage + 20_000 });

  await lesson.getByRole('button', { name: `Download for offline viewing: ${LESSON}` }).click();
  await expect(lesson.getByRole('alert')).toHaveText('Not enough space');
  expect(await storedUrls(page)).toEqual([]);
  await expect(lesson.getByRole('button', { name: `Try the download again: ${LESSON}` })).toBeVisible();
});

/** Every answer the worker kept for reading offline, dated two days back: past the 86400 s expiry. */
const ageKeptAnswers = (page: Page) =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toUTCString();
    for (const request of await cache.keys()) {
      const answer = await cache.match(request);
      if (!answer) continue;
      const headers = new Headers(answer.headers);
      headers.set('Date', twoDaysAgo);
      await cache.put(request, new Response(await answer.blob(), { status: answer.status, headers }));
    }
  }, API_CACHE);

/** Signed in, the first day's first lesson downloaded, then the network cut. */
async function offlineWithADownload(page: Page, context: BrowserContext) {
  const { lesson } = await signedInAtFirstDay(page);
  await downloadLesson(lesson);
  await cutNetwork(context);
}

test('after a day without a network the app still starts and a downloaded lesson plays from the Downloads page', async ({
  page,
  context,
}) => {
  await offlineWithADownload(page, context);
  await ageKeptAnswers(page);
  await page.goto('./');
  await expect(page.getByText('You are offline')).toBeVisible();
  // Nothing kept is fresh enough for the learner's data; the downloads are pointed to.
  await expect(page.getByText('Failed to load your data.')).toBeVisible();
  await page.getByRole('link', { name: 'Watch your downloaded lessons' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: `${LESSON}, Theory` });
  await item.getByRole('link', { name: `Watch: ${LESSON}, Theory` }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Mindful Movement in 8 Days' })).toBeVisible();
  const player = page.getByRole('article', { name: `${LESSON}, Theory` });
  await player.getByRole('button', { name: `Play: ${LESSON}, Theory`, exact: true }).click();
  await expect.poll(() => currentTime(player), { timeout: 15_000 }).toBeGreaterThan(0.3);
  await context.unroute('**/*');
});

test('offline, my courses that could not load point to the downloaded lessons, once', async ({
  page,
  context,
}) => {
  await offlineWithADownload(page, context);
  // The list of courses was never read before the network went (it is kept only once read).
  await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    for (const request of await cache.keys())
      if (new URL(request.url).pathname.endsWith('/courses')) await cache.delete(request);
  }, API_CACHE);
  await page.goto('./courses');
  await expect(
    page.getByText('Could not load your courses. Check the connection and try again.'),
  ).toBeVisible();
  // The app's own data was kept fresh enough: the page's error is the one to offer the way out.
  await expect(page.getByText('Failed to load your data.')).toHaveCount(0);
  await page.getByRole('link', { name: 'Watch your downloaded lessons' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  await context.unroute('**/*');
});

test('a lesson downloaded in one tab appears on the Downloads page open in another', async ({
  page,
  context,
}) => {
  await signInWithWorker(page);
  const { streamId } = await firstDay(page);
  const other = await context.newPage();
  await other.goto('./user/downloads');
  await expect(other.getByText(/No downloaded lessons yet/)).toBeVisible();

  const lesson = await openFirstDay(page, streamId);
  await downloadLesson(lesson);
  const item = other.getByRole('listitem').filter({ hasText: `${LESSON}, Theory` });
  await expect(item).toContainText(/downloaded \d{2}\.\d{2}\.\d{4}/);
  await expect(item.getByRole('link', { name: `Watch: ${LESSON}, Theory` })).toBeVisible();
});

test('a lesson deleted in one tab is no longer downloaded in another, which does not reload', async ({
  page,
  context,
}) => {
  await signInWithWorker(page);
  const { streamId } = await firstDay(page);
  const lesson = await openFirstDay(page, streamId);
  await downloadLesson(lesson);

  // The other tab shows the lesson downloaded on its day, then on the Downloads page it opens from
  // the menu, without loading the page again.
  const other = await context.newPage();
  const otherLesson = await openFirstDay(other, streamId);
  await expect(otherLesson.getByText(/^Downloaded · /)).toBeVisible();
  await other.evaluate(() => {
    document.documentElement.dataset.sameDocument = 'yes';
  });
  await other.getByRole('button', { name: 'Menu' }).click();
  await other.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Downloads' }).click();
  // The day stays on screen while the Downloads page's code loads, and its lessons name the lesson too.
  await expect(other.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  const item = other.getByRole('listitem').filter({ hasText: `${LESSON}, Theory` });
  await expect(item).toContainText(/downloaded \d{2}\.\d{2}\.\d{4}/);

  await lesson.getByRole('button', { name: `Delete the download: ${LESSON}` }).click();
  await expect(lesson.getByRole('button', { name: `Download for offline viewing: ${LESSON}` })).toBeVisible();
  await expect(other.getByText(/No downloaded lessons yet/)).toBeVisible();
  await other.goBack();
  await expect(
    otherLesson.getByRole('button', { name: `Download for offline viewing: ${LESSON}` }),
  ).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('data-same-document', 'yes');
});
