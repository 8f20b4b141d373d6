import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { mainThreadTime, type TraceEvent } from './mainThread';

/** The session cookie the app keeps beside local storage: a page opened with it is signed in. */
export type Session = { origin: string; token: string };

const sessionCookie = ({ origin, token }: Session) => ({
  name: 'auth_token',
  value: token,
  url: origin,
  sameSite: 'Strict' as const,
});

export type ScriptSize = { url: string; gzipKb: number };

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
export const totalKb = (scripts: readonly ScriptSize[]) =>
  Number(scripts.reduce((sum, s) => sum + s.gzipKb, 0).toFixed(1));

/**
 * Every script a page loads until the network is idle, with its gzip size in KB. `whenReady` runs on
 * the loaded page (e.g. waits for a lesson to show) before the list is taken.
 */
export async function pageScripts(
  url: string,
  options: { session?: Session; whenReady?: (page: import('@playwright/test').Page) => Promise<void> } = {},
): Promise<ScriptSize[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    if (options.session) await context.addCookies([sessionCookie(options.session)]);
    const page = await context.newPage();
    const scripts: Promise<ScriptSize>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        scripts.push(
          res.body().then((b) => ({ url: res.url(), gzipKb: kb(gzipSync(b, { level: 9 }).length) })),
        );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await options.whenReady?.(page);
    await page.waitForLoadState('networkidle');
    return await Promise.all(scripts);
  } finally {
    await browser.close();
  }
}

/** The gzip size of every script a page loads until the network is idle, in KB. */
export const pageJsGzipKb = async (url: string, session?: Session) =>
  totalKb(await pageScripts(url, { session }));

type LighthouseRun = { score: number; mainThread: { taskMs: number; cpuMs: number } };

/**
 * Lighthouse's mobile performance score (0..1) of a page, in Debian's Chromium, signed in when a
 * session is given, with its main thread's task and CPU time in the run (bench/mainThread.ts).
 */
async function lighthousePerformance(url: string, session?: Session): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    if (session) {
      // Lighthouse keeps the browser's storage when asked to, so the cookie set here signs the page in.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await browser.contexts()[0]?.addCookies([sessionCookie(session)]);
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      disableStorageReset: session !== undefined,
    });
    // A run that could not measure (no paint, a page error) has no score: say why instead of a 0.
    if (!result || result.lhr.runtimeError)
      throw new Error(`Lighthouse on ${url}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
    return {
      score: result.lhr.categories.performance?.score ?? 0,
      mainThread: mainThreadTime(result.artifacts.Trace.traceEvents as TraceEvent[]),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Runs of Lighthouse per page. One run's score swings by a tenth from one run to the next on this
 * machine (its timings are simulated from the page's observed ones, which the machine's other work
 * moves), so a single run can neither show a change nor settle a budget; Lighthouse's own guidance
 * is the median of five.
 */
export const LIGHTHOUSE_RUNS = 5;

/**
 * A page's score as the median of its runs, with every run's score beside it, and the medians of its
 * main thread's task and CPU time.
 */
export type LighthouseScore = {
  median: number;
  runs: number[];
  mainThread?: { taskMs: number; cpuMs: number };
};

const medianOf = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Lighthouse's mobile performance of a page, LIGHTHOUSE_RUNS times in a row (the median and every
 * run). A run that cannot measure (now and then Lighthouse records no trace) is tried again once;
 * failing twice, it fails the figure.
 */
export async function lighthouseMedian(url: string, session?: Session): Promise<LighthouseScore> {
  const runs: LighthouseRun[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    runs.push(await lighthousePerformance(url, session).catch(() => lighthousePerformance(url, session)));
  }
  return {
    median: medianOf(runs.map((run) => run.score)),
    runs: runs.map((run) => run.score),
    mainThread: {
      taskMs: medianOf(runs.map((run) => run.mainThread.taskMs)),
      cpuMs: medianOf(runs.map((run) => run.mainThread.cpuMs)),
    },
  };
}

/** How a score reads in the bench's output: the median, the runs, then the main thread's time. */
export const lighthouseText = ({ median, runs, mainThread }: LighthouseScore) =>
  `${median} (runs ${runs.join(', ')})` +
  (mainThread
    ? `; main thread ran tasks for ${mainThread.taskMs} ms, on a CPU for ${mainThread.cpuMs} ms`
    : '');
