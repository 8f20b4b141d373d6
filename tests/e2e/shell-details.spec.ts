import { expect, type Page, type Request, test } from '@playwright/test';
import { DEMO, signIn } from './support/helpers';

/** Shell details of the spec: sign-in fetches the user, data sync, chunk reload prompt, error reports. */

const API = '/spa/api/v1';
const isCall = (request: Request, method: string, path: string) =>
  request.method() === method && new URL(request.url()).pathname === `${API}${path}`;

/** Every API call the page makes, in order, as "METHOD /path". */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(API)) calls.push(`${request.method()} ${pathname.slice(API.length)}`);
  });
  return calls;
}

/** The browser cannot hide a tab on request: the page is told its visibility changed. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/** The reads the home page makes after it shows: the rating prompt's and the consent runtime's stored choice. */
const homeLaterReads = (page: Page) =>
  Promise.all(
    ['/app-rating', '/cookie/get-policy'].map((path) =>
      page.waitForResponse((response) => isCall(response.request(), 'GET', path)),
    ),
  );

async function signedInHome(page: Page) {
  await signIn(page, DEMO.learner);
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
}

test.describe('the calls the app makes', () => {
  // Once the first service worker controls the page, the page asks again, through it, the reads it
  // made before (to keep them for offline use): calls these stories must not count or wait for.
  test.use({ serviceWorkers: 'block' });

  test('signing in fetches the user before going on', async ({ page }) => {
    const calls = recordCalls(page);
    await signedInHome(page);
    const signedInAt = calls.indexOf('POST /auth/login');
    expect(signedInAt).toBeGreaterThanOrEqual(0);
    expect(calls.slice(signedInAt + 1)).toContain('GET /user');
  });

  test('coming back online refetches the user and the streams', async ({ page, context }) => {
    await signedInHome(page);
    await context.setOffline(true);
    await expect(page.getByText('You are offline')).toBeVisible();
    const userFetched = page.waitForRequest((request) => isCall(request, 'GET', '/user'));
    const streamsFetched = page.waitForRequest((request) => isCall(request, 'GET', '/user-course-streams'));
    await context.setOffline(false);
    await userFetched;
    await streamsFetched;
    await expect(page.getByText('You are offline')).toBeHidden();
  });

  test('a server that stops answering is found again by itself, and the data synced', async ({ page }) => {
    // The home page's later reads are answered first: one of them sent after the server came back
    // would find it before the probe does (on a busy machine they come seconds after the page).
    const laterReads = homeLaterReads(page);
    await signedInHome(page);
    await laterReads;
    // The server stops answering while the browser still says it is online: no `online` event will
    // come to say it is back.
    await page.route(`**${API}/**`, (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: /\d+ points?$/ }).click();
    await expect(page.getByText('You are offline')).toBeVisible();
    const probed = page.waitForResponse((response) => isCall(response.request(), 'GET', '/cookie'));
    const userFetched = page.waitForRequest((request) => isCall(request, 'GET', '/user'));
    await page.unroute(`**${API}/**`);
    // Nothing is done on the page: the app asks again by itself (first after 2 s), then syncs.
    await probed;
    await userFetched;
    await expect(page.getByText('You are offline')).toBeHidden();
  });

  test('a tab shown after five minutes hidden refetches the user, a tab hidden briefly does not', async ({
    page,
  }) => {
    await page.clock.install();
    // The home page's later reads (the rating prompt's, the consent runtime's stored choice) are
    // answered before the clock jumps: a jump past a call's timeout aborts it, and that failure reads
    // as the connection lost and found again, which starts a sync by a rule of its own.
    const laterReads = homeLaterReads(page);
    await signedInHome(page);
    await laterReads;
    const calls = recordCalls(page);

    await setVisibility(page, 'hidden');
    await page.clock.fastForward('04:59');
    await setVisibility(page, 'visible');
    // Nothing is sent for a short absence; give a wrongly started sync the time to show itself.
    await page.waitForTimeout(500);
    expect(calls).not.toContain('GET /user');

    await setVisibility(page, 'hidden');
    await page.clock.fastForward('05:00');
    const userFetched = page.waitForRequest((request) => isCall(request, 'GET', '/user'));
    await setVisibility(page, 'visible');
    await userFetched;
    await expect.poll(() => calls).toContain('GET /user-course-streams');
  });
});

test('a screen whose chunk does not load offers a reload, and the reload brings it', async ({ page }) => {
  const reports: Request[] = [];
  page.on('request', (request) => {
    if (isCall(request, 'POST', '/client-errors')) reports.push(request);
  });
  // Register leads to the registration chat on this brand: its screen is a chunk of its own.
  const chatChunk = '**/assets/RegistrationChatScreen-*.js';
  await page.route(chatChunk, (route) => route.abort());
  await page.goto('./');
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'A new version of the app is available' })).toBeVisible();

  await page.unroute(chatChunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // A chunk that did not load is not an error worth reporting (shell spec, section 8).
  expect(reports).toEqual([]);
});

test('an error thrown in the page reaches the server once, however often it repeats', async ({ page }) => {
  const reports: Request[] = [];
  page.on('request', (request) => {
    if (isCall(request, 'POST', '/client-errors')) reports.push(request);
  });
  await page.goto('./');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  const reported = page.waitForRequest((request) => isCall(request, 'POST', '/client-errors'));
  await page.evaluate(() => {
    for (let i = 0; i < 3; i++)
      setTimeout(() => {
        throw new Error('Shell details check: thrown in the page');
      }, 0);
  });
  const request = await reported;
  expect(request.postDataJSON()).toMatchObject({
    name: 'Error',
    message: 'Shell details check: thrown in the page',
    stack: expect.stringContaining('Shell details check'),
    href: expect.stringMatching(/\/v\/$/),
  });
  const answer = await request.response();
  expect(answer?.status()).toBe(201);
  expect(await answer?.json()).toEqual({ success: true, data: { id: expect.any(Number) } });

  const rejected = page.waitForRequest((next) => isCall(next, 'POST', '/client-errors') && next !== request);
  await page.evaluate(() => {
    void Promise.reject(new TypeError('Shell details check: rejected in the page'));
  });
  expect((await rejected).postDataJSON()).toMatchObject({
    name: 'TypeError',
    message: 'Shell details check: rejected in the page',
  });
  expect(reports).toHaveLength(2);
});

test("the app's own scripts ask Chrome to compile them as they download, the catalogs do not", async ({
  page,
}) => {
  // The first line of every script the pages load, by file name (vite.config.ts, compileHints).
  const firstLines = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const file = new URL(response.url()).pathname.split('/').pop() ?? '';
    // A chunk the page loads later (a lazy screen's) may still be arriving when the test ends: its
    // body is no longer there, which must not fail the test, and a missing line fails the checks below.
    firstLines.set(
      file,
      response
        .text()
        .then((text) => text.slice(0, text.indexOf('\n')))
        .catch(() => '(no body)'),
    );
  });
  await signedInHome(page);
  const hinted = async (chunk: string) => {
    const files = [...firstLines.keys()].filter((file) => file.startsWith(`${chunk}-`));
    expect(files, `${chunk} chunks loaded`).not.toHaveLength(0);
    return Promise.all(
      files.map(async (file) => (await firstLines.get(file)) === '//# allFunctionsCalledOnLoad'),
    );
  };
  expect(await hinted('index')).toEqual([true]);
  expect(await hinted('signed-in')).toEqual([true]);
  // The language's core texts are data: nothing to compile ahead.
  expect(await hinted('messages')).toEqual([false]);
});
