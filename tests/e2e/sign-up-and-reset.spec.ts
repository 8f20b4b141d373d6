import { expectNoSeriousViolations } from './support/axe';
import { APP, createLearner, readResetLink, SECOND_BRAND_APP, signIn } from './support/helpers';
import { expect, test } from './support/test';

test('a visitor signs up with the form on the brand that allows it', async ({ page }) => {
  const email = `signup-${Date.now()}@example.com`;
  // The sign-in page's Register link leads to the chat on this brand (registration-chat.spec.ts).
  await page.goto('./signup');
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('signup-pass-1');
  // Sign-up asks for one password twice: a difference is not about "new" passwords.
  await page.getByLabel('Repeat password').fill('signup-pass-2');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();
  await page.getByLabel('Repeat password').fill('signup-pass-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/v\/home$/);
});

test('signing up with a taken e-mail lists the error under the field', async ({ page, request }) => {
  const existing = await createLearner(request, 'taken');
  await page.goto('./signup');
  await page.getByLabel('E-mail').fill(existing.email);
  await page.getByLabel('Password', { exact: true }).click();
  const error = page.getByText('This e-mail is already registered.');
  await expect(error).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Password', { exact: true }).fill('signup-pass-1');
  await page.getByLabel('Repeat password').fill('signup-pass-1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/v\/signup$/);
});

test('the brand without registration sends /signup back to sign-in and offers the instruction', async ({
  page,
}) => {
  await page.goto(`${SECOND_BRAND_APP}/v/signup`);
  await expect(page).toHaveURL(`${SECOND_BRAND_APP}/v/`);
  await expect(page.getByRole('link', { name: /Register|Регистрация/ })).toHaveCount(0);
});

test('a forgotten password is reset through the link in the mail', async ({ page, request }) => {
  const account = await createLearner(request, 'reset');
  await page.goto('./reset');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  const sent = page.getByRole('alert').filter({ hasText: `We have sent a link to ${account.email}` });
  await expect(sent).toBeVisible();
  // The form is gone with its button: the outcome takes the focus, not the page's body.
  await expect(sent).toBeFocused();
  // Brought back for another address, the form gives the focus to its field.
  await page.getByRole('button', { name: 'Use another e-mail' }).click();
  await expect(page.getByLabel('E-mail')).toBeFocused();

  const link = await readResetLink(account.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('reset-pass-2');
  await page.getByLabel('Repeat new password').fill('reset-pass-3');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('New passwords do not match', { exact: true })).toBeVisible();
  await page.getByLabel('Repeat new password').fill('reset-pass-2');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/v\/home$/);

  // The old password no longer works, the new one does.
  await page.goto('./logout');
  await expect(page).toHaveURL(/\/v\/$/);
  await signIn(page, account);
  await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('reset-pass-2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/v\/home$/);
});

test('a used reset link is no dead end: it offers a new link, which is sent from the recovery page', async ({
  page,
  request,
}) => {
  const account = await createLearner(request, 'used-link');
  await page.goto('./reset');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  const link = await readResetLink(account.email);
  // The link sets a password once; the second time it is refused.
  const token = new URL(link).searchParams.get('token') ?? '';
  const used = await request.post(`${APP}/spa/api/v1/auth/reset-password?lang=en`, {
    data: { token, password: 'used-link-pass-2', password_repeat: 'used-link-pass-2' },
  });
  expect(used.ok()).toBe(true);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('used-link-pass-3');
  await page.getByLabel('Repeat new password').fill('used-link-pass-3');
  await page.getByRole('button', { name: 'Save password' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'This link is invalid or has expired.' });
  await expect(refused).toBeVisible();
  // The form is gone with its button: the reason takes the focus, and the new link is next.
  await expect(refused).toBeFocused();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'refused reset link');
  await page.keyboard.press('Tab');
  const again = page.getByRole('link', { name: 'Request a new link' });
  await expect(again).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/v\/reset$/);
  await expect(page.getByRole('heading', { name: 'Password recovery' })).toBeVisible();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `We have sent a link to ${account.email}` }),
  ).toBeVisible();
});
