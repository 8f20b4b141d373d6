import { expectNoSeriousViolations } from './support/axe';
import { DEMO, signIn } from './support/helpers';
import { expect, test } from './support/test';

test('a user who must change the password is sent there first, then signs in with the new one', async ({
  page,
}) => {
  await signIn(page, DEMO.newpass);
  await expect(page).toHaveURL(/\/v\/resetPassword$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expectNoSeriousViolations(page, 'forced password change');
  // Other pages stay closed until the password is changed.
  await page.goto('./home');
  await expect(page).toHaveURL(/\/v\/resetPassword$/);

  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Repeat new password').fill('brand-new-typo');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();

  await page.getByLabel('Repeat new password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/v\/home$/);

  await page.goto('./logout');
  await expect(page).toHaveURL(/\/v\/$/);
  await signIn(page, { email: DEMO.newpass.email, password: 'brand-new-pass' });
  await expect(page).toHaveURL(/\/v\/home$/);
});

test('a user who must complete the profile is sent there first', async ({ page }) => {
  await signIn(page, DEMO.profile);
  await expect(page).toHaveURL(/\/v\/updateProfile$/);
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expectNoSeriousViolations(page, 'forced profile completion');
  await page.getByLabel('First name').fill('Paula');
  await page.getByLabel('Last name').fill('Profile');
  await page.getByLabel('Phone').fill('+15550001111');
  await page.getByLabel('Birthday').fill('31.02.1990');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/v\/updateProfile$/);
  await page.getByLabel('Birthday').fill('28.02.1990');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/v\/home$/);
  await expect(page.getByRole('banner')).toContainText('Paula');
});
