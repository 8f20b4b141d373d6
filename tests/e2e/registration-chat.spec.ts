import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousViolations } from './support/axe';
import { E2E } from './support/ports';
import { socialServer } from './support/social-server';
import { expect, test } from './support/test';

/**
 * The registration chat on Brightpath (docs/REGISTRATION_CHAT.md): sign-up as a conversation from
 * the sign-in page's Register link. The server runs with social providers on 127.0.0.2 (as in
 * social-sign-in.spec.ts), so the socials question offers networks and a link comes back to the chat.
 */

const { app } = socialServer(E2E.appPort + 41);

const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });

/** The bot has said `text` (after its typing pause), and the answer control has the focus. */
async function asked(page: Page, text: string) {
  await expect(log(page)).toContainText(text);
}

async function answer(page: Page, label: string, value: string, focused = true) {
  const field = page.getByLabel(label, { exact: true });
  if (focused) await expect(field).toBeFocused();
  await field.fill(value);
  await page.getByRole('button', { name: 'Send' }).click();
}

/** The account as the server keeps it, read with the learner's own password. */
async function serverUser(request: APIRequestContext, email: string, password: string) {
  const login = await request.post(`${app}/spa/api/v1/auth/login?lang=en`, { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { data } = (await login.json()) as { data: { token: string } };
  const res = await request.get(`${app}/spa/api/v1/user?lang=en`, {
    headers: { Authorization: `Bearer ${data.token}` },
  });
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

const picture = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/**
 * Makes a read leave with the chat's first token and come back after the password step replaced
 * that token: the consent sync's read (sent once the account is made) is held, the password is saved
 * only once that read has left, and the read goes on to the server after the password's answer.
 * `status` is the read's answer's status.
 */
async function staleReadAcrossPasswordChange(page: Page): Promise<{ status: Promise<number> }> {
  const once = <T>() => {
    let settle: (value: T) => void = () => {};
    const promise = new Promise<T>((resolve) => {
      settle = resolve;
    });
    return { promise, settle };
  };
  const readLeft = once<void>();
  const passwordAnswered = once<void>();
  const readStatus = once<number>();
  // Each route stays registered (a handler removed by `times` lets its held call through at once)
  // and holds only its first call.
  let passwordHeld = false;
  await page.route('**/spa/api/v1/user/update-password*', async (route) => {
    if (passwordHeld) return route.continue();
    passwordHeld = true;
    await readLeft.promise;
    await route.fulfill({ response: await route.fetch() });
    passwordAnswered.settle();
  });
  let readHeld = false;
  await page.route('**/spa/api/v1/cookie/get-policy*', async (route) => {
    if (readHeld) return route.continue();
    readHeld = true;
    readLeft.settle();
    await passwordAnswered.promise;
    const response = await route.fetch();
    readStatus.settle(response.status());
    await route.fulfill({ response });
  });
  return { status: readStatus.promise };
}

/** The chat from the sign-in page's Register link up to the password (the account is at status 30 then). */
async function startChat(page: Page, name: string, email: string, password: string) {
  await page.goto(`${app}/v/`);
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/v\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await asked(page, 'Hi! Welcome to Brightpath Academy.');
  await asked(page, 'What is your name?');
  await answer(page, 'Your name', name);
  await asked(page, `${name}, what is your e-mail? We'll send your course news there.`);
  await answer(page, 'Your e-mail', 'not-an-address');
  await asked(page, 'Please enter a correct e-mail.');
  await answer(page, 'Your e-mail', email);
  await asked(page, 'Choose a password: at least 8 characters.');
  await answer(page, 'Your password', 'short');
  await asked(page, 'Please enter a correct password.');
  await answer(page, 'Your password', password);
  // The password is never shown in the log.
  await expect(log(page)).not.toContainText(password);
  await asked(page, 'Link a social network to sign in with one tap.');
}

test('a new learner signs up through the whole chat and lands home signed in', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = `chat-${Date.now()}@example.com`;
  const password = 'chat-learner-pass-1';
  // 40 characters, 76 UTF-16 units: the name field counts characters, as the chat and server do.
  const name = `Ann${'🌷'.repeat(37)}`;
  await startChat(page, name, email, password);
  await expect(page.getByRole('button', { name: 'Link Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link VK' })).toBeVisible();
  await expectNoSeriousViolations(page, 'registration chat: socials');
  await page.getByRole('button', { name: 'Skip' }).click();

  await asked(page, 'When is your birthday? (DD.MM.YYYY)');
  await answer(page, 'Your birthday', '31.02.2000');
  await asked(page, 'Please enter a correct date.');
  await answer(page, 'Your birthday', '15.05.1990');

  await asked(page, 'Add a profile photo so your experts recognise you.');
  await page.getByLabel('Choose a photo').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await picture(),
  });
  await expect(log(page).getByRole('img', { name: 'Your avatar' })).toHaveAttribute(
    'src',
    /\/media\/uploads\/\d+\/64\.webp$/,
  );

  await asked(page, 'Shall we remind you about lessons with notifications?');
  await expectNoSeriousViolations(page, 'registration chat: push');
  await page.getByRole('button', { name: 'Not now' }).click();
  await asked(page, `All set, ${name}! Let's start learning.`);
  await page.getByRole('button', { name: 'Start learning' }).click();
  await expect(page).toHaveURL(/\/v\/home$/);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();

  expect(await serverUser(request, email, password)).toMatchObject({
    email,
    name,
    status: 10,
    birthday: '15.05.1990',
    avatar: expect.stringMatching(/\/media\/uploads\/\d+\/256\.webp$/),
  });
});

test('a learner who leaves after the password is sent back to the chat and resumes at socials', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // Reduced motion: the bot answers without its typing pause.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const email = `chat-resume-${Date.now()}@example.com`;
  const password = 'chat-resume-pass-1';
  // The password step replaces the chat's first token: a read sent with it while the step runs is
  // still answered (the server keeps a replaced token for a short grace), and the session goes on.
  const stale = await staleReadAcrossPasswordChange(page);
  await startChat(page, 'Bea', email, password);
  expect(await stale.status).toBe(200);
  expect(await serverUser(request, email, password)).toMatchObject({ name: 'Bea', status: 30 });

  // Any signed-in page leads back to the chat while the registration is unfinished.
  await page.goto(`${app}/v/user/settings`);
  await expect(page).toHaveURL(/\/v\/welcome$/);
  await asked(page, "Welcome back, Bea! Let's finish setting up your account.");
  await asked(page, 'Link a social network to sign in with one tap.');
  await expectNoSeriousViolations(page, 'registration chat: resumed');

  // Linking goes to the provider and comes back to the chat, which moves on.
  await page.getByRole('button', { name: 'Link VK' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.2:/);
  await page.getByLabel('Account id').fill('900200');
  await page.getByLabel('E-mail', { exact: true }).fill('vk-900200@example.com');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/v\/welcome$/);
  await asked(page, 'VK is linked.');
  await asked(page, 'When is your birthday? (DD.MM.YYYY)');
  await expect(page.getByRole('button', { name: 'Skip' })).toBeVisible();
  expect(await serverUser(request, email, password)).toMatchObject({ status: 30 });
});

/** The next call matching `url` (and `method`) fails as `fail` says; the calls after it go through. */
async function failOnce(page: Page, url: string, fail: 'abort' | 500, method = 'POST') {
  let failed = false;
  await page.route(url, async (route) => {
    if (failed || route.request().method() !== method) return route.fallback();
    failed = true;
    if (fail === 'abort') return route.abort('connectionreset');
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"message":"Server Error"}',
    });
  });
}

const GENERIC = 'Something went wrong. Check your connection and send your answer again.';

test('a failure that is not the answer’s fault keeps the answer, to send again', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const email = `chat-again-${Date.now()}@example.com`;
  const password = 'chat-again-pass-1';
  await page.goto(`${app}/v/welcome`);
  await asked(page, 'What is your name?');
  await answer(page, 'Your name', 'Cleo');

  // The server fails to make the account: the e-mail stays in the field, and Enter sends it again.
  await failOnce(page, '**/spa/api/v1/auth/signup-by-email*', 500);
  await answer(page, 'Your e-mail', email);
  await asked(page, GENERIC);
  const emailField = page.getByLabel('Your e-mail', { exact: true });
  await expect(emailField).toBeFocused();
  await expect(emailField).toHaveValue(email);
  await emailField.press('Enter');
  await asked(page, 'Choose a password: at least 8 characters.');
  // The new attempt replaced the failed one.
  await expect(log(page)).not.toContainText(GENERIC);

  // The password's call gets no answer: the password stays, and Enter does not send an empty one.
  await failOnce(page, '**/spa/api/v1/user/update-password*', 'abort');
  await answer(page, 'Your password', password);
  await asked(page, GENERIC);
  const passwordField = page.getByLabel('Your password', { exact: true });
  await expect(passwordField).toHaveValue(password);
  await passwordField.press('Enter');
  await asked(page, 'Link a social network to sign in with one tap.');
  await expect(log(page)).not.toContainText('Please enter a correct password.');
  await page.getByRole('button', { name: 'Skip' }).click();

  await failOnce(page, '**/spa/api/v1/user?*', 500);
  await answer(page, 'Your birthday', '15.05.1990');
  await asked(page, GENERIC);
  await expect(page.getByLabel('Your birthday', { exact: true })).toHaveValue('15.05.1990');
  await page.getByRole('button', { name: 'Send' }).click();
  await asked(page, 'Add a profile photo so your experts recognise you.');

  // The photo's upload is cut off: the photo is kept, and sent again with one button.
  await failOnce(page, '**/spa/api/v1/media/upload*', 'abort');
  await page.getByLabel('Choose a photo').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await picture(),
  });
  await asked(page, GENERIC);
  const again = page.getByRole('button', { name: 'Send the photo again' });
  await expect(again).toBeFocused();
  await again.press('Enter');
  await expect(log(page).getByRole('img', { name: 'Your avatar' })).toBeVisible();
  await asked(page, 'Shall we remind you about lessons with notifications?');

  expect(await serverUser(request, email, password)).toMatchObject({
    name: 'Cleo',
    birthday: '15.05.1990',
    avatar: expect.stringMatching(/\/media\/uploads\/\d+\/256\.webp$/),
  });
});

test('a learner in the middle of the chat signs out, and writes to support by e-mail only', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const email = `chat-out-${Date.now()}@example.com`;
  const password = 'chat-out-pass-1';
  const signOut = page.getByRole('link', { name: 'Sign out' });
  await page.goto(`${app}/v/welcome`);
  // A guest has the guest pages' support form, and nothing to sign out of.
  await expect(page.getByRole('button', { name: 'Write to us' })).toBeVisible();
  await asked(page, 'What is your name?');
  await expect(signOut).toHaveCount(0);
  await answer(page, 'Your name', 'Dora');
  await asked(page, "Dora, what is your e-mail? We'll send your course news there.");
  await answer(page, 'Your e-mail', email);

  // Signed in from here (status 20): "Sign out" is in the frame, after the language, reached with
  // Tab; the logo leads nowhere (every page would come back here); the guest's support form is gone
  // (the signed-in support waits for the end of the chat), the contacts stay.
  await asked(page, 'Choose a password: at least 8 characters.');
  await expect(page.getByRole('banner').getByRole('link')).toHaveText(['Sign out']);
  await expect(page.getByRole('button', { name: 'Write to us' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Support' })).toContainText('We are here to help');
  await page.getByLabel('Language').focus();
  await page.keyboard.press('Tab');
  await expect(signOut).toBeFocused();
  await expect(signOut).toHaveCSS('outline-style', 'solid');
  await expectNoSeriousViolations(page, 'registration chat: signed in');
  await answer(page, 'Your password', password, false);
  await asked(page, 'Link a social network to sign in with one tap.');

  // Signing out ends the session (the logout the rest of the app uses); signing in again comes back
  // to the chat, where it stands.
  await signOut.click();
  await expect(page).toHaveURL(/\/v\/$/);
  await page.goto(`${app}/v/user/settings`);
  await expect(page).toHaveURL(/\/v\/$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/v\/welcome$/);
  await asked(page, "Welcome back, Dora! Let's finish setting up your account.");
  await asked(page, 'Link a social network to sign in with one tap.');
  await expect(signOut).toBeVisible();
});
