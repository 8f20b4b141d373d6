import { createLearner, DEMO, signIn } from './support/helpers';
import { expect, test } from './support/test';

test('a learner signs in and lands on home with their name in the header', async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page).toHaveURL(/\/v\/home$/);
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Ada');
});

test('the sign-in button waits for both fields, and the password can be shown', async ({ page }) => {
  await page.goto('./');
  const submit = page.getByRole('button', { name: 'Sign in' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('E-mail').fill('someone@example.com');
  await expect(submit).toBeDisabled();
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret-value');
  await expect(submit).toBeEnabled();
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('the show/hide toggle never covers the password on a phone, in the longest languages', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const language of ['ru', 'es']) {
    await page.goto('./');
    await page.evaluate((code) => localStorage.setItem('lp_language', code), language);
    await page.reload();
    const password = page.locator('input[type="password"]');
    await password.fill('a-long-password-typed-in-full');
    // Where the typed text may reach: the field less its padding on the toggle's side.
    const textEnd = await password.evaluate((input) => {
      const box = input.getBoundingClientRect();
      return box.right - Number.parseFloat(getComputedStyle(input).paddingRight);
    });
    const toggle = await page.locator('.field__toggle').boundingBox();
    const field = await password.boundingBox();
    expect(toggle?.x, language).toBeGreaterThanOrEqual(textEnd);
    // And the toggle stays inside the field.
    expect((toggle?.y ?? 0) + (toggle?.height ?? 0), language).toBeLessThanOrEqual(
      (field?.y ?? 0) + (field?.height ?? 0),
    );
    expect(toggle?.y, language).toBeGreaterThanOrEqual(field?.y ?? 0);
  }
});

test('a wrong password shows the error and offers to restore the password', async ({ page, request }) => {
  const account = await createLearner(request, 'wrongpass');
  await page.goto('./');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/v\/$/);
  await page.getByRole('button', { name: 'Restore password' }).click();
  await expect(page).toHaveURL(/\/v\/reset$/);
  await expect(page.getByRole('heading', { name: 'Password recovery' })).toBeVisible();
  // The address typed at sign-in comes along, so the link is one press away.
  await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
});

test('"Forgot your password?" carries the e-mail typed at sign-in, and keeps it on reload', async ({
  page,
}) => {
  await page.goto('./');
  await page.getByLabel('E-mail').fill('forgetful@example.com');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/v\/reset$/);
  await expect(page.getByLabel('E-mail')).toHaveValue('forgetful@example.com');
  await page.reload();
  await expect(page.getByLabel('E-mail')).toHaveValue('forgetful@example.com');
  // Opened by its address in a new tab, the page has nothing to start from.
  const other = await page.context().newPage();
  await other.goto('./reset');
  await expect(other.getByLabel('E-mail')).toHaveValue('');
  await other.close();
});

test('the sign-in screen shows the support block and links', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByText('We are here to help')).toBeVisible();
  await expect(page.getByRole('link', { name: 'help@brightpath.example' })).toHaveAttribute(
    'href',
    'mailto:help@brightpath.example',
  );
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /wa\.me\/15551234567/);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/v\/reset$/);
});

test('a guest sends a question through the support form', async ({ page }) => {
  await page.goto('./');
  await page.getByRole('button', { name: 'Write to us' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Grace');
  await dialog.getByLabel('E-mail').fill('grace@example.com');
  const send = dialog.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Message').fill('I cannot find my course.');
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('Your message has been sent');
  // The form is gone with its Send button: the outcome takes the focus, still inside the dialog.
  await expect(dialog.getByRole('alert')).toBeFocused();
  // Brought back, the form gives the focus to its first field.
  await dialog.getByRole('button', { name: 'Write another message' }).click();
  await expect(dialog.getByLabel('Name')).toBeFocused();
});
