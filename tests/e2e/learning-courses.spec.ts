import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { dateIn, shownText, typeDate } from './support/dateFields';
import { APP, DEMO, signIn, tokenOf } from './support/helpers';
import { test } from './support/test';

/**
 * My courses, the calendar and the freeze, as the demo learner meets them: the seed gives them a
 * stream in every status (open with progress, a demo with locked days, not started, ended, frozen,
 * stopped).
 */

const DATE = String.raw`\d{2}\.\d{2}\.\d{4}`;

// The browser speaks English: the interface language, not the browser's, decides how dates read.
test.use({ locale: 'en-US' });

/** The card of a course in the open tab of my courses. */
const card = (page: Page, title: string) =>
  page
    .getByRole('tabpanel')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title }) });

/** Where the card of a course in the open tab of my courses links to: its calendar. */
const calendarHref = (page: Page, title: string) =>
  card(page, title).getByRole('link', { name: title }).getAttribute('href');

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

async function titlesInTab(page: Page) {
  return page.getByRole('tabpanel').getByRole('heading', { level: 2 }).allTextContents();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
});

test('my courses shows each tab’s streams with their access', async ({ page }) => {
  await expect(page.getByRole('tab', { name: 'Current', selected: true })).toBeVisible();
  expect(await titlesInTab(page)).toEqual(['Mindful Movement in 8 Days', 'Desk Stretches']);
  await expect(card(page, 'Mindful Movement in 8 Days').getByText(/^\d+ days of access left$/)).toBeVisible();
  await expect(card(page, 'Desk Stretches').getByText('Demo', { exact: true })).toBeVisible();
  // A demo never ends: no days left counted down to an end, and no warning of one.
  await expect(card(page, 'Desk Stretches').getByText('Demo access', { exact: true })).toBeVisible();

  await openTab(page, 'Active');
  expect(await titlesInTab(page)).toEqual(
    expect.arrayContaining(['Mindful Movement in 8 Days', 'Desk Stretches', 'Evening Yoga', 'Core Strength']),
  );
  await expect(card(page, 'Evening Yoga').getByText('Starts in 5 days')).toBeVisible();
  await expect(card(page, 'Core Strength').getByText(new RegExp(`^Frozen until ${DATE}$`))).toBeVisible();

  await openTab(page, 'Ended');
  expect(await titlesInTab(page)).toEqual(['Running Form', 'Mobility Club']);
  await expect(card(page, 'Running Form').getByText(new RegExp(`^Access ended on ${DATE}$`))).toBeVisible();
  // Stopped with its subscription, long before its end date: the line names no date still to come.
  await expect(card(page, 'Mobility Club').getByText('Access stopped', { exact: true })).toBeVisible();

  // The access-ended page replaces the calendar of a stopped stream.
  await card(page, 'Mobility Club').getByRole('link', { name: 'Mobility Club' }).click();
  const ouch = page.getByRole('heading', { name: 'Ouch! You have run out of access :(' });
  await expect(ouch).toBeVisible();
  await expect(page.getByText('Extend the course to resume access.')).toBeVisible();
  await expect(page).toHaveTitle(/^Ouch! You have run out of access :\( — /);
  // However narrow the heading, its emoticon stays whole on one line.
  await ouch.evaluate((heading) => {
    heading.style.width = '5em';
  });
  const lineTops = await ouch.evaluate((heading) => {
    const range = document.createRange();
    range.setStart(heading.lastChild?.firstChild ?? heading, 0);
    range.setEndAfter(heading.lastChild ?? heading);
    return [...range.getClientRects()].map((rect) => Math.round(rect.top));
  });
  expect(new Set(lineTops).size).toBe(1);
  // Back, my courses shows the tab the learner came from (a reload would too); a new visit starts
  // on the first again.
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Ended', selected: true })).toBeVisible();
  expect(await titlesInTab(page)).toEqual(['Running Form', 'Mobility Club']);
  await page.goto('./courses');
  await expect(page.getByRole('tab', { name: 'Current', selected: true })).toBeVisible();

  // The Russian tab names are the longest: on a 320 px phone every tab still shows whole, none hidden
  // beyond the row's edge, the keyboard reaches each one, and the page does not scroll sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.evaluate(() => localStorage.setItem('lp_language', 'ru'));
  await page.goto('./courses');
  const tabs = page.getByRole('tablist', { name: 'Списки курсов' }).getByRole('tab');
  await expect(tabs).toHaveText(['Текущие', 'Активные', 'Завершённые']);
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await tabs.first().focus();
  for (const name of ['Активные', 'Завершённые']) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name, selected: true })).toBeFocused();
  }
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});

test('the calendar shows the days’ states and locks a demo’s days', async ({ page }) => {
  await card(page, 'Mindful Movement in 8 Days')
    .getByRole('link', { name: 'Mindful Movement in 8 Days' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mindful Movement in 8 Days' })).toBeVisible();
  const days = page.getByRole('listitem').filter({ hasText: /^Day \d/ });
  await expect(days.filter({ hasText: 'Day 1' })).toContainText('Done');
  await expect(days.filter({ hasText: 'Day 2' })).toContainText('Done');
  await expect(page.locator('[aria-current="step"]')).toContainText('Pass now');
  await expect(page.getByText('Rest day').first()).toBeVisible();
  // The next stage's first day opens a day after the current one, less the hour the stream began
  // past: within a day it counts the hours (its date would say little); the day after it names a date.
  await page.getByRole('tab').nth(1).click();
  await expect(days.filter({ hasText: 'Day 5' })).toContainText(/Opens in 2[23] hours$/);
  await expect(days.filter({ hasText: 'Day 6' })).toContainText(/Closed until \d\d\.\d\d\.\d{4}$/);
  // The course is complete without its seventh day, and says so; the others are required.
  await expect(days.filter({ hasText: 'Optional' })).toHaveCount(1);
  await expect(days.filter({ hasText: 'Day 7' })).toContainText('Day 7 Optional');
  await page.getByRole('tab').first().click();

  // "Show finished days" is kept on the stream: the calendar opens without them next time.
  const saved = page.waitForResponse((response) => response.url().includes('/filters') && response.ok());
  await page.getByRole('checkbox', { name: 'Show finished days' }).uncheck();
  await expect(days.filter({ hasText: 'Done' })).toHaveCount(0);
  await saved;
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Show finished days' })).not.toBeChecked();
  // Kept again before the page is left: the stories after this one open the calendar with them.
  const shownAgain = page.waitForResponse((response) => response.url().includes('/filters') && response.ok());
  await page.getByRole('checkbox', { name: 'Show finished days' }).check();
  await expect(days.filter({ hasText: 'Done' }).first()).toBeVisible();
  await shownAgain;

  // The menu's "My courses" leads to this calendar, the section's last page: the calendar's own link
  // leads to the list.
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'My courses' }).first(),
  ).toHaveAttribute('href', /\/calendar$/);
  await page.getByRole('link', { name: 'Back to my courses' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await card(page, 'Desk Stretches').getByRole('link', { name: 'Desk Stretches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Desk Stretches' })).toBeVisible();
  const locked = page.getByRole('listitem').filter({ hasText: 'Locked in the demo' });
  await expect(locked).toHaveCount(2);
  // A locked day is not a link to its page; the open first day is.
  await expect(locked.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Day 1/ })).toBeVisible();
});

test('the calendar fits a 320 px phone in Spanish, whose progress label is the longest', async ({ page }) => {
  const calendar = await calendarHref(page, 'Mindful Movement in 8 Days');
  await page.setViewportSize({ width: 320, height: 640 });
  await page.evaluate(() => localStorage.setItem('lp_language', 'es'));
  await page.goto(calendar ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'Mindful Movement in 8 Days' })).toBeVisible();
  // The calendar scrolls down to today's day, so the label's edge is measured, not its visibility.
  const progress = page.getByText(/^\d+\s% completado$/);
  await expect(progress).toBeVisible();
  expect(await progress.evaluate((label) => label.getBoundingClientRect().right)).toBeLessThanOrEqual(320);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});

test('the browser’s Back closes the freeze dialog, and a dialog its own button closed leaves no entry', async ({
  page,
}) => {
  await card(page, 'Mindful Movement in 8 Days')
    .getByRole('link', { name: 'Mindful Movement in 8 Days' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mindful Movement in 8 Days' })).toBeVisible();
  const freeze = page.getByRole('button', { name: 'Freeze the course' });
  const dialog = page.getByRole('dialog', { name: 'Freeze the course' });
  await freeze.click();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/calendar\?dialog=freeze$/);
  // Back closes the dialog and stays on the calendar, the focus back on the button that opened it.
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(freeze).toBeFocused();
  // Forward onto its entry opens it again, as a reload of that address would; Back closes it again.
  await page.goForward();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/calendar\?dialog=freeze$/);
  await page.goBack();
  await expect(dialog).toBeHidden();
  // Closed by its Cancel, the dialog takes its entry with it: Back then leaves the calendar.
  await freeze.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/calendar$/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('Forward onto the freeze dialog’s entry, once the course can no longer be frozen, drops its name', async ({
  page,
}) => {
  // The page's clock runs as the real one until the test moves it past the course's end.
  await page.clock.install();
  await page.goto(
    (await calendarHref(page, 'Mindful Movement in 8 Days')) ?? 'the course has no calendar link',
  );
  const freeze = page.getByRole('button', { name: 'Freeze the course' });
  const dialog = page.getByRole('dialog', { name: 'Freeze the course' });
  await freeze.click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/calendar$/);
  // Ten years on, the stream has ended: no freeze is offered, so Forward opens nothing and the
  // address stops naming the dialog (a reload would otherwise ask for it again).
  await page.clock.setSystemTime(Date.now() + 10 * 365 * 86_400_000);
  await page.goForward();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(dialog).toHaveCount(0);
});

test('a first visit to a calendar scrolls to the day to do today only when it is out of view', async ({
  page,
}) => {
  const calendar = await calendarHref(page, 'Mindful Movement in 8 Days');
  const today = page.locator('[aria-current="step"]');
  // A phone that shows today's day at once: the page stays at its top, the way back above it.
  await page.setViewportSize({ width: 390, height: 1000 });
  await page.goto(calendar ?? '');
  await expect(today).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('link', { name: 'Back to my courses' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // One too short for it (another tab: the position this one keeps is not a first visit's).
  const short = await page.context().newPage();
  await short.setViewportSize({ width: 390, height: 360 });
  await short.goto(calendar ?? '');
  await expect(short.locator('[aria-current="step"]')).toBeInViewport({ ratio: 1 });
  expect(await short.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test('on a phone the freeze dialog’s buttons take a row each, the freeze on top', async ({ page }) => {
  const calendar = await calendarHref(page, 'Mindful Movement in 8 Days');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => localStorage.setItem('lp_language', 'ru'));
  await page.goto((calendar ?? '').replace(/\/calendar$/, '/freeze'));
  const dialog = page.getByRole('dialog', { name: 'Заморозить курс' });
  const freeze = await dialog.getByRole('button', { name: 'Заморозить', exact: true }).boundingBox();
  const cancel = await dialog.getByRole('button', { name: 'Отменить' }).boundingBox();
  if (!freeze || !cancel) throw new Error('the dialog has no buttons');
  expect(freeze.y + freeze.height).toBeLessThanOrEqual(cancel.y);
  expect(freeze.width).toBe(cancel.width);
  expect(freeze.x).toBe(cancel.x);
});

test('at 200 % zoom the freeze dialog’s calendar stays inside its box, its last week in reach', async ({
  page,
}) => {
  // A 1280 × 900 window at 200 %: around its field the calendar has less room than a month needs.
  const calendar = await calendarHref(page, 'Mindful Movement in 8 Days');
  await page.setViewportSize({ width: 640, height: 450 });
  await page.goto((calendar ?? '').replace(/\/calendar$/, '/freeze'));
  const dialog = page.getByRole('dialog', { name: 'Freeze the course' });
  await dialog.getByRole('group', { name: 'Last day' }).getByRole('button').click();
  await expect(page.getByRole('grid')).toBeVisible();
  const popover = page.locator('.date-picker');
  const lastDay = page.getByRole('grid').locator('td:not(:has([data-outside-month]))').last();
  const box = await popover.boundingBox();
  const day = await lastDay.boundingBox();
  if (!box || !day) throw new Error('the calendar is not drawn');
  // What does not fit is out of sight: just past the box, under the last week, the page shows what
  // is under the calendar, not the week.
  const pastTheBox = { x: day.x + day.width / 2, y: box.y + box.height + 1 };
  const drawnPast = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('.date-picker') != null,
    pastTheBox,
  );
  expect(drawnPast, 'the calendar draws past its box').toBe(false);
  // And it is in reach: scrolled to, the last week lies inside the box.
  await lastDay.scrollIntoViewIfNeeded();
  const scrolled = await lastDay.boundingBox();
  expect((scrolled?.y ?? 0) + (scrolled?.height ?? 0)).toBeLessThanOrEqual(box.y + box.height);
});

test('the calendar asks for its course and days without waiting for the stream’s answer', async ({
  page,
  context,
}) => {
  // The start lists already name the stream's course, so its reads go out beside the stream's.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(
    (url) => /\/spa\/api\/v1\/user-course-streams\/\d+$/.test(url.pathname),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const asked = (path: RegExp) =>
    page.waitForRequest((request) => path.test(new URL(request.url()).pathname));
  const course = asked(/\/spa\/api\/v1\/courses\/\d+$/);
  const days = asked(/\/spa\/api\/v1\/courses\/\d+\/days$/);
  await card(page, 'Mindful Movement in 8 Days')
    .getByRole('link', { name: 'Mindful Movement in 8 Days' })
    .click();
  await Promise.all([course, days]);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Mindful Movement in 8 Days' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Day 1' })).toContainText('Done');
});

test('the old day path, which names the day by id, leads to that day’s number, or says the day is gone', async ({
  page,
}) => {
  // The session cookie the app keeps lets the test read the ids the old path needs.
  const api = async <T>(path: string) => {
    const response = await page.request.get(`${APP}/spa/api/v1${path}`);
    expect(response.ok(), path).toBe(true);
    return ((await response.json()) as { data: T }).data;
  };
  const courses = await api<{ id: number; title: string }[]>('/courses?per-page=100');
  const course = courses.find((item) => item.title === 'Mindful Movement in 8 Days');
  const streams = await api<{ id: number; course_id: number }[]>('/user-course-streams?per-page=100');
  const stream = streams.find((item) => item.course_id === course?.id);
  const [stage] = await api<{ id: number; days: number[] }[]>(`/courses/${course?.id}/stages`);
  const secondDayId = stage?.days[1];
  await page.goto(`./course/${stream?.id}/stages/${stage?.id}/days/${secondDayId}`);
  await expect(page).toHaveURL(new RegExp(`/course/${stream?.id}/calendar/2$`));

  // A day the course does not have (an old link to a day since removed): its calendar, saying why.
  await page.goto(`./course/${stream?.id}/stages/${stage?.id}/days/2147483647`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mindful Movement in 8 Days' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The day this link leads to' })).toHaveText(
    'The day this link leads to is not in this course. Here is the course calendar.',
  );
  await expect(page.getByRole('listitem').filter({ hasText: 'Day 1' })).toBeVisible();
});

test('the learner unfreezes a frozen course and freezes it again', async ({ page }) => {
  await openTab(page, 'Active');
  await card(page, 'Core Strength').getByRole('link', { name: 'Core Strength' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Core Strength' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Frozen until ${DATE}$`))).toBeVisible();
  const calendarUrl = page.url();
  // While frozen, no day is there to do: each waits for the day after the freeze.
  const days = page.getByRole('listitem').filter({ hasText: /^Day \d/ });
  await expect(days.filter({ hasText: new RegExp(`Closed until ${DATE}`) }).first()).toBeVisible();
  await expect(days.filter({ hasText: /Pass now|Available/ })).toHaveCount(0);

  // Opened from the keyboard and closed with Escape, the confirmation gives focus back to its button.
  const unfreeze = page.getByRole('button', { name: 'Unfreeze the course' });
  const confirm = page.getByRole('dialog', { name: 'Unfreeze the course?' });
  await expect(unfreeze).toBeEnabled();
  await unfreeze.focus();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(unfreeze).toBeFocused();

  await unfreeze.click();
  await expect(confirm).toBeVisible();
  await expectNoSeriousViolations(page, 'unfreeze confirmation');
  await confirm.getByRole('button', { name: 'Unfreeze' }).click();
  await expect(confirm).toBeHidden();
  // The new access is announced where it shows, while the focus stays on the button.
  await expect(page.getByRole('status').filter({ hasText: /^\d+ days of access left$/ })).toBeVisible();
  // The button that opened the confirmation now offers the freeze, and keeps the focus.
  await expect(page.getByRole('button', { name: 'Freeze the course' })).toBeFocused();
  // From the keyboard the dialog opens on its first day, which takes the focus first: nothing in the
  // dialog had it before (a screen reader would announce both).
  await page.evaluate(() => {
    const focused: string[] = [];
    (window as unknown as { focusedInDialog: string[] }).focusedInDialog = focused;
    document.addEventListener('focusin', (event) => {
      const target = event.target as HTMLElement;
      if (target.closest('dialog')) focused.push(target.getAttribute('role') ?? target.tagName);
    });
  });
  await page.keyboard.press('Enter');
  const opened = page.getByRole('dialog', { name: 'Freeze the course' });
  await expect(
    opened.getByRole('group', { name: 'First day' }).getByRole('spinbutton').first(),
  ).toBeFocused();
  expect(
    await page.evaluate(() => (window as unknown as { focusedInDialog: string[] }).focusedInDialog),
  ).toEqual(['spinbutton']);
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();

  // On an English browser (en-US: month first) every interface shows the days as DD.MM.YYYY, as the
  // app's other dates are (British English and Spanish would put slashes between the parts), and the
  // calendar with the language's month names.
  for (const { language, label, monthName } of [
    {
      language: 'en',
      label: 'First day',
      monthName:
        /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
    },
    {
      language: 'ru',
      label: 'Первый день',
      monthName: /^(январь|февраль|март|апрель|май|июнь|июль|август|сентябрь|октябрь|ноябрь|декабрь) \d{4}/i,
    },
    {
      language: 'es',
      label: 'Primer día',
      monthName:
        /^(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}$/i,
    },
  ]) {
    await page.evaluate((code) => localStorage.setItem('lp_language', code), language);
    await page.goto(calendarUrl.replace(/\/calendar$/, '/freeze'));
    const field = page.getByRole('group', { name: label });
    const [year, month, day] = (await dateIn(field)).split('-');
    expect(await shownText(field)).toBe([day, month, year].join('.'));
    await field.getByRole('button').click();
    await expect(page.getByRole('heading', { name: monthName })).toBeVisible();
    // Escape closes the calendar, not the dialog around it.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: monthName })).toBeHidden();
    await expect(field).toBeVisible();
  }
  await page.evaluate(() => localStorage.setItem('lp_language', 'en'));

  // The freeze path opens the dialog over the calendar.
  await page.goto(calendarUrl.replace(/\/calendar$/, '/freeze'));
  const dialog = page.getByRole('dialog', { name: 'Freeze the course' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/calendar\?dialog=freeze$/);
  // The date fields load with the dialog: check it once they are there, and with a calendar open.
  await expect(dialog.getByRole('group', { name: 'First day' })).toBeVisible();
  await expectNoSeriousViolations(page, 'freeze dialog');
  const firstDay = await dateIn(dialog.getByRole('group', { name: 'First day' }));
  await dialog.getByRole('group', { name: 'Last day' }).getByRole('button').click();
  await expect(page.getByRole('grid')).toBeVisible();
  await expectNoSeriousViolations(page, 'freeze calendar');
  // The last day's calendar offers only days after the first: it opens on the first it offers.
  const dayAfterFirst = new Date(Date.parse(`${firstDay}T00:00:00Z`) + 86_400_000);
  const focusedDay = page.getByRole('grid').locator('[data-focused]');
  await expect(focusedDay).toHaveText(String(dayAfterFirst.getUTCDate()));
  await page.keyboard.press('ArrowLeft');
  await expect(focusedDay).toHaveText(String(dayAfterFirst.getUTCDate()));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('grid')).toBeHidden();
  // The last day must come after the first: the dialog says so before asking the server.
  await typeDate(dialog.getByRole('group', { name: 'Last day' }), firstDay);
  await dialog.getByRole('button', { name: 'Freeze', exact: true }).click();
  await expect(dialog.getByText('The freeze must end after it starts')).toBeVisible();
  // The focus goes to the field to fix, which says what is wrong with it.
  const lastDayPart = dialog.getByRole('group', { name: 'Last day' }).getByRole('spinbutton').first();
  await expect(lastDayPart).toBeFocused();
  await expect(lastDayPart).toHaveAccessibleDescription(/The freeze must end after it starts/);
  const lastDay = new Date(Date.parse(`${firstDay}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
  await typeDate(dialog.getByRole('group', { name: 'Last day' }), lastDay);
  await dialog.getByRole('button', { name: 'Freeze', exact: true }).click();
  await expect(dialog).toBeHidden();
  const [year, month, day] = lastDay.split('-');
  await expect(page.getByText(`Frozen until ${day}.${month}.${year}`)).toBeVisible();
  // Frozen from today: the days close until the day after the freeze's last one.
  const [nextYear, nextMonth, nextDay] = new Date(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10)
    .split('-');
  await expect(
    days.filter({ hasText: `Closed until ${nextDay}.${nextMonth}.${nextYear}` }).first(),
  ).toBeVisible();
  await expect(days.filter({ hasText: /Pass now|Available/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\/calendar$/);
  // No control opened this dialog: the focus goes to the one that now undoes the freeze.
  await expect(page.getByRole('button', { name: 'Unfreeze the course' })).toBeFocused();

  await page.goto('./courses');
  await openTab(page, 'Active');
  await expect(card(page, 'Core Strength').getByText(`Frozen until ${day}.${month}.${year}`)).toBeVisible();
});

/**
 * Opens the freeze route of the open course and waits for its dialog; `later(n)` is the calendar day
 * n days after the dialog's today (its first day's default), as the date fields take it.
 */
async function openFreezeRoute(page: Page) {
  const calendar = (await calendarHref(page, 'Mindful Movement in 8 Days')) ?? '';
  await page.goto(calendar.replace(/\/calendar$/, '/freeze'));
  const dialog = page.getByRole('dialog', { name: 'Freeze the course' });
  await expect(dialog.getByRole('group', { name: 'First day' })).toBeVisible();
  const today = await dateIn(dialog.getByRole('group', { name: 'First day' }));
  const later = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return { dialog, later, streamId: /\/course\/(\d+)\//.exec(calendar)?.[1] };
}

test('a freeze planned for later shows its dates, and is called off before it starts', async ({ page }) => {
  const { dialog, later } = await openFreezeRoute(page);
  const shown = (isoDate: string) => isoDate.split('-').reverse().join('.');
  await typeDate(dialog.getByRole('group', { name: 'First day' }), later(2));
  await typeDate(dialog.getByRole('group', { name: 'Last day' }), later(4));
  await dialog.getByRole('button', { name: 'Freeze', exact: true }).click();
  await expect(dialog).toBeHidden();

  // Until it starts the course stays open, and the calendar says what is coming.
  const dates = `from ${shown(later(2))} to ${shown(later(4))}`;
  await expect(page.getByText(`A freeze is planned ${dates}.`)).toBeVisible();
  await expect(page.getByText(/^\d+ days of access left$/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the planned freeze' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel the planned freeze?' });
  await expect(confirm).toContainText(`The course will not be frozen ${dates}`);
  await expectNoSeriousViolations(page, 'planned freeze confirmation');
  await confirm.getByRole('button', { name: 'Cancel the freeze' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/A freeze is planned/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Freeze the course' })).toBeFocused();
});

test('a freeze refused because another device planned one shows that freeze once the dialog closes', async ({
  page,
  request,
}) => {
  const { dialog, later, streamId } = await openFreezeRoute(page);
  // Meanwhile, on another device, the learner plans a freeze.
  const headers = { Authorization: `Bearer ${await tokenOf(request, DEMO.learner)}` };
  const planned = await request.post(
    `${APP}/spa/api/v1/user-course-streams/${streamId}/freeze/create?lang=en`,
    {
      headers,
      data: { start_date: later(5), end_date: later(6) },
    },
  );
  expect(planned.status()).toBe(200);
  await typeDate(dialog.getByRole('group', { name: 'Last day' }), later(3));
  await dialog.getByRole('button', { name: 'Freeze', exact: true }).click();
  await expect(dialog).toContainText('The course already has a freeze. Cancel it to plan another.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // The page reads the stream again: the planned freeze shows, with the way to call it off.
  await expect(page.getByText(/^A freeze is planned from /)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the planned freeze' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel the planned freeze?' });
  await confirm.getByRole('button', { name: 'Cancel the freeze' }).click();
  await expect(page.getByText(/A freeze is planned/)).toHaveCount(0);
});

// The app's service worker answers a failed read with its kept copy: these pages must really fail and wait.
test.describe('without the service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a “Try again” pressed with the keyboard hands the focus to the calendar’s heading once it loads', async ({
    page,
  }) => {
    const calendar = await calendarHref(page, 'Mindful Movement in 8 Days');
    const stages = '**/spa/api/v1/courses/*/stages?*';
    await page.route(stages, (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto(calendar ?? '');
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.focus();
    await page.unroute(stages);
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1, name: 'Mindful Movement in 8 Days' });
    await expect(page.getByRole('link', { name: /Day 1/ })).toBeVisible();
    // The button went with the error: the focus goes to the page's heading, not back to the top.
    await expect(heading).toBeFocused();
  });

  test('a day that cannot load or does not exist keeps a heading naming it', async ({ page }) => {
    const calendar = await calendarHref(page, 'Mindful Movement in 8 Days');
    await page.route('**/spa/api/v1/courses/*/days?*', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto(`${calendar}/1`);
    await expect(page.getByText('Failed to load the day.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Day 1' })).toBeVisible();
    await page.unroute('**/spa/api/v1/courses/*/days?*');
    await page.goto(`${calendar}/99`);
    await expect(page.getByText('This course has no day 99.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Day 99' })).toBeVisible();
    await page.goto(`${calendar}/abc`);
    await expect(page.getByText('This course has no such day.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
