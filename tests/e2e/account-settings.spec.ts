import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { APP, createLearner, signIn, tokenOf } from './support/helpers';
import { expect, test } from './support/test';

/** The learner's profile as the server keeps it, read with a session of its own. */
async function serverProfile(request: APIRequestContext, account: { email: string; password: string }) {
  const token = await tokenOf(request, account);
  const res = await request.get(`${APP}/spa/api/v1/user?lang=en`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { language_code: string | null } }).data;
}

async function openSettingsFromMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
}

test('changing the password: a wrong current one is refused, the right one ends the other sessions', async ({
  browser,
  page,
  request,
}) => {
  // Two browsers, two accessibility scans and eight password hashes (slow on purpose) in one story:
  // about 25 s here, too close to the default 30 s.
  test.setTimeout(90_000);
  const account = await createLearner(request, 'password');
  const newPassword = 'changed-pass-2';
  // Another browser signed in as the same learner: the change signs it out.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, account);
  await expect(other).toHaveURL(/\/v\/home$/);

  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  await openSettingsFromMenu(page);
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/password$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expectNoSeriousViolations(page, 'password change');

  // The client's own rules first: nothing is sent with empty fields.
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByLabel('Current password')).toBeFocused();

  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/v\/user\/settings\/password$/);

  await page.getByLabel('Current password').fill(account.password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\?changed=password$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Your password has been changed. Your other devices are signed out.',
  );
  await expectNoSeriousViolations(page, 'settings');

  // The other browser hears the logout event and goes to sign-in.
  await expect(other).toHaveURL(/\/v\/$/);
  await expect(other.getByRole('alert')).toContainText('New sign-in');
  await otherContext.close();

  // This browser stays signed in with its new session.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  await page.goto('./logout');
  await expect(page).toHaveURL(/\/v\/$/);
  await signIn(page, account);
  await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
  await signIn(page, { ...account, password: newPassword });
  await expect(page).toHaveURL(/\/v\/home$/);
});

test('changing the language asks first: No leaves it, Yes switches the texts and saves it; another browser takes it at sign-in', async ({
  page,
  request,
  browser,
}) => {
  const account = await createLearner(request, 'language');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  await openSettingsFromMenu(page);
  const language = page.getByRole('group', { name: 'Language' });
  await expect(language.getByRole('button', { pressed: true })).toHaveText('English');
  const before = (await serverProfile(request, account)).language_code;

  // The keyboard moves past a language without choosing it: only pressing one asks.
  await language.getByRole('button', { name: 'English' }).focus();
  await page.keyboard.press('Tab');
  await expect(language.getByRole('button', { name: 'Русский' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(language.getByRole('button', { name: 'Español' })).toBeFocused();
  const dialog = page.getByRole('dialog', { name: 'Change the language?' });
  await expect(dialog).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('Español');
  await expectNoSeriousViolations(page, 'language change dialog');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(language.getByRole('button', { pressed: true })).toHaveText('English');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  expect((await serverProfile(request, account)).language_code).toBe(before);

  // Escape is No too.
  await language.getByRole('button', { name: 'Español' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(language.getByRole('button', { pressed: true })).toHaveText('English');

  await language.getByRole('button', { name: 'Español' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: 'Configuración' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('group', { name: 'Idioma' }).getByRole('button', { pressed: true })).toHaveText(
    'Español',
  );
  await expect(page.getByRole('link', { name: 'Cambiar contraseña' })).toBeVisible();
  expect((await serverProfile(request, account)).language_code).toBe('es-ES');

  // The choice stays after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Configuración' })).toBeVisible();

  // Another browser, where nobody chose a language, takes the saved one at sign-in.
  const other = await browser.newContext({ baseURL: `${APP}/v/` });
  const elsewhere = await other.newPage();
  await signIn(elsewhere, account);
  await expect(elsewhere).toHaveURL(/\/v\/home$/);
  await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'es');
  await expect(elsewhere.getByRole('navigation', { name: 'Secciones' })).toBeVisible();
  await other.close();

  // Signed in on the way to the settings, the page opens before the saved language applies: the
  // pressed language follows it, and English, no longer in use, asks again.
  const { context: straight, page: settings } = await signInOnTheWayTo(browser, './user/settings', account);
  await expect(settings.getByRole('heading', { name: 'Configuración' })).toBeVisible();
  const languages = settings.getByRole('group', { name: 'Idioma' });
  await expect(languages.getByRole('button', { pressed: true })).toHaveText('Español');
  await languages.getByRole('button', { name: 'English' }).click();
  await expect(settings.getByRole('dialog')).toContainText('English');
  await straight.close();

  // So does the support page: the topics, which the server words, come in the saved language too.
  const { context: toSupport, page: support } = await signInOnTheWayTo(browser, './support', account);
  await expect(support.getByRole('heading', { level: 1, name: 'Soporte' })).toBeVisible();
  await expect(support.getByText('Problema técnico')).toBeVisible();
  await expect(support.getByText('Technical problem')).toHaveCount(0);
  await toSupport.close();

  // A browser where the visitor chose English before signing in keeps English.
  const chosen = await browser.newContext({ baseURL: `${APP}/v/` });
  const english = await chosen.newPage();
  await english.goto('./');
  await english.getByLabel('Language').selectOption('en');
  await signIn(english, account);
  await expect(english).toHaveURL(/\/v\/home$/);
  await expect(english.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(english.locator('html')).toHaveAttribute('lang', 'en');
  await chosen.close();
});

/** A fresh browser that opens `path` signed out and signs in on the way there. */
async function signInOnTheWayTo(
  browser: Browser,
  path: string,
  account: { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL: `${APP}/v/` });
  const page = await context.newPage();
  await page.goto(path);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return { context, page };
}

test('the settings page fits a phone screen', async ({ page, request }) => {
  const account = await createLearner(request, 'settings-mobile');
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  await openSettingsFromMenu(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change password' })).toBeVisible();
});
