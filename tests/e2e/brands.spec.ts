import { SECOND_BRAND_APP } from './support/helpers';
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
