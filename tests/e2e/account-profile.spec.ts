import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousViolations } from './support/axe';
import { APP, createLearner, signIn, tokenOf } from './support/helpers';
import { expect, test } from './support/test';

/** The learner's profile as the server keeps it, or changed through the API before the test's own steps. */
async function serverCall(
  request: APIRequestContext,
  account: { email: string; password: string },
  change?: Record<string, unknown>,
) {
  const token = await tokenOf(request, account);
  const headers = { Authorization: `Bearer ${token}` };
  const res = change
    ? await request.post(`${APP}/spa/api/v1/user?lang=en`, { headers, data: change })
    : await request.get(`${APP}/spa/api/v1/user?lang=en`, { headers });
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

async function openProfileFromMenu(page: Page, label = 'My profile') {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: label }).click();
  await expect(page).toHaveURL(/\/v\/user\/edit$/);
}

const picture = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .png()
    .toBuffer();

test('editing the profile: the rules are checked, saved values stay after a reload', async ({
  page,
  request,
}) => {
  const account = await createLearner(request, 'profile-edit');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  await openProfileFromMenu(page);
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
  // The counters come from GET /user?expand=statistics.
  await expect(page.getByLabel('Your progress')).toContainText('Lessons watched');
  await expectNoSeriousViolations(page, 'profile');

  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  // Digits enough, grouped as no one writes a number: the app's rule is the server's.
  await page.getByLabel('Phone').fill('+1 (((555))) 010-0199');
  await page.getByLabel('Birthday').fill('31.02.1990');
  await page.getByLabel('Instagram').fill('.grace');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Wrong phone number format')).toBeVisible();
  await expect(page.getByLabel('Phone')).toBeFocused();
  await expect(page.getByLabel('Birthday')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Instagram')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'profile with errors');

  await page.getByLabel('Phone').fill('+1 (555) 010-0199');
  await page.getByLabel('Birthday').fill('09.12.1906');
  await page.getByLabel('Instagram').fill('grace.hopper');
  await page.getByLabel('City').fill('Arlington');
  await page.getByLabel('Time zone').selectOption('America/New_York');
  await page.getByLabel('Gender').selectOption('F');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  // Busy while saving, the button kept the focus: the keyboard goes on from where it was.
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeFocused();
  // The header follows the session's user at once.
  await expect(page.locator('.header__user')).toContainText('Grace Hopper');
  expect(await serverCall(request, account)).toMatchObject({
    name: 'Grace',
    phone: '+15550100199',
    timezone: 'America/New_York',
    gender: 'F',
    birthday: '09.12.1906',
  });

  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+15550100199');
  await expect(page.getByLabel('City')).toHaveValue('Arlington');
  await expect(page.getByLabel('Time zone')).toHaveValue('America/New_York');
  // The zone reads as words with its offset (summer or winter time), the IANA id staying the value.
  await expect(page.getByLabel('Time zone').locator('option:checked')).toHaveText(
    /^\(UTC\u22120[45]:00\) Eastern Time — New York$/,
  );
  await expect(page.getByLabel('Gender')).toHaveValue('F');
  // The zone list is sized by its row, not by its four hundred options (profile.css), and its text
  // still fits: with a large text size it grows as the other select does.
  await page.locator('html').evaluate((html) => {
    html.style.fontSize = '32px';
  });
  const height = (label: string) =>
    page.getByLabel(label).evaluate((select) => select.getBoundingClientRect().height);
  expect(await height('Gender')).toBeGreaterThan(70);
  expect(await height('Time zone')).toBe(await height('Gender'));
});

test('the saved notice speaks of the last save only: a refused save takes it away', async ({
  page,
  request,
}) => {
  const account = await createLearner(request, 'profile-resave');
  await serverCall(request, account, { name: 'Ada', last_name: 'King', phone: '+15550100199' });
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  await page.goto('./user/edit');
  const savedNotice = page.getByText('Your profile has been saved.');
  const save = page.getByRole('button', { name: 'Save changes' });
  await page.getByLabel('City').fill('London');
  await save.click();
  await expect(savedNotice).toBeVisible();

  // Stopped by the form's own rules.
  await page.getByLabel('Phone').fill('call me');
  await save.click();
  await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(savedNotice).toHaveCount(0);

  await page.getByLabel('Phone').fill('+15550100199');
  await save.click();
  await expect(savedNotice).toBeVisible();
  // Refused by the server: the form has no length rule for names, the server keeps 64 characters at most.
  await page.getByLabel('First name').fill('A'.repeat(65));
  await save.click();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(savedNotice).toHaveCount(0);
  expect(await serverCall(request, account)).toMatchObject({ name: 'Ada', city: 'London' });

  // No answer at all: the notice says to check the connection, and the form keeps what was typed.
  await page.getByLabel('First name').fill('Augusta');
  await page.context().setOffline(true);
  await save.click();
  await expect(
    page.getByText('Could not reach the server. Check your connection and try again.'),
  ).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Augusta');
  await page.context().setOffline(false);
  await save.click();
  await expect(savedNotice).toBeVisible();
  expect(await serverCall(request, account)).toMatchObject({ name: 'Augusta' });
});

test('the rules speak the user’s language', async ({ page, request }) => {
  const account = await createLearner(request, 'profile-ru');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  // The learner switches the interface to Russian in the settings.
  await page.goto('./user/settings');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Русский' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.goto('./user/edit');
  await expect(page.getByRole('heading', { name: 'Мой профиль', level: 1 })).toBeVisible();
  // Time zones and their cities are named in Russian too, west to east: Moscow after London.
  const zones = page.getByLabel('Часовой пояс');
  await expect(zones.locator('option[value="Europe/Moscow"]')).toHaveText(
    /^\(UTC\+03:00\) Москва.* — Москва$/,
  );
  await expect(zones.locator('option[value="Europe/Paris"]')).toHaveText(/^\(UTC\+0[12]:00\) .* — Париж$/);
  const order = await zones
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(order.indexOf('Europe/London')).toBeLessThan(order.indexOf('Europe/Moscow'));
  expect(order.indexOf('America/New_York')).toBeLessThan(order.indexOf('Europe/London'));
  await page.getByLabel('Телефон').fill('12');
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(page.getByLabel('Телефон')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Неверный формат номера телефона')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Wrong phone number format');
});

test('a new photo is uploaded with its progress and shows in the header; a fake image changes nothing', async ({
  page,
  request,
}) => {
  const account = await createLearner(request, 'profile-photo');
  await serverCall(request, account, { name: 'Ada', last_name: 'King' });
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  await page.goto('./user/edit');
  const header = page.locator('.header__user');
  await expect(header.locator('span.avatar')).toHaveText('AK');

  // Picked from the keyboard: the picker has the focus, and keeps it once each upload has ended.
  await page.getByLabel('Add a photo').focus();
  // A text file named like a picture: the server reads the content and refuses it in words.
  await page.getByLabel('Add a photo').setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture at all'),
  });
  await expect(page.getByRole('alert').first()).toHaveText(
    'This file is not an image we can use: send a JPEG, PNG, WebP, GIF or AVIF picture.',
  );
  expect((await serverCall(request, account)).avatar).toBeNull();
  await expect(header.locator('span.avatar')).toHaveText('AK');
  await expect(page.getByLabel('Add a photo')).toBeFocused();

  await page
    .getByLabel('Add a photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture() });
  await expect(page.getByText('Your photo has been updated.')).toBeVisible();
  const headerPhoto = header.locator('img.avatar');
  await expect(headerPhoto).toHaveAttribute('src', /\/media\/uploads\/\d+\/256\.webp$/);
  // The 36 px header picture loads the 64 px square on this 1x screen, not the profile's 256 px one.
  await expect
    .poll(() => headerPhoto.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
    .toMatch(/\/media\/uploads\/\d+\/64\.webp$/);
  await expect(page.getByLabel('Change photo')).toBeAttached();
  await expect(page.getByLabel('Change photo')).toBeFocused();
  expect((await serverCall(request, account)).avatar).toMatch(/\/media\/uploads\/\d+\/256\.webp$/);
  await expectNoSeriousViolations(page, 'profile with a photo');
});

test('empty notices take no room: on a phone the counters follow the photo after one gap', async ({
  page,
  request,
}) => {
  const account = await createLearner(request, 'profile-gaps');
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  await page.goto('./user/edit');
  await expect(page.getByRole('definition').first()).toHaveText('0');
  // The form's notice (empty) sits between the photo block and the counters in the card's grid; the
  // photo block's notice (empty) is the last item of its controls' grid.
  await expect(page.locator('.profile > .notice--empty')).toBeAttached();
  const layout = await page.evaluate(() => {
    const drawn = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`${selector} is not drawn`);
      return element;
    };
    const photo = drawn('.profile-photo');
    return {
      photoBottom: photo.getBoundingClientRect().bottom,
      countersTop: drawn('.profile__counters').getBoundingClientRect().top,
      hintBottom: drawn('.profile-photo__hint').getBoundingClientRect().bottom,
      controlsBottom: drawn('.profile-photo__controls').getBoundingClientRect().bottom,
      photoMargin: Number.parseFloat(getComputedStyle(photo).marginBottom),
      cardGap: Number.parseFloat(getComputedStyle(drawn('.profile')).rowGap),
    };
  });
  expect(layout.countersTop - layout.photoBottom).toBeCloseTo(layout.photoMargin + layout.cardGap, 0);
  expect(layout.controlsBottom - layout.hintBottom).toBeCloseTo(0, 0);
});

test('the menu: groups by width, fits a phone whatever the name, Escape closes it, legacy paths lead on', async ({
  page,
  request,
}) => {
  const account = await createLearner(request, 'profile-menu');
  // The longest name the profile takes, in wide letters without a space to break at.
  const name = { name: 'W'.repeat(64), last_name: 'Ш'.repeat(64) };
  const saved = await request.post(`${APP}/spa/api/v1/user?lang=en`, {
    headers: { Authorization: `Bearer ${await tokenOf(request, account)}` },
    data: name,
  });
  expect(saved.ok()).toBe(true);
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  const menu = page.getByRole('navigation', { name: 'Menu' });
  const burger = page.getByRole('button', { name: 'Menu' });

  await page.setViewportSize({ width: 1280, height: 800 });
  await burger.click();
  await expect(menu.getByRole('link', { name: 'Points' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(burger).toBeFocused();

  await page.setViewportSize({ width: 375, height: 740 });
  await burger.click();
  // The mobile profile group replaces the settings group: points are in the header, not here.
  await expect(menu.getByRole('link', { name: 'Points' })).toBeHidden();
  await expect(menu.getByRole('link', { name: 'My profile' })).toBeVisible();
  // The name wraps inside the menu, and the menu stays on the screen.
  const box = await menu.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await expect(menu.getByText(`${name.name} ${name.last_name}`)).toBeVisible();
  // The downloads are reachable on a phone as well, and nothing shows twice.
  await expect(menu.getByRole('link', { name: 'Downloads' }).filter({ visible: true })).toHaveCount(1);
  await expect(menu.getByRole('link', { name: 'Support' }).filter({ visible: true })).toHaveCount(1);
  await expect(menu.getByRole('link', { name: 'Catalog' }).filter({ visible: true })).toHaveCount(1);
  await menu.getByRole('link', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/v\/user\/edit$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await expectNoSeriousViolations(page, 'profile on a phone');

  await page.goto('./user/setting');
  await expect(page).toHaveURL(/\/v\/user\/settings$/);
});

test.describe('a learner far from UTC', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('an account that keeps no time zone takes the browser’s at sign-in, so both sides count days in it', async ({
    page,
    request,
  }) => {
    const account = await createLearner(request, 'no-zone');
    // Text that shows nothing clears the zone: the server would count this learner's days in UTC.
    expect((await serverCall(request, account, { timezone: '' })).timezone ?? null).toBeNull();
    await signIn(page, account);
    await expect(page).toHaveURL(/\/v\/home$/);
    await expect.poll(async () => (await serverCall(request, account)).timezone).toBe('Pacific/Kiritimati');
    // A zone the learner chose stays theirs: the next start changes nothing.
    await serverCall(request, account, { timezone: 'Asia/Kolkata' });
    await page.reload();
    await expect(page).toHaveURL(/\/v\/home$/);
    await openProfileFromMenu(page);
    expect((await serverCall(request, account)).timezone).toBe('Asia/Kolkata');
  });
});
