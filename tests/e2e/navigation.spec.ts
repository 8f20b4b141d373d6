import type { Locator } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { createLearner, DEMO, signIn } from './support/helpers';
import { networkReturnsUntil } from './support/offline';
import { expect, test } from './support/test';

test('a guest on a signed-in page goes to sign-in and comes back there after signing in', async ({
  page,
}) => {
  await page.goto('./user/points');
  await expect(page).toHaveURL(/\/v\/$/);
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/v\/user\/points$/);
});

test('a signed-in user on a guest page goes home', async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/v\/home$/);
  await page.goto('./');
  await expect(page).toHaveURL(/\/v\/home$/);
  await page.goto('./reset');
  await expect(page).toHaveURL(/\/v\/home$/);
});

test('the legacy day path and the table redirects lead to their new places', async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/v\/home$/);
  // The old day path names the day by id: it leads to the stream's calendar, which moves on to the
  // day's number once it knows the days (learning-courses.spec.ts follows it with real ids).
  await page.goto('./course/5/stages/2/days/3');
  await expect(page).toHaveURL(/\/v\/course\/5\/calendar/);
  await page.goto('./course/5/stages');
  await expect(page).toHaveURL(/\/v\/course\/5\/calendar$/);
  await page.goto('./subscriptions');
  await expect(page).toHaveURL(/\/v\/user\/subscriptions\?warning=true$/);
  await page.goto('./user');
  await expect(page).toHaveURL(/\/v\/home$/);
  // A calendar or a day without its stream: the courses.
  for (const path of ['./course/calendar', './course/calendar/2', './course//calendar']) {
    await page.goto('./user/edit');
    await page.goto(path);
    await expect(page).toHaveURL(/\/v\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();
  }
});

test('the header shows no balance while the start lists could not be loaded, and the right one after', async ({
  page,
}) => {
  // The streams' list fails: the start lists, the points among them, are not in.
  await page.route('**/spa/api/v1/user-course-streams?*', (route) =>
    route.fulfill({ status: 500, body: '{}' }),
  );
  await signIn(page, DEMO.learner);
  await expect(page.getByText('Failed to load your data.')).toBeVisible();
  const points = page.locator('header a[href$="/user/points"]');
  await expect(points).toHaveText('Points');
  await page.unroute('**/spa/api/v1/user-course-streams?*');
  await page.getByRole('button', { name: 'Try again' }).first().click();
  await expect(points).toHaveText(/^\d+ points?$/);
});

// The service worker would answer the reload's failed read with its kept copy: this screen must fail.
test.describe('without the service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('one “Try again” recovers the whole screen, whichever of its two failed loads it is pressed on', async ({
    page,
  }) => {
    const streams = '**/spa/api/v1/user-course-streams?*';
    const dataFailed = page.getByText('Failed to load your data.');
    const coursesFailed = page.getByText('Could not load your courses. Check the connection and try again.');
    /** Loads the screen with the streams' read failing, then presses one retry once it answers. */
    async function failThenRetry(load: () => Promise<unknown>, retry: 'first' | 'last') {
      await page.route(streams, (route) => route.fulfill({ status: 500, body: '{}' }));
      await load();
      await expect(dataFailed).toBeVisible();
      await expect(coursesFailed).toBeVisible();
      await page.unroute(streams);
      await page.getByRole('button', { name: 'Try again' })[retry]().click();
      await expect(page.getByRole('tab', { name: 'Current' })).toBeVisible();
      await expect(dataFailed).toHaveCount(0);
      await expect(coursesFailed).toHaveCount(0);
    }
    // The page's own retry (the last): the frame's data loads again too.
    await failThenRetry(() => signIn(page, DEMO.learner), 'last');
    // The frame's retry (the first): the page's load runs again too.
    await failThenRetry(() => page.reload(), 'first');
  });
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/v\/home$/);
  await page.goto('./no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/v\/home$/);
});

test('the profile, deletion and not-found pages name themselves in the tab (the forced steps: forced-steps.spec)', async ({
  page,
  request,
}) => {
  await page.goto('./no/such/page');
  await expect(page).toHaveTitle('Page not found — Brightpath Academy');
  await signIn(page, await createLearner(request, 'titles'));
  await expect(page).toHaveURL(/\/v\/home$/);
  for (const [path, title] of [
    ['./user/edit', 'My profile'],
    ['./delete', 'Delete your account?'],
    ['./no/such/page', 'Page not found'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} — Brightpath Academy`);
  }
});

test('the language switch changes the interface and is remembered', async ({ page }) => {
  await page.goto('./');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('Language').selectOption('ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход');
  // The cookie banner's texts are an area catalog of their own: they switch too, with no message ids.
  await expect(page.getByText('Мы используем cookie')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Принять все' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByLabel('Язык').selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sign In');
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
});

test('the app asks to retry when the configuration cannot load', async ({ page }) => {
  let failures = 1;
  await page.route('**/external-application-config**', (route) => {
    if (failures > 0) {
      failures -= 1;
      return route.fulfill({ status: 503, body: '{}', contentType: 'application/json' });
    }
    return route.continue();
  });
  await page.goto('./');
  const dialog = page.getByRole('dialog', { name: 'Error (Ooops!)' });
  await expect(dialog).toContainText('Failed to load the app configuration');
  await expectNoSeriousViolations(page, 'configuration error dialog');
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('without a network the configuration dialog says the learner is offline, and loads once it is back', async ({
  page,
  context,
}) => {
  // No call reaches the server: not the configuration, nor the read that asks whether it is there.
  await page.route('**/spa/api/**', (route) => route.abort('internetdisconnected'));
  await page.goto('./');
  const dialog = page.getByRole('dialog', { name: 'Error (Ooops!)' });
  await expect(dialog).toContainText('You are offline');
  await expect(dialog).not.toContainText('Failed to load the app configuration');
  // The network comes back (the browser says so): the app loads without the learner's tap.
  await page.unroute('**/spa/api/**');
  await networkReturnsUntil(context, () =>
    expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible({ timeout: 2_000 }),
  );
});

test('a brand whose remote config closes the site shows the not-available page', async ({ page }) => {
  await page.route('**/external-application-config**', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: { config: { flags?: Record<string, boolean> } } };
    body.data.config.flags = { ...body.data.config.flags, isSiteUnavailable: true };
    await route.fulfill({ response: res, json: body });
  });
  await page.goto('./');
  await expect(page.getByText('This version of the site is not available')).toBeVisible();
  await expectNoSeriousViolations(page, 'site not available');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
});

test('going offline shows a banner that leaves when the connection is back', async ({ page, context }) => {
  await page.goto('./');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('You are offline')).toBeVisible();
  await expectNoSeriousViolations(page, 'offline banner');
  await context.setOffline(false);
  await expect(page.getByText('You are offline')).toHaveCount(0);
});

test('a screen that could not load without a network loads by itself once it is back', async ({
  page,
  context,
}) => {
  const streams = '**/spa/api/v1/user-course-streams?*';
  await page.route(streams, (route) => route.abort('internetdisconnected'));
  await signIn(page, DEMO.learner);
  await expect(
    page.getByText('Could not load your courses. Check the connection and try again.'),
  ).toBeVisible();
  await page.unroute(streams);
  // No "Try again" pressed: the network's return retried the load.
  await networkReturnsUntil(context, async () => {
    await expect(
      page.getByText('Could not load your courses. Check the connection and try again.'),
    ).toHaveCount(0, { timeout: 2_000 });
    await expect(page.locator('a[href*="/calendar"]').first()).toBeVisible();
  });
});

test('a call a blocker stops while the server answers the rest fails once, without an offline loop', async ({
  page,
}) => {
  // What a content blocker does to a list named "banners": that call alone gets no answer.
  const banners = '**/spa/api/v1/banners*';
  let asked = 0;
  await page.route(banners, (route) => {
    asked += 1;
    return route.abort('blockedbyclient');
  });
  await signIn(page, DEMO.learner);
  await expect(page.getByText('Failed to load your data.')).toBeVisible();
  const afterFailure = asked;
  // The server answered the calls beside it: the app is not offline, and does not ask again by itself.
  await page.waitForTimeout(3_000);
  await expect(page.getByText('You are offline')).toHaveCount(0);
  expect(asked).toBe(afterFailure);
  await page.unroute(banners);
  await page.getByRole('button', { name: 'Try again' }).first().click();
  await expect(page.getByText('Failed to load your data.')).toHaveCount(0);
});

test('a load that fails while the returned network is still settling is tried again by itself', async ({
  page,
  context,
}) => {
  await signIn(page, DEMO.learner);
  await expect(page.locator('a[href*="/calendar"]').first()).toBeVisible();
  const stages = /\/spa\/api\/v1\/courses\/\d+\/stages/;
  let refused = 0;
  await page.route(stages, (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await page.locator('a[href*="/calendar"]').first().click();
  const failed = page.getByText('Could not load the course calendar. Check the connection and try again.');
  await expect(failed).toBeVisible();
  // The browser says the network is back, but the retry that return makes gets nowhere yet. (Now and
  // then Chromium tells no return of a network gone for a moment: it goes and comes back again until
  // the app has made that retry.)
  const before = refused;
  await networkReturnsUntil(context, async () => {
    await expect.poll(() => refused, { timeout: 3_000 }).toBeGreaterThan(before);
  });
  await page.unroute(stages);
  // No second return and no "Try again": the app asks once more while the network settles.
  await expect(failed).toHaveCount(0, { timeout: 6_000 });
});

/** The vertical middle of each visible element, rounded to a pixel. */
async function middles(locators: readonly Locator[]): Promise<number[]> {
  const boxes = await Promise.all(locators.map((locator) => locator.boundingBox()));
  return boxes.flatMap((box) => (box ? [Math.round(box.y + box.height / 2)] : []));
}

/** Every section link can be brought into view and takes a click there (nothing covers it). */
async function expectEveryLinkInReach(links: Locator) {
  expect(await links.count()).toBeGreaterThan(0);
  for (const link of await links.all()) {
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport({ ratio: 1 });
    await link.click({ trial: true, timeout: 2_000 });
  }
}

/** Whether the element's text is cut short (it holds more than it shows). */
const isCut = (locator: Locator) => locator.evaluate((element) => element.scrollWidth > element.clientWidth);

test('the learner’s whole name fits beside the section links in the Russian desktop header', async ({
  page,
}) => {
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/v\/home$/);
  await page.evaluate(() => localStorage.setItem('lp_language', 'ru'));
  const header = page.getByRole('banner');
  const sections = header.getByRole('navigation', { name: 'Разделы' });
  const user = header.getByRole('link', { name: 'Ada Lovelace' });
  for (const width of [1280, 1244]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('./home');
    await expect(user).toBeVisible();
    // The link holds the photo, then the name.
    expect(await isCut(user.locator('.header__name'))).toBe(false);
    // One row: logo, section links, learner, points and menu.
    const row = await middles([
      ...(await header.getByRole('link').all()),
      ...(await header.getByRole('button').all()),
    ]);
    expect(Math.max(...row) - Math.min(...row)).toBeLessThanOrEqual(2);
    expect(await isCut(sections)).toBe(false);
    await expectEveryLinkInReach(sections.getByRole('link'));
  }
});

test('the Profile section link opens the profile page', async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/v\/home$/);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/v\/user\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
});

test('a long e-mail in place of a name is cut at its cap, and the section links stay in sight', async ({
  page,
  request,
}) => {
  // Signed up without a name: the header shows the e-mail, in Russian, whose section names are long.
  const learner = await createLearner(request, 'a-learner-with-no-name-and-a-long-address');
  await signIn(page, learner);
  await expect(page).toHaveURL(/\/v\/home$/);
  await page.evaluate(() => localStorage.setItem('lp_language', 'ru'));
  const header = page.getByRole('banner');
  const sections = header.getByRole('navigation', { name: 'Разделы' });
  const links = sections.getByRole('link');
  const user = header.getByRole('link', { name: learner.email });

  // Desktop: the e-mail ends in an ellipsis; the links beside it wrap onto a second line rather than
  // hide behind a sideways scroll.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('./home');
  await expect(user).toBeVisible();
  const ends = await middles([
    header.locator('.header__logo'),
    user,
    header.getByRole('button', { name: 'Меню' }),
  ]);
  expect(Math.max(...ends) - Math.min(...ends)).toBeLessThanOrEqual(2);
  expect(
    // The link holds the photo, then the name.
    await user.evaluate((link) => {
      const name = link.lastElementChild as HTMLElement;
      return getComputedStyle(name).textOverflow === 'ellipsis' && name.scrollWidth > name.clientWidth;
    }),
  ).toBe(true);
  expect(await isCut(sections)).toBe(false);
  await expectEveryLinkInReach(links);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  // Tablet: the section links take a row of their own below the logo, the e-mail and the points.
  await page.setViewportSize({ width: 900, height: 800 });
  const sectionRow = await middles(await links.all());
  expect(Math.max(...sectionRow) - Math.min(...sectionRow)).toBeLessThanOrEqual(2);
  const userBox = await user.boundingBox();
  expect(Math.min(...sectionRow)).toBeGreaterThan((userBox?.y ?? 0) + (userBox?.height ?? 0));
  await expectEveryLinkInReach(links);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});
