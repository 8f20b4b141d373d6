import { expectNoSeriousViolations } from './support/axe';
import { APP, createLearner, DEMO, SECOND_BRAND_APP, tokenOf } from './support/helpers';
import { expect, test } from './support/test';

test('each host gets its own brand: title, theme, language and registration', async ({ page }) => {
  await page.goto('./');
  await expect(page).toHaveTitle(/Brightpath Academy/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d4ed8');
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
  const firstLogo = await page.getByRole('img', { name: /Brightpath Academy/ }).getAttribute('src');

  await page.goto(`${SECOND_BRAND_APP}/v/`);
  await expect(page).toHaveTitle(/Kite School/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#b45309');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  const kiteLogo = page.getByRole('img', { name: /Kite School/ });
  await expect(kiteLogo).toBeVisible();
  expect(await kiteLogo.getAttribute('src')).not.toBe(firstLogo);
  await expect(page.getByRole('link', { name: /Регистрация|Register/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'care@kite.example' })).toBeVisible();
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);

  // Without registration the instruction opens in a full-size modal.
  await page.getByLabel('Язык').selectOption('en');
  await page.getByRole('button', { name: 'User instruction' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(
    page.frameLocator('dialog iframe').getByRole('heading', { name: 'User instruction' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const background = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary'),
  );
  expect(background.trim()).toBe('#b45309');
});

test("the second brand's primary stays readable as text on its own tints", async ({ page, request }) => {
  // Kite's primary passes 4.5:1 on white, not on the tints behind the active section link and the points.
  const account = await createLearner(request, 'kite-contrast');
  await page.goto(`${SECOND_BRAND_APP}/v/`);
  await page.getByLabel('Язык').selectOption('en');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${SECOND_BRAND_APP}/v/courses`);
  await expect(page.getByRole('link', { name: 'My courses', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // axe's colour-contrast rule (serious) measures every text on the page against what is behind it.
  await expectNoSeriousViolations(page, 'Kite, signed in');
  // On a phone the menu is where the sections are: the current one is marked there too, as readably.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  const current = menu.getByRole('link', { name: 'My courses', exact: true });
  await expect(current).toHaveAttribute('aria-current', 'page');
  const look = (link: typeof current) =>
    link.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.backgroundColor} ${style.color} ${style.fontWeight}`;
    });
  expect(await look(current)).not.toBe(await look(menu.getByRole('link', { name: 'Chat', exact: true })));
  await expectNoSeriousViolations(page, 'Kite, the phone menu open');
});

test("a calendar and a day opened by their address keep the brand's colours", async ({ page }) => {
  await page.goto(`${SECOND_BRAND_APP}/v/`);
  await page.getByLabel('Язык').selectOption('en');
  await page.getByLabel('E-mail').fill(DEMO.learner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.learner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${SECOND_BRAND_APP}/v/courses`);
  const calendar = await page.locator('a[href*="/calendar"]').first().getAttribute('href');
  expect(calendar).toMatch(/\/course\/\d+\/calendar$/);
  for (const path of [calendar, `${calendar}/1`]) {
    // Opened as a bookmark or a shared link would open it: the page loads its lazy chunks itself.
    await page.goto(`${SECOND_BRAND_APP}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.page-state[aria-busy="true"]')).toHaveCount(0);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary'),
    );
    expect(primary.trim(), path ?? '').toBe('#b45309');
    // The entry's styles are in the page from the start: no chunk links them again.
    expect(await page.locator('link[rel="stylesheet"][href*="/index-"]').count()).toBe(0);
  }
});

test('a brand without demo access shows no demo stream, not even at its address', async ({
  page,
  request,
}) => {
  const token = await tokenOf(request, DEMO.learner);
  const streams = await request.get(`${APP}/spa/api/v1/user-course-streams`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const demo = ((await streams.json()).data as { id: number; is_demo: number }[]).find(
    (s) => s.is_demo === 1,
  );
  if (!demo) throw new Error('the demo learner has no demo stream');

  await page.goto(`${SECOND_BRAND_APP}/v/`);
  await page.getByLabel('Язык').selectOption('en');
  await page.getByLabel('E-mail').fill(DEMO.learner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.learner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Mindful Movement in 8 Days' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Desk Stretches' })).toHaveCount(0);

  for (const path of ['calendar', 'calendar/1', 'materials']) {
    await page.goto(`${SECOND_BRAND_APP}/v/course/${demo.id}/${path}`);
    await expect(page.getByRole('heading', { name: 'This course is not available' }), path).toBeVisible();
    await expect(page.getByRole('button', { name: /Finish the day|Start the day/ })).toHaveCount(0);
  }
});
