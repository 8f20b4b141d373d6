import { expectNoSeriousViolations } from './support/axe';
import { createLearner, DEMO, signIn } from './support/helpers';
import { expect, test } from './support/test';

test('guest screens have no serious accessibility violations', async ({ page }) => {
  for (const [path, heading] of [
    ['./', 'Sign In'],
    ['./signup', 'Sign Up'],
    ['./reset', 'Password recovery'],
    ['./reset?token=abc', 'Set a new password'],
    ['./no/such/page', 'Page not found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expectNoSeriousViolations(page, path);
  }
  await page.goto('./');
  await page.getByRole('button', { name: 'Write to us' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'support form');
});

test('signed-in screens have no serious accessibility violations', async ({ page, request }) => {
  const account = await createLearner(request, 'axe');
  await signIn(page, account);
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
  await expectNoSeriousViolations(page, 'home');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expectNoSeriousViolations(page, 'menu');
  await page.goto('./videoconsultations');
  await expect(page.getByText('This section is not built yet.')).toBeVisible();
  await expectNoSeriousViolations(page, 'not built yet');
  await page.goto('./delete');
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  await expectNoSeriousViolations(page, 'delete');
});

test('my courses and the course calendar have no serious accessibility violations', async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page.getByRole('tab', { name: 'Current', selected: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'my courses');
  await page.getByRole('tabpanel').getByRole('link').first().click();
  await expect(page.getByRole('checkbox', { name: 'Show finished days' })).toBeVisible();
  await expectNoSeriousViolations(page, 'calendar');
  // The day with its lessons' players, and the course materials with the document viewer open.
  await page.goto(`${page.url()}/1`);
  await expect(page.getByRole('button', { name: 'Show the description' })).toBeVisible();
  await expectNoSeriousViolations(page, 'day');
  await page.getByRole('link', { name: 'Course materials' }).click();
  await page.getByRole('button', { name: 'Course handbook (PDF)' }).click();
  await expect(page.getByRole('group', { name: 'Page 1 of 2' })).toBeVisible();
  await expectNoSeriousViolations(page, 'materials with the handbook open');
});

test('the mobile layout has no serious accessibility violations', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('./');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expectNoSeriousViolations(page, 'sign-in mobile');
  await context.close();
});

test('the menu marks the item the keyboard is on with the focus ring, not the hover tint alone', async ({
  page,
}) => {
  await signIn(page, DEMO.learner);
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  const focused = menu.locator(':focus-visible');
  await expect(focused).toHaveCount(1);
  const ring = await focused.evaluate((item) => {
    const style = getComputedStyle(item);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
  expect(ring).toBe('solid 2px');
});

test('after signing in, the focus is on the first page’s heading, not lost to the top of the page', async ({
  page,
}) => {
  await page.goto('./');
  await page.getByLabel('E-mail').fill(DEMO.learner.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.learner.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeFocused();
  // A page the browser opens straight away keeps the focus where the browser put it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).not.toBeFocused();
});

test('the first Tab on a signed-in page offers to skip the header, and Enter goes to the page’s heading', async ({
  page,
}) => {
  await signIn(page, DEMO.learner);
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
  // Opened straight away: the focus starts at the top of the page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();
  const skip = page.getByRole('button', { name: "Skip to the page's content" });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeFocused();
  await expect(skip).not.toBeInViewport();
});
