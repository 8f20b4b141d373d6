import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';

/** A download must move the lesson's bytes at least this fast, as a share of plain fetches of them. */
export const DOWNLOAD_THROUGHPUT_BUDGET = 0.8;

const DOWNLOADS_CACHE = 'lp-downloads-v1';
const DOWNLOAD_BUTTON = /^Download for offline viewing: /;

export type DownloadFigures = {
  /** Bytes of the lesson's stored files (video, subtitles, poster). */
  bytes: number;
  /** From the tap on "Download" to the lesson shown as downloaded (median of the samples). */
  downloadMs: number;
  /** The same files fetched at once by the page, bodies read whole, as the download fetches them (median). */
  plainMs: number;
  /** plainMs / downloadMs: the download's throughput as a share of plain fetching (budget 0.8). */
  throughputRatio: { value: number; budget: number; ok: boolean };
  /** From the tap on play to the first decoded frame of the downloaded lesson, with the network cut. */
  firstFrameOfflineMs: number | null;
  /** Why the offline figure is missing, when it is. */
  offlineError: string | null;
};

/**
 * Times the download of the day's first lesson, in page time (performance.now()), from the click to
 * the moment the lesson reads "Downloaded".
 */
async function timeDownload(page: Page): Promise<number> {
  // Found by its accessible name (the control is named by an element it points at), then timed in the page.
  const button = await page.getByRole('button', { name: DOWNLOAD_BUTTON }).first().elementHandle();
  if (!button) throw new Error('the day page offers no download');
  return page.evaluate(async (control) => {
    const article = control.closest('article');
    if (!article) throw new Error('the download is not in a lesson');
    // No named functions in here: the runner's transform would wrap them in a helper the page lacks.
    const done = new Promise<number>((resolve, reject) => {
      new MutationObserver(() => {
        if (/Downloaded · /.test(article.textContent ?? '')) resolve(performance.now());
        else if (/download failed|Not enough space/.test(article.textContent ?? ''))
          reject(new Error('failed'));
      }).observe(article, { subtree: true, childList: true, characterData: true });
    });
    const started = performance.now();
    (control as HTMLButtonElement).click();
    return (await done) - started;
  }, button);
}

const storedFiles = (page: Page) =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return Promise.all(
      (await cache.keys()).map(async (request) => ({
        url: request.url,
        bytes: (await (await cache.match(request))?.arrayBuffer())?.byteLength ?? 0,
      })),
    );
  }, DOWNLOADS_CACHE);

/**
 * Samples of the download and of the plain fetches, taken in turns. One lasts about a tenth of a
 * second, no longer than a stall of a busy shared machine, and a few stalled samples of five moved
 * their median: fifteen keep it on the samples taken without a stall.
 */
const SAMPLES = 15;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Deletes the downloaded lesson and waits until the download cache is empty. */
async function deleteDownload(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^Delete the download: / })
    .first()
    .click();
  await page.waitForFunction(
    async (name) => (await (await caches.open(name)).keys()).length === 0,
    DOWNLOADS_CACHE,
  );
}

/** The same files fetched plainly, all at once (nothing stored: the worker passes them to the network). */
const timePlainFetches = (page: Page, urls: string[]) =>
  page.evaluate(async (list) => {
    const started = performance.now();
    await Promise.all(
      list.map(async (url) =>
        (await fetch(url, { cache: 'no-store', credentials: 'same-origin' })).arrayBuffer(),
      ),
    );
    return performance.now() - started;
  }, urls);

/** Taps play on the downloaded lesson and waits for the player's first decoded frame. */
const timeFirstFrame = (page: Page) =>
  page.evaluate(async () => {
    const article = [...document.querySelectorAll('article')].find((candidate) =>
      /Downloaded · /.test(candidate.textContent ?? ''),
    );
    const play = article?.querySelector<HTMLButtonElement>('button.video-poster');
    if (!article || !play) throw new Error('no downloaded lesson to play');
    const started = performance.now();
    play.click();
    let video: HTMLVideoElement | undefined;
    while (!video) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      video = (
        article.querySelector('mux-player') as (Element & { media?: { nativeEl?: HTMLVideoElement } }) | null
      )?.media?.nativeEl;
    }
    const shown = video;
    await new Promise<void>((resolve) => shown.requestVideoFrameCallback(() => resolve()));
    return performance.now() - started;
  });

/** With every request aborted, a reload of the day page and the first frame of the stored lesson. */
async function firstFrameOffline(context: BrowserContext, page: Page): Promise<number> {
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await page
    .getByText(/Downloaded · /)
    .first()
    .waitFor()
    .catch(async (error: unknown) => {
      // Say what the page shows instead: the figure is missing for a reason worth reading.
      throw new Error(`offline day page: ${await page.locator('body').textContent()}`, { cause: error });
    });
  return timeFirstFrame(page);
}

/**
 * The downloads' figures on a day page (`dayUrl`, on the first brand's host, which has offline mode):
 * one warm-up download tells which files a lesson stores and is deleted; then, SAMPLES times in
 * turn, the same files are fetched plainly and the lesson is downloaded again (both timed; the
 * medians are compared), and with every request aborted a reload plays the last download from the
 * download cache (timed to its first frame).
 */
export async function measureDownloads(
  dayUrl: string,
  account: { email: string; password: string },
): Promise<DownloadFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Signed in through the page, as a learner is: the session the app restores offline.
    await page.goto(new URL('/v/', dayUrl).href);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My courses' }).waitFor();
    // The worker registers at the first sign-in; the day's reads must pass through it to be kept.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.goto(dayUrl);
    const lessonButton = page.getByRole('button', { name: DOWNLOAD_BUTTON }).first();
    await lessonButton.waitFor();

    await timeDownload(page);
    const files = await storedFiles(page);
    await deleteDownload(page);

    // One sample of each swings by half on a shared machine: the medians of several are compared.
    const plainSamples: number[] = [];
    const downloadSamples: number[] = [];
    for (let round = 0; round < SAMPLES; round += 1) {
      plainSamples.push(
        await timePlainFetches(
          page,
          files.map((file) => file.url),
        ),
      );
      await lessonButton.waitFor();
      downloadSamples.push(await timeDownload(page));
      // The last download stays for the offline figure.
      if (round < SAMPLES - 1) await deleteDownload(page);
    }
    const plainMs = median(plainSamples);
    const downloadMs = median(downloadSamples);

    // The throughput figures stand on their own when the offline page cannot be measured.
    const offline = await firstFrameOffline(context, page).then(
      (ms) => ({ ms, error: null }),
      (error: unknown) => ({ ms: null, error: String(error) }),
    );
    const ratio = Number((plainMs / downloadMs).toFixed(2));
    return {
      bytes: files.reduce((total, file) => total + file.bytes, 0),
      downloadMs: Math.round(downloadMs),
      plainMs: Math.round(plainMs),
      throughputRatio: {
        value: ratio,
        budget: DOWNLOAD_THROUGHPUT_BUDGET,
        ok: ratio >= DOWNLOAD_THROUGHPUT_BUDGET,
      },
      firstFrameOfflineMs: offline.ms === null ? null : Math.round(offline.ms),
      offlineError: offline.error,
    };
  } finally {
    await browser.close();
  }
}
