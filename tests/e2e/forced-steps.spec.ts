import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { DEMO, signIn } from './support/helpers';
import { expect, test } from './support/test';

/** On a forced step every other page bounces back: the header offers only the brand and a sign-out. */
async function expectOnlyBrandAndSignOut(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Brightpath Academy' })).toBeVisible();
  await expect(header.getByRole('link')).toHaveText(['Sign out']);
  await expect(header.getByRole('button')).toHaveCount(0);
  await expect(header.getByRole('navigation')).toHaveCount(0);
}

test('a user who must change the password is sent there first, then signs in with the new one', async ({
  page,
}) => {
  await signIn(page, DEMO.newpass);
  await expect(page).toHaveURL(/\/v\/resetPassword$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page).toHaveTitle('Change password — Brightpath Academy');
  await expectNoSeriousViolations(page, 'forced password change');
  await expectOnlyBrandAndSignOut(page);
  // Other pages stay closed until the password is changed.
  await page.goto('./home');
  await expect(page).toHaveURL(/\/v\/resetPassword$/);

  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Repeat new password').fill('brand-new-typo');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  // The password the school gave is no new one.
  await page.getByLabel('New password', { exact: true }).fill(DEMO.newpass.password);
  await page.getByLabel('Repeat new password').fill(DEMO.newpass.password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('The new password must differ from the current one.')).toBeVisible();
  await expect(page).toHaveURL(/\/v\/resetPassword$/);

  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Repeat new password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/v\/home$/);
  // Nothing is forced any more: the step's address leads to the change a learner makes by choice.
  await page.goto('./resetPassword');
  await expect(page).toHaveURL(/\/v\/user\/settings\/password$/);
  await expect(page.getByLabel('Current password')).toBeVisible();

  await page.goto('./logout');
  await expect(page).toHaveURL(/\/v\/$/);
  await signIn(page, { email: DEMO.newpass.email, password: 'brand-new-pass' });
  await expect(page).toHaveURL(/\/v\/home$/);
});

test('a user who must complete the profile is sent there first', async ({ page }) => {
  await signIn(page, DEMO.profile);
  await expect(page).toHaveURL(/\/v\/updateProfile$/);
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page).toHaveTitle('Complete your profile — Brightpath Academy');
  // It says why the learner is here and what it needs, and how a phone number is written.
  await expect(page.getByText('Your school needs your first name, last name and phone number')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(
    'Digits with an optional +, e.g. +7 912 345-67-89',
  );
  await expectNoSeriousViolations(page, 'forced profile completion');
  await expectOnlyBrandAndSignOut(page);
  // Signing out works from here; signing in again comes back to the step.
  await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/v\/$/);
  await signIn(page, DEMO.profile);
  await expect(page).toHaveURL(/\/v\/updateProfile$/);
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
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible();
  await page.goto('./updateProfile');
  await expect(page).toHaveURL(/\/v\/user\/edit$/);
});
