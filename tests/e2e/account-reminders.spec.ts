import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { shownText, typeTime } from './support/dateFields';
import { APP, createLearner, SECOND_BRAND_APP, signIn, tokenOf } from './support/helpers';
import { expect, test } from './support/test';

const API = `${APP}/spa/api/v1`;

async function serverSchedule(request: APIRequestContext, token: string) {
  const res = await request.get(`${API}/schedule?lang=en`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { repeatDays: Record<string, string[]> } }).data.repeatDays;
}

async function openReminders(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Notifications and reminders' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'notification settings');
  await page.getByRole('link', { name: 'Set up reminders' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/reminders$/);
}

test('reminders: add one for weekdays, join the weekend to it, make it custom, delete it; the server keeps each step', async ({
  page,
  request,
}) => {
  const account = await createLearner(request, 'reminders');
  const token = await tokenOf(request, account);
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  await openReminders(page);
  await expect(page.getByText(/^No reminders yet\./)).toBeVisible();
  await expectNoSeriousViolations(page, 'reminders, empty');

  await page.getByRole('link', { name: 'Add reminder' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/reminders\/new$/);
  await expect(page.getByRole('heading', { name: 'New reminder' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Time' })).toBeVisible();
  // A new reminder starts at nine, written as a 24-hour clock writes it.
  expect(await shownText(page.getByRole('group', { name: 'Time' }))).toBe('09:00');
  await expectNoSeriousViolations(page, 'new reminder');
  await typeTime(page.getByRole('group', { name: 'Time' }), '07:45');
  await page.getByRole('radio', { name: 'Weekdays' }).check();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/v\/user\/settings\/reminders$/);
  const item = page.getByRole('link', { name: '07:45 Weekdays' });
  await expect(item).toBeVisible();
  // The Save button is gone with its form: the focus goes on from the list's heading, not the top.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expectNoSeriousViolations(page, 'reminders');
  expect(await serverSchedule(request, token)).toEqual({
    1: ['07:45'],
    2: ['07:45'],
    3: ['07:45'],
    4: ['07:45'],
    5: ['07:45'],
    6: [],
    7: [],
  });

  // A new reminder at a time that exists joins it: the weekdays stay, the weekend is added.
  await page.getByRole('link', { name: 'Add reminder' }).click();
  const joinNotice = page.getByText('You already have a reminder at 07:45. Saving adds these days to it.');
  await typeTime(page.getByRole('group', { name: 'Time' }), '07:40');
  await expect(joinNotice).toHaveCount(0);
  await typeTime(page.getByRole('group', { name: 'Time' }), '07:45');
  await expect(joinNotice).toBeVisible();
  await page.getByRole('radio', { name: 'Weekend' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/reminders$/);
  const joined = page.getByRole('link', { name: '07:45 Daily' });
  await expect(joined).toBeVisible();
  await expect(page.getByRole('link', { name: /^07:45/ })).toHaveCount(1);
  expect(Object.values(await serverSchedule(request, token))).toEqual(Array(7).fill(['07:45']));

  await joined.click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/reminders\/0745$/);
  await expect(page.getByRole('heading', { name: 'Edit reminder' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Daily' })).toBeChecked();
  await page.getByRole('radio', { name: 'Custom' }).check();
  await page.getByRole('checkbox', { name: 'Monday' }).uncheck();
  await page.getByRole('checkbox', { name: 'Sunday' }).uncheck();
  await expectNoSeriousViolations(page, 'edit reminder, custom days');
  await typeTime(page.getByRole('group', { name: 'Time' }), '19:05');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: '19:05 Tue, Wed, Thu, Fri, Sat' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^07:45/ })).toHaveCount(0);
  expect(await serverSchedule(request, token)).toEqual({
    1: [],
    2: ['19:05'],
    3: ['19:05'],
    4: ['19:05'],
    5: ['19:05'],
    6: ['19:05'],
    7: [],
  });

  await page.getByRole('link', { name: /^19:05/ }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this reminder?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'delete reminder dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/reminders$/);
  await expect(page.getByText(/^No reminders yet\./)).toBeVisible();
  expect(Object.values(await serverSchedule(request, token)).flat()).toEqual([]);
});

test('a brand without push offers no reminders: the settings leave them out, their pages say so', async ({
  page,
  request,
}) => {
  const account = await createLearner(request, 'kite-reminders');
  const scheduleCalls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.includes('/schedule')) scheduleCalls.push(sent.url());
  });
  // Kite has no push support, and reminders come only by push.
  await page.goto(`${SECOND_BRAND_APP}/v/`);
  await page.getByLabel('Язык').selectOption('en');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${SECOND_BRAND_APP}/v/courses`);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('link', { name: 'Notifications and reminders' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('News from your school.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Set up reminders' })).toHaveCount(0);

  // An address kept from elsewhere lands on a clear notice, not on a form that could never deliver.
  for (const [path, heading] of [
    ['user/settings/reminders', 'Reminders'],
    ['user/settings/reminders/new', 'New reminder'],
    ['user/settings/reminders/0830', 'Edit reminder'],
  ] as const) {
    await page.goto(`${SECOND_BRAND_APP}/v/${path}`);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This app does not send reminders.');
    await expect(page.getByRole('group', { name: 'Time' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add reminder' })).toHaveCount(0);
  }
  await expectNoSeriousViolations(page, 'a reminder page without reminders');
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/notifications$/);
  expect(scheduleCalls).toEqual([]);
});

test.describe('on an English browser', () => {
  test.use({ locale: 'en-US' });

  test('every interface sets reminder times on a 24-hour clock, as the app shows them', async ({
    page,
    request,
  }) => {
    const account = await createLearner(request, 'reminders-clock');
    await signIn(page, account);
    await expect(page).toHaveURL(/\/v\/home$/);
    for (const { language, label } of [
      { language: 'en', label: 'Time' },
      { language: 'ru', label: 'Время' },
      { language: 'es', label: 'Hora' },
    ]) {
      await page.evaluate((code) => localStorage.setItem('lp_language', code), language);
      await page.goto('./user/settings/reminders/new');
      const time = page.getByRole('group', { name: label });
      await typeTime(time, '19:05');
      expect(await shownText(time)).toBe('19:05');
    }
  });
});
