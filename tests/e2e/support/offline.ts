import { type BrowserContext, expect, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';

/** The Cache Storage names of src/platform/cacheNames.ts, as the browser sees them. */
export const API_CACHE = 'lp-api-v1';
export const DOWNLOADS_CACHE = 'lp-downloads-v1';

/** Waits until the page is controlled by the app's worker (the first sign-in installs it); its URL. */
export async function controlledByWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/**
 * Every request of the context, the worker's own included, fails from now on (Playwright's offline
 * switch does not reach the worker); returns the list of what was stopped, which grows.
 */
export async function cutNetwork(context: BrowserContext): Promise<string[]> {
  const stopped: string[] = [];
  await context.route('**/*', (route) => {
    stopped.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return stopped;
}

/** The URLs a cache of the page's origin holds (none when the cache does not exist). */
export const cachedUrls = (page: Page, cacheName: string) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => request.url);
  }, cacheName);

/** Signs the demo learner in and waits for the worker, which registers at the first sign-in. */
export async function signInWithWorker(page: Page): Promise<string> {
  await signIn(page, DEMO.learner);
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
  return controlledByWorker(page);
}

/**
 * The network goes and comes back until `loaded` holds. Chromium can say it is online a moment
 * before its emulated network lets requests through: a retry made at that moment fails too, and the
 * app asks again only 2 s later (src/features/shell/networkReturn.provide.ts); a test that waits
 * less returns the network again instead.
 */
export async function networkReturnsUntil(context: BrowserContext, loaded: () => Promise<void>) {
  await expect(async () => {
    await context.setOffline(true);
    await context.setOffline(false);
    await loaded();
  }).toPass({ timeout: 15_000 });
}
