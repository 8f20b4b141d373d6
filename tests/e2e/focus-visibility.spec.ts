import type { Locator, Page } from '@playwright/test';
import { APP, DEMO, SECOND_BRAND_APP, signIn } from './support/helpers';
import { expect, test } from './support/test';

/**
 * Where the keyboard is must show on every brand (WCAG 2.4.7, and 1.4.11's 3:1 for the mark that
 * shows it), and still show in forced colours (Windows' contrast themes), which drop shadows and
 * background fills and draw every border in the text colour.
 */

type Rgba = readonly [number, number, number, number];

/** The ring around the focused control (or the field around a focused segment) and the fills behind it. */
type Ring = { control: string; style: string; width: number; colour: Rgba; fills: Rgba[] };

const WHITE: Rgba = [255, 255, 255, 1];

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(one: Rgba, other: Rgba): number {
  const luminance = ([red, green, blue]: Rgba) => {
    const [r = 0, g = 0, b = 0] = [red, green, blue].map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light = 0, dark = 0] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** The colour `top` paints over the opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const alpha = top[3];
  const mix = (index: 0 | 1 | 2) => top[index] * alpha + bottom[index] * (1 - alpha);
  return [mix(0), mix(1), mix(2), 1];
}

/**
 * Reads the focus ring from the page: the outline of the focused element or, when it draws none (a
 * date field's segment), of the nearest element around it that does; undefined when the focus has
 * left the page's controls. What is behind a ring drawn outside the control is the fill under the
 * control's parent; a ring drawn inside it (a negative offset) lies on the control's own fill. The
 * fills come innermost first, down to the first opaque one.
 */
function focusRing(page: Page): Promise<Ring | 'none' | undefined> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return undefined;
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!canvas) throw new Error('no 2D canvas');
    // The canvas turns any CSS colour (rgb(), color(srgb …), a system colour) into its bytes.
    const rgba = (css: string): [number, number, number, number] => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = css;
      canvas.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = canvas.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    let ringed: Element | null = focused;
    while (ringed && getComputedStyle(ringed).outlineStyle === 'none') ringed = ringed.parentElement;
    if (!ringed) return 'none';
    const style = getComputedStyle(ringed);
    const fills: [number, number, number, number][] = [];
    let under = Number.parseFloat(style.outlineOffset) < 0 ? ringed : ringed.parentElement;
    for (; under; under = under.parentElement) {
      const fill = rgba(getComputedStyle(under).backgroundColor);
      fills.push(fill);
      if (fill[3] === 1) break;
    }
    const text = (focused.textContent ?? '').trim().slice(0, 30);
    return {
      // Fields have no text of their own: their id tells them apart.
      control: `${focused.tagName.toLowerCase()}#${focused.id}.${focused.className} "${text}"`,
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      colour: rgba(style.outlineColor),
      fills,
    };
  });
}

/**
 * Fails unless the focused control shows a solid ring of at least 2px that reads at 3:1 on what is
 * behind it; returns the control, or undefined when the focus has left the page's controls.
 */
async function expectVisibleRing(page: Page, where: string): Promise<string | undefined> {
  const ring = await focusRing(page);
  expect(ring, `${where}: the focused control draws no ring`).not.toBe('none');
  if (ring === 'none' || ring === undefined) return undefined;
  // The page's own canvas is white under everything.
  const behind = ring.fills.reduceRight((bottom, top) => over(top, bottom), WHITE);
  const ratio = contrast(over(ring.colour, behind), behind);
  expect(
    { style: ring.style, wide: ring.width >= 2, readable: ratio >= 3 },
    `${where}: ${ring.control}, ring ${ring.colour} on ${behind} at ${ratio.toFixed(2)}:1`,
  ).toEqual({ style: 'solid', wide: true, readable: true });
  return ring.control;
}

/**
 * Presses Tab until the focus leaves the controls or comes back round, checking the ring at every
 * stop; returns the controls it stopped at.
 */
async function expectRingAtEveryStop(page: Page, where: string): Promise<string> {
  const seen = new Set<string>();
  for (let stop = 0; stop < 60; stop += 1) {
    await page.keyboard.press('Tab');
    const control = await expectVisibleRing(page, where);
    if (control === undefined || seen.has(control)) break;
    seen.add(control);
  }
  return [...seen].join('\n');
}

/** The brand's sign-in page, in English. */
async function openSignIn(page: Page, origin: string) {
  await page.goto(`${origin}/v/`);
  if (origin === SECOND_BRAND_APP) await page.getByLabel('Язык').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
}

async function openCalendar(page: Page) {
  await page.getByRole('link', { name: 'Mindful Movement in 8 Days' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mindful Movement in 8 Days' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Freeze the course' })).toBeEnabled();
}

/** Gives the control the focus from the keyboard, as :focus-visible follows the keyboard. */
async function tabTo(control: Locator) {
  await control.focus();
  await control.page().keyboard.press('Shift+Tab');
  await control.page().keyboard.press('Tab');
  await expect(control).toBeFocused();
}

for (const [brand, origin] of [
  ['Brightpath', APP],
  ['Kite', SECOND_BRAND_APP],
] as const) {
  test(`${brand}: every control the keyboard reaches shows a ring at 3:1, on the calendar and in dialogs`, async ({
    page,
  }) => {
    await openSignIn(page, origin);
    await page.getByRole('button', { name: 'Write to us' }).click();
    const support = page.getByRole('dialog', { name: 'Write to us' });
    await expect(support.getByRole('button', { name: 'Send' })).toBeVisible();
    await tabTo(support.getByRole('button', { name: 'Close' }));
    await expectVisibleRing(page, `${brand} support form`);
    expect(await expectRingAtEveryStop(page, `${brand} support form`)).toContain('textarea');
    await page.keyboard.press('Escape');
    await expect(support).toBeHidden();

    await page.getByLabel('E-mail').fill(DEMO.learner.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.learner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await openCalendar(page);
    // Opened anew, the page's first Tab goes to its first control.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Freeze the course' })).toBeEnabled();
    const onCalendar = await expectRingAtEveryStop(page, `${brand} calendar`);
    for (const control of ['.burger', '"Freeze the course', '"Materials', '"Foundations', '"Day 1'])
      expect(onCalendar).toContain(control);

    await tabTo(page.getByRole('button', { name: 'Freeze the course' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Freeze the course' });
    const firstDay = dialog.getByRole('group', { name: 'First day' }).getByRole('spinbutton').first();
    await firstDay.focus();
    await expectVisibleRing(page, `${brand} freeze dialog`);
    const inDialog = await expectRingAtEveryStop(page, `${brand} freeze dialog`);
    for (const control of ['.date-field__open', '"Cancel"', '"Freeze"']) expect(inDialog).toContain(control);
    // The calendar of a date field, opened from the keyboard: the focus goes to a day.
    await tabTo(dialog.getByRole('group', { name: 'Last day' }).getByRole('button'));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('grid')).toBeVisible();
    await expectVisibleRing(page, `${brand} date picker's day`);
    await page.keyboard.press('ArrowRight');
    await expectVisibleRing(page, `${brand} date picker's next day`);
  });
}

test.describe('in forced colours', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await signIn(page, DEMO.learner);
    await openCalendar(page);
  });

  test('the focus shows on buttons, links and day cards', async ({ page }) => {
    for (const control of [
      page.getByRole('button', { name: 'Freeze the course' }),
      page.getByRole('link', { name: 'Materials', exact: true }),
      page.getByRole('link', { name: /^Day 1/ }),
      page.getByRole('button', { name: 'Menu' }),
    ]) {
      const outline = () => control.evaluate((element) => getComputedStyle(element).outlineStyle);
      await page.getByRole('heading', { level: 1 }).focus();
      expect(await outline()).toBe('none');
      await tabTo(control);
      expect(await outline(), String(control)).toBe('solid');
    }
  });

  test('only the selected tab is underlined', async ({ page }) => {
    const underline = (tab: Locator) =>
      tab.evaluate((element) => {
        // Forced colours keep a fill's alpha: a see-through one stays see-through.
        const seeThrough = (fill: string) => /^rgba\(.*, 0\)$/.test(fill);
        let filled = element.parentElement;
        while (filled && seeThrough(getComputedStyle(filled).backgroundColor)) filled = filled.parentElement;
        return {
          line: getComputedStyle(element).borderBottomColor,
          page: filled ? getComputedStyle(filled).backgroundColor : 'none',
        };
      });
    const selected = await underline(page.getByRole('tab', { selected: true }));
    const other = await underline(page.getByRole('tab', { selected: false }).first());
    // The unselected tab's line is in the colour of the page behind it, the selected one's is not.
    expect(other.line).toBe(other.page);
    expect(selected.line).not.toBe(selected.page);
  });

  test('the burger shows its lines and the progress bar its value', async ({ page }) => {
    const burger = page.getByRole('button', { name: 'Menu' });
    const lines = burger.locator('span');
    const withLines = await burger.screenshot();
    await lines.evaluate((icon: HTMLElement) => {
      icon.style.visibility = 'hidden';
    });
    expect(withLines.equals(await burger.screenshot()), 'the burger is an empty box').toBe(false);

    const bar = page.getByRole('progressbar', { name: 'Course progress' });
    expect(Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
    const withValue = await bar.screenshot();
    await bar.evaluate((progress: HTMLProgressElement) => {
      progress.value = 0;
    });
    expect(withValue.equals(await bar.screenshot()), 'the progress bar shows no value').toBe(false);
  });
});
