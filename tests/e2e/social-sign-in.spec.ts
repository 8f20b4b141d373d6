import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { DEMO } from './support/helpers';
import { E2E } from './support/ports';
import { socialServer } from './support/social-server';
import { expect, test } from './support/test';

/**
 * Social sign-in and linking through real identity providers on 127.0.0.2, another site than the app
 * (Brightpath on localhost): a Google-style and an Apple-style OIDC provider and a VK-style OAuth 2
 * server. The app's own server runs with their SOCIAL_* configuration.
 */

// Every provider but Facebook: the sign-in page must show buttons only for configured ones.
const { app } = socialServer(E2E.appPort + 31, (variable) => !variable.startsWith('SOCIAL_FACEBOOK_'));

/** The provider's sign-in page: who the person is there, then Continue (OIDC) or Allow (VK). */
async function signInAtProvider(page: Page, account: { subject: string; email: string }, allow = 'Continue') {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.2:/);
  await page.getByLabel('Account id').fill(account.subject);
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: allow }).click();
}

const signedIn = (page: Page) => expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();

test('a new person signs up with Google, and the account lists Google as linked', async ({ page }) => {
  await page.goto(`${app}/v/`);
  // Facebook is not configured on this server: no button for it.
  await expect(page.getByRole('link', { name: 'Continue with Facebook' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, { subject: 'e2e-google-1', email: 'e2e-google-1@example.com' });
  await signedIn(page);
  await expect(page).not.toHaveURL(/code=/);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Social networks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Social networks' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlink Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link VK' })).toBeVisible();
});

test('a visitor who signs up with the form is offered the social networks first, and Skip leads home', async ({
  page,
}) => {
  await page.goto(`${app}/v/signup`);
  await page.getByLabel('E-mail').fill(`e2e-form-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('signup-pass-1');
  await page.getByLabel('Repeat password').fill('signup-pass-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/v\/linksocialnetworks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Link social networks' })).toBeVisible();
  // The networks this server offers, none linked yet; Facebook is not configured here.
  for (const network of ['Google', 'VK', 'Apple']) {
    await expect(page.getByRole('button', { name: `Link ${network}` })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Link Facebook' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'social networks step after sign-up');
  await page.getByRole('link', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/v\/home$/);
  await signedIn(page);
});

test('Google sign-in with an address already registered shows the spec text, and OK clears it', async ({
  page,
}) => {
  await page.goto(`${app}/v/`);
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await signInAtProvider(page, { subject: 'e2e-google-2', email: DEMO.learner.email });
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText(
    'You are trying to log in with Google. There is no user with such an account. Sign in with your e-mail address.',
  );
  await expectNoSeriousViolations(page, 'social sign-in error dialog');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/action=login/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('Apple answers with a cross-site form POST, and the sign-in still completes', async ({ page }) => {
  await page.goto(`${app}/v/`);
  await page.getByRole('link', { name: 'Continue with Apple' }).click();
  await signInAtProvider(page, { subject: 'e2e-apple-1', email: 'e2e-apple-1@example.com' });
  await signedIn(page);
});

test('a learner links VK from the social networks screen, then unlinks it after the warning', async ({
  page,
}) => {
  const email = `e2e-vk-${Date.now()}@example.com`;
  const signUp = await page.request.post(`${app}/spa/api/v1/auth/signup-by-email?lang=en`, {
    data: { email, password: 'vk-learner-pass', password_repeat: 'vk-learner-pass' },
  });
  expect(signUp.status()).toBe(201);
  await page.goto(`${app}/v/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('vk-learner-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signedIn(page);

  await page.goto(`${app}/v/user/social-networks`);
  await expect(page.getByRole('button', { name: 'Link VK' })).toBeVisible();
  await expectNoSeriousViolations(page, 'social networks');
  await page.getByRole('button', { name: 'Link VK' }).click();
  await signInAtProvider(page, { subject: '900100', email: 'vk-900100@example.com' }, 'Allow');

  await expect(page.getByRole('alert')).toHaveText('VK is linked. You can sign in with it now.');
  await expect(page).toHaveURL(/\/v\/user\/social-networks$/);
  await page.getByRole('button', { name: 'Unlink VK' }).click();
  const dialog = page.getByRole('dialog', { name: 'Attention' });
  await expect(dialog).toContainText('After unlinking VK you can no longer sign in with it.');
  await expectNoSeriousViolations(page, 'unlink dialog');
  await dialog.getByRole('button', { name: 'Unlink' }).click();
  await expect(dialog).toHaveCount(0);
  // The row stays: its new button keeps the focus, and a polite status says what happened.
  await expect(page.getByRole('button', { name: 'Link VK' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'VK is unlinked.' })).toHaveText('VK is unlinked.');
});

/** A learner made through the public sign-up call, in the language given, and their session's token. */
async function signUpLearner(request: APIRequestContext, label: string, languageCode: string) {
  const email = `e2e-${label}-${Date.now()}@example.com`;
  const signUp = await request.post(`${app}/spa/api/v1/auth/signup-by-email?lang=en`, {
    data: { email, password: 'vk-learner-pass', password_repeat: 'vk-learner-pass' },
  });
  expect(signUp.status()).toBe(201);
  const { token } = ((await signUp.json()) as { data: { token: string } }).data;
  const saved = await request.post(`${app}/spa/api/v1/user?lang=en`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { language_code: languageCode },
  });
  expect(saved.ok()).toBe(true);
  return { email, password: 'vk-learner-pass' };
}

async function signInAt(page: Page, account: { email: string; password: string }) {
  await page.goto(`${app}/v/`);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: /^(Menu|Menú)$/ })).toBeVisible();
}

test("a link that fails is told in the learner's language, not in the browser's", async ({
  page,
  browser,
  request,
}) => {
  const vk = { subject: '900400', email: 'vk-900400@example.com' };
  // Someone else has this VK account linked already.
  const first = await signUpLearner(request, 'vk-first', 'en-US');
  await signInAt(page, first);
  await page.goto(`${app}/v/user/social-networks`);
  await page.getByRole('button', { name: 'Link VK' }).click();
  await signInAtProvider(page, vk, 'Allow');
  await expect(page.getByRole('alert')).toHaveText('VK is linked. You can sign in with it now.');

  // A learner who chose Spanish, in a browser that asks for English (the provider's way back is a
  // navigation of that browser, answered in its language).
  const second = await signUpLearner(request, 'vk-second', 'es-ES');
  const context = await browser.newContext({ locale: 'en-US' });
  const spanish = await context.newPage();
  await signInAt(spanish, second);
  await spanish.goto(`${app}/v/user/social-networks`);
  await expect(spanish.getByRole('heading', { level: 1, name: 'Redes sociales' })).toBeVisible();
  await spanish.getByRole('button', { name: 'Vincular VK' }).click();
  await signInAtProvider(spanish, vk, 'Allow');
  await expect(spanish).toHaveURL(/\/v\/user\/social-networks$/);
  await expect(spanish.getByRole('alert')).toHaveText(
    'Esta cuenta de VK ya está vinculada a otro usuario. (código: link_social_id_already_taken)',
  );
  await expect(spanish.getByRole('button', { name: 'Vincular VK' })).toBeVisible();
  await context.close();
});

test.describe('an account made with a social network', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test("keeps the browser's time zone, sets a first password, then signs in with its e-mail", async ({
    page,
  }) => {
    const account = { subject: 'e2e-google-first-password', email: 'e2e-first-password@example.com' };
    await page.goto(`${app}/v/`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, account);
    await signedIn(page);
    const user = await page.evaluate(
      async () => ((await (await fetch('/spa/api/v1/user')).json()) as { data: unknown }).data,
    );
    expect(user).toMatchObject({ timezone: 'Asia/Tokyo', has_password: 0 });

    await page.goto(`${app}/v/user/settings/password`);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a password' })).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    await page.getByLabel('New password', { exact: true }).fill('first-password-1');
    await page.getByLabel('Repeat new password', { exact: true }).fill('first-password-1');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/user\/settings\?changed=/);

    await page.goto(`${app}/v/logout`);
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await signInAt(page, { email: account.email, password: 'first-password-1' });
  });
});
