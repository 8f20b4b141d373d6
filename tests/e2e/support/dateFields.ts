import type { Locator } from '@playwright/test';

/**
 * The app's date and time fields are groups of segments (day, month, year; hour, minute, AM/PM), in
 * the interface language's order. These type into them as a person does: click the first segment,
 * then type each segment's digits in the order the field shows them (a full segment moves on).
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The segments a person types into, with what each holds ("month", "hour", "dayPeriod"…). */
async function segmentTypes(field: Locator): Promise<string[]> {
  const segments = field.locator('[data-type]:not([data-type="literal"])');
  // The fields load after their form: wait for them before reading what they hold.
  await segments.first().waitFor();
  return segments.evaluateAll((segments) =>
    segments.map((segment) => segment.getAttribute('data-type') ?? ''),
  );
}

async function typeSegments(field: Locator, text: Record<string, string>): Promise<void> {
  const types = await segmentTypes(field);
  await field.locator('[data-type]:not([data-type="literal"])').first().click();
  for (const type of types) await field.page().keyboard.type(text[type] ?? '');
}

/** Types a day ("YYYY-MM-DD") into a date field. */
export async function typeDate(field: Locator, day: string): Promise<void> {
  const [year = '', month = '', date = ''] = day.split('-');
  await typeSegments(field, { year, month, day: date });
}

/** Types a time of day ("HH:MM", 24-hour) into a time field, on a 12-hour clock if it has one. */
export async function typeTime(field: Locator, time: string): Promise<void> {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const twelveHour = (await segmentTypes(field)).includes('dayPeriod');
  await typeSegments(field, {
    hour: pad(twelveHour ? hour % 12 || 12 : hour),
    minute: pad(minute),
    dayPeriod: hour < 12 ? 'a' : 'p',
  });
}

/** The day a date field holds, "YYYY-MM-DD" (its segments say their values to screen readers). */
export async function dateIn(field: Locator): Promise<string> {
  const value = (type: string) =>
    field
      .locator(`[data-type="${type}"]`)
      .getAttribute('aria-valuenow')
      .then((now) => Number(now));
  const [year, month, day] = await Promise.all([value('year'), value('month'), value('day')]);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** What the field shows, without the invisible marks that keep its segments in reading order. */
export const shownText = (field: Locator): Promise<string> =>
  field.evaluate((element) => (element.textContent ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '').trim());
