import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { APP, createLearner, SECOND_BRAND_APP, signIn, tokenOf } from './support/helpers';
import { E2E } from './support/ports';
import { startServerProcess } from './support/server-process';
import { expect, test } from './support/test';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Every analytics or tag request the page makes, from the moment it opens. */
function watchTracking(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/\/analytics\/events|googletagmanager|facebook/.test(url)) seen.push(`${request.method()} ${url}`);
  });
  return seen;
}

async function consentCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'cookie_consent');
  if (!cookie) return null;
  return { ...cookie, choice: JSON.parse(decodeURIComponent(cookie.value)) as Record<string, unknown> };
}

/** Long enough for a batch to leave if anything had been allowed (the sender waits 3 s, the start 4 s). */
const longerThanABatch = (page: Page) => page.waitForTimeout(5000);

async function storedPolicy(request: APIRequestContext, account: { email: string; password: string }) {
  const token = await tokenOf(request, account);
  const res = await request.get(`${APP}/spa/api/v1/cookie/get-policy?lang=en`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: unknown }).data;
}

test('the banner on the sign-in page: accessible, nothing tracked before consent, agree to all is remembered a year', async ({
  page,
  context,
}) => {
  const tracking = watchTracking(page);
  await page.goto('./');
  const banner = page.getByRole('region', { name: 'We use cookies' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute(
    'href',
    '/v/docs/cookies.html',
  );
  expect((await page.request.get('/v/docs/cookies.html')).ok()).toBe(true);
  await expectNoSeriousViolations(page, 'cookie banner');

  // The settings modal: the switches, essential locked on; closing it unsaved keeps the banner.
  await banner.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Cookie settings' });
  await expect(settings).toBeVisible();
  await expect(settings.getByRole('switch', { name: 'Essential' })).toBeChecked();
  await expect(settings.getByRole('switch', { name: 'Essential' })).toBeDisabled();
  await expect(settings.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
  await expectNoSeriousViolations(page, 'cookie settings dialog');
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();
  await expect(banner).toBeVisible();

  // Typing and clicking around the page before a choice sends nothing.
  await page.getByLabel('E-mail').fill('someone@example.com');
  await longerThanABatch(page);
  expect(tracking).toEqual([]);
  expect(await consentCookie(context)).toBeNull();

  const sent = page.waitForRequest((request) => request.url().includes('/analytics/events'));
  await banner.getByRole('button', { name: 'Agree to all' }).click();
  await expect(banner).toBeHidden();
  const batch = (await sent).postDataJSON() as { events: { name: string; path: string }[] };
  expect(batch.events).toContainEqual(expect.objectContaining({ name: 'page_view', path: '/v/' }));

  const cookie = await consentCookie(context);
  expect(cookie?.choice).toEqual({ essential: true, analytics: true, marketing: true, v: 1 });
  expect(cookie?.sameSite).toBe('Strict');
  expect(cookie?.path).toBe('/');
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(Math.abs(lifetime - YEAR_SECONDS)).toBeLessThan(120);

  await page.reload();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByRole('region', { name: 'We use cookies' })).toHaveCount(0);
});

test('the banner sits at the bottom of the window on a phone, and the end of the page scrolls clear of it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 640 });
  await page.goto('./');
  const banner = page.getByRole('region', { name: 'We use cookies' });
  await expect(banner).toBeInViewport({ ratio: 1 });
  const box = await banner.boundingBox();
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(640);

  // Scrolled to the very end, the page's last control is not under the banner.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = page.locator('#root button, #root a').last();
  const lastBox = await last.boundingBox();
  const bannerTop = (await banner.boundingBox())?.y ?? 0;
  expect((lastBox?.y ?? 0) + (lastBox?.height ?? 0)).toBeLessThanOrEqual(bannerTop);
});

test("the banner paints with the page before any script, in the visitor's language, and the app takes it over in place", async ({
  browser,
  page,
}) => {
  // Without scripts: the page the server sent already shows the banner, its buttons waiting.
  const noScripts = await browser.newContext({ javaScriptEnabled: false });
  try {
    const bare = await noScripts.newPage();
    await bare.goto('./');
    const banner = bare.getByRole('region', { name: 'We use cookies' });
    await expect(banner).toBeVisible();
    for (const name of ['Essential only', 'Settings', 'Agree to all'])
      await expect(banner.getByRole('button', { name })).toBeDisabled();
    // Styled by the page itself (vite.config.ts writes the entry's styles in, the server gives them
    // the page's nonce): no stylesheet to wait for before the first paint, and the CSP lets them apply.
    await expect(bare.locator('link[rel="stylesheet"]')).toHaveCount(0);
    await expect(banner).toHaveCSS('position', 'sticky');
  } finally {
    await noScripts.close();
  }

  // With them: one banner, the same place, its buttons working once the app has loaded.
  await page.goto('./');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  const banner = page.getByRole('region', { name: 'We use cookies' });
  await expect(banner.getByRole('button', { name: 'Agree to all' })).toBeEnabled();
  await expect(page.locator('.consent-banner')).toHaveCount(1);
  await expect(page.locator('.consent-host')).toHaveCount(1);

  // A language chosen on this browser is kept in a cookie too (once the page has been in use a
  // few seconds), so the next page comes in it.
  await page.evaluate(() => localStorage.setItem('lp_language', 'ru'));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Мы используем cookie' })).toBeVisible();
  const languageCookie = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'lp_language')?.value;
  await expect.poll(languageCookie, { timeout: 15_000 }).toBe('ru');
  const next = await page.request.get('./', { headers: { 'Sec-Fetch-Mode': 'navigate' } });
  expect(await next.text()).toContain('Мы используем cookie');
  await page
    .getByRole('region', { name: 'Мы используем cookie' })
    .getByRole('button', { name: 'Только обязательные' })
    .click();
  await expect(page.locator('.consent-banner')).toHaveCount(0);
});

test('essential only: remembered, and no analytics request leaves afterwards', async ({ page, context }) => {
  const tracking = watchTracking(page);
  await page.goto('./');
  // Chosen from the keyboard: the focus the button took with it goes to the page's heading.
  await page.getByRole('button', { name: 'Essential only' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'We use cookies' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect((await consentCookie(context))?.choice).toEqual({
    essential: true,
    analytics: false,
    marketing: false,
    v: 1,
  });
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await longerThanABatch(page);
  expect(tracking).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'We use cookies' })).toHaveCount(0);
});

test('custom choices: analytics on, marketing off, events follow; the sign-in keeps the choice for the learner', async ({
  page,
  context,
  request,
}) => {
  const account = await createLearner(request, 'consent-custom');
  const tracking = watchTracking(page);
  await page.goto('./');
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Cookie settings' });
  await settings.getByRole('switch', { name: 'Analytics' }).check();
  await expect(settings.getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
  const sent = page.waitForRequest((r) => r.url().includes('/analytics/events'));
  await settings.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByRole('region', { name: 'We use cookies' })).toBeHidden();
  expect((await consentCookie(context))?.choice).toEqual({
    essential: true,
    analytics: true,
    marketing: false,
    v: 1,
  });
  await sent;

  // The sign-in is reported, and the choice made as a guest is kept for the learner.
  const signInSent = page.waitForRequest(
    (r) => r.url().includes('/analytics/events') && (r.postData() ?? '').includes('"sign_in"'),
  );
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/v\/home$/);
  await signInSent;
  await expect
    .poll(() => storedPolicy(request, account))
    .toEqual({
      essential: true,
      analytics: true,
      marketing: false,
    });
  expect(tracking.every((entry) => entry.includes('/analytics/events'))).toBe(true);

  // A "Back to …" link is the spec's back action, reported like the burger. The page view of the
  // opened page shows the sender has loaded (it waits for allowed analytics and a moment after load).
  const historyViewed = page.waitForRequest(
    (r) => r.url().includes('/analytics/events') && (r.postData() ?? '').includes('/v/user/points/history'),
  );
  await page.goto('./user/points/history');
  await historyViewed;
  const backSent = page.waitForRequest(
    (r) => r.url().includes('/analytics/events') && (r.postData() ?? '').includes('"back"'),
  );
  await page.getByRole('link', { name: 'Back to points' }).click();
  await expect(page).toHaveURL(/\/v\/user\/points$/);
  await backSent;
});

test('the cookie settings page changes the choice for the browser and the account', async ({
  page,
  context,
  request,
}) => {
  const account = await createLearner(request, 'consent-page');
  await page.goto('./');
  await page.getByRole('button', { name: 'Essential only' }).click();
  // The sign-in's meeting of the browser's choice and the account's (the consent runtime's, a few
  // seconds after the page starts) is slow here: its read of the stored choice, asked before the
  // learner saves a new choice on the settings page, is answered (none yet) only after that save.
  // The choice it then keeps for the account must be the new one, not the one from before.
  let answerRead = () => {};
  const readHeld = new Promise<void>((resolve) => {
    answerRead = resolve;
  });
  const readAsked = page.waitForRequest('**/spa/api/v1/cookie/get-policy?*');
  await page.route('**/spa/api/v1/cookie/get-policy?*', async (route) => {
    const response = await route.fetch();
    await readHeld;
    await route.fulfill({ response });
  });
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Cookie settings' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/cookie$/);
  await expect(page.getByRole('heading', { name: 'Cookie settings' })).toBeVisible();
  await readAsked;
  const save = page.getByRole('button', { name: 'Save my choices' });
  await expect(save).toBeDisabled();
  const marketing = page.getByRole('switch', { name: 'Marketing' });
  // Cancel goes and Save turns disabled: the heading takes the focus, not the page's body.
  await marketing.check();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(marketing).not.toBeChecked();
  await expect(save).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Cookie settings' })).toBeFocused();
  await marketing.check();
  await save.click();
  await expect(page.getByRole('alert')).toHaveText('Your choice is saved.');
  // Nothing is left to save: the outcome takes the focus of the now disabled Save button.
  await expect(save).toBeDisabled();
  await expect(page.getByRole('alert')).toBeFocused();
  await expectNoSeriousViolations(page, 'cookie settings page');
  expect((await consentCookie(context))?.choice).toMatchObject({ analytics: false, marketing: true });
  const meetingSaved = page.waitForResponse(
    (response) => response.url().includes('/cookie/update-policy') && response.request().method() === 'POST',
  );
  answerRead();
  await meetingSaved;
  expect(await storedPolicy(request, account)).toEqual({
    essential: true,
    analytics: false,
    marketing: true,
  });
});

test('a save that does not reach the account says so on the cookie settings page; each outcome takes the focus', async ({
  page,
  request,
}) => {
  const account = await createLearner(request, 'consent-page-failed');
  await page.goto('./');
  await page.getByRole('button', { name: 'Essential only' }).click();
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  // The connection drops on the first save with analytics on (the sign-in's own save has it off).
  let dropped = false;
  await page.route('**/spa/api/v1/cookie/update-policy*', async (route) => {
    if (!route.request().postDataJSON()?.analytics) return route.continue();
    if (dropped) {
      // The retry's answer takes longer than the page gives its heading to hold a lost focus: the
      // outcome still takes it from there.
      await new Promise((resolve) => setTimeout(resolve, 500));
      return route.continue();
    }
    dropped = true;
    return route.abort('failed');
  });
  await page.goto('user/settings/cookie');
  await page.getByRole('switch', { name: 'Analytics' }).check();
  await page.getByRole('button', { name: 'Save my choices' }).click();
  const notice = page.getByRole('alert');
  await expect(notice).toHaveText(
    'Your choice is kept in this browser, but it could not be saved to your account.',
  );
  await expect(notice).toBeFocused();
  // "Try again" goes while it saves: the outcome takes the focus again.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(notice).toHaveText('Your choice is saved.');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(notice).toBeFocused();
  expect(await storedPolicy(request, account)).toEqual({
    essential: true,
    analytics: true,
    marketing: false,
  });
});

test('a brand that does not ask: no banner, and analytics counts as allowed', async ({ page }) => {
  const sent = page.waitForRequest((r) => r.url().includes('/analytics/events'));
  await page.goto(`${SECOND_BRAND_APP}/v/`);
  await expect(page.getByRole('button', { name: /./ }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: /cookie/i })).toHaveCount(0);
  const batch = (await sent).postDataJSON() as { events: { name: string }[] };
  expect(batch.events.map((event) => event.name)).toContain('page_view');
  await expect(page.getByRole('region', { name: /cookie/i })).toHaveCount(0);
});

test.describe("a deployment that sets the brand's tag manager and pixel (GTM_BRIGHTPATH, FBQ_BRIGHTPATH)", () => {
  const port = E2E.appPort + 51;
  const app = `http://localhost:${port}`;
  const CONTAINER = 'GTM-E2E001';
  const PIXEL = '1234567890';
  const TAG_SCRIPTS = {
    gtm: `https://www.googletagmanager.com/gtm.js?id=${CONTAINER}`,
    fbq: 'https://connect.facebook.net/en_US/fbevents.js',
  };
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServerProcess(port, {}, { GTM_BRIGHTPATH: CONTAINER, FBQ_BRIGHTPATH: PIXEL });
  });
  test.afterAll(() => server?.stop());

  /**
   * The tags' hosts answered here, each by a script that counts its runs: the browser still checks
   * them against the page's CSP like the real ones. Also every CSP violation the page reports.
   */
  async function watchTags(page: Page) {
    const loads: string[] = [];
    for (const [tag, url] of Object.entries(TAG_SCRIPTS)) {
      await page.route(url, (route) => {
        loads.push(route.request().url());
        return route.fulfill({
          contentType: 'text/javascript',
          body: `window.tagRuns = window.tagRuns || {}; window.tagRuns.${tag} = (window.tagRuns.${tag} || 0) + 1;`,
        });
      });
    }
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    const runs = () => page.evaluate(() => (window as { tagRuns?: Record<string, number> }).tagRuns ?? {});
    return { loads, violations, runs };
  }

  test('both tags load and run once the visitor agrees to all, and again on the next visit', async ({
    page,
  }) => {
    const tags = await watchTags(page);
    await page.goto(`${app}/v/`);
    const banner = page.getByRole('region', { name: 'We use cookies' });
    await expect(banner).toBeVisible();
    expect(tags.loads).toEqual([]);

    await banner.getByRole('button', { name: 'Agree to all' }).click();
    await expect.poll(tags.runs).toEqual({ gtm: 1, fbq: 1 });
    expect(tags.loads.sort()).toEqual([TAG_SCRIPTS.fbq, TAG_SCRIPTS.gtm]);
    const queued = await page.evaluate(() => {
      const tagWindow = window as { dataLayer?: { event?: string }[]; fbq?: { queue: unknown[][] } };
      return { dataLayer: tagWindow.dataLayer?.[0]?.event, pixel: tagWindow.fbq?.queue[0] };
    });
    expect(queued).toEqual({ dataLayer: 'gtm.js', pixel: ['init', PIXEL] });
    expect(tags.violations).toEqual([]);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect.poll(tags.runs).toEqual({ gtm: 1, fbq: 1 });
    await expect(banner).toHaveCount(0);
  });

  test('marketing without analytics loads the pixel and never the tag manager', async ({ page }) => {
    const tags = await watchTags(page);
    await page.goto(`${app}/v/`);
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Cookie settings' });
    await settings.getByRole('switch', { name: 'Marketing' }).check();
    await settings.getByRole('button', { name: 'Save my choices' }).click();
    await expect.poll(tags.runs).toEqual({ fbq: 1 });
    await longerThanABatch(page);
    expect(tags.loads).toEqual([TAG_SCRIPTS.fbq]);
    expect(tags.violations).toEqual([]);
  });

  test('with essential cookies only, no tag ever loads', async ({ page }) => {
    const tags = await watchTags(page);
    await page.goto(`${app}/v/`);
    await page.getByRole('button', { name: 'Essential only' }).click();
    await expect(page.getByRole('region', { name: 'We use cookies' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await longerThanABatch(page);
    expect(tags.loads).toEqual([]);
    expect(await tags.runs()).toEqual({});
  });
});
