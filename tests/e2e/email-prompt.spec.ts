import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { APP, DEMO, signIn } from './support/helpers';
import { expect, test } from './support/test';

const NOT_BUILT = 'This section is not built yet.';

const emailDialog = (page: Page) => page.getByRole('dialog', { name: 'Your e-mail' });

/**
 * The guard decides before the page renders, so once the page shows, a prompt would already be on
 * screen: the dialog, or its loader while the dialog's code arrives.
 */
async function expectCatalogWithoutPrompt(page: Page) {
  await expect(page.getByText(NOT_BUILT)).toBeVisible();
  await expect(page).toHaveURL(/\/v\/catalog$/);
  await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
  await expect(emailDialog(page)).toHaveCount(0);
}

test('an account made by app id gives an e-mail before the catalog, or goes back', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const password = 'app-id-pass-1';
  const res = await request.post(`${APP}/spa/api/v1/auth/signup-by-app-id?lang=en`, {
    data: { app_id: `e2e-app-${stamp}`, password, password_repeat: password },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { data } = (await res.json()) as { data: { token: string } };
  await page.goto(`./auto-login?token=${data.token}&returnUrl=/home`);
  await expect(page).toHaveURL(/\/v\/home$/);

  await page.goto('./catalog');
  const dialog = emailDialog(page);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/v\/catalog$/);
  await expect(dialog.getByLabel('E-mail')).toBeFocused();
  await expectNoSeriousViolations(page, 'e-mail prompt');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter e-mail')).toBeVisible();

  await dialog.getByLabel('E-mail').fill(DEMO.learner.email);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This e-mail is already registered.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/v\/home$/);
  await expect(dialog).toBeHidden();

  // Escape cancels as well.
  await page.goto('./catalog');
  await expect(emailDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/v\/home$/);
  await expect(emailDialog(page)).toBeHidden();

  await page.goto('./catalog');
  await emailDialog(page).getByLabel('E-mail').fill(`app-${stamp}@example.com`);
  await emailDialog(page).getByRole('button', { name: 'Save' }).click();
  await expectCatalogWithoutPrompt(page);

  await page.reload();
  await expectCatalogWithoutPrompt(page);
});

test('a user who has an e-mail opens the catalog without a prompt', async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/v\/home$/);
  await page.goto('./catalog');
  await expectCatalogWithoutPrompt(page);
});
