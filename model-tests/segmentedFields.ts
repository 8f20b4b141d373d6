import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * The date and time fields are groups of segments (day, month, year; hour, minute, AM/PM) in the
 * interface language's order. A person types each segment's digits in the order shown (a full
 * segment moves on) and clears one with Backspace; a screen reader reads each segment's value.
 */

const pad = (value: number) => String(value).padStart(2, '0');

const segmentsOf = (field: HTMLElement) => [
  ...field.querySelectorAll<HTMLElement>('[data-type]:not([data-type="literal"])'),
];

/** The labelled group of segments, or null when the label names none (a fieldset is a group too). */
export const segmentedField = (label: string): HTMLElement | null =>
  screen.queryAllByRole('group', { name: label }).find((group) => segmentsOf(group).length > 0) ?? null;

/** What the field holds as the machines keep it ("YYYY-MM-DD", "HH:MM"), '' while a segment is empty. */
export function segmentedValue(field: HTMLElement): string {
  const segments = segmentsOf(field);
  if (segments.some((segment) => segment.hasAttribute('data-placeholder'))) return '';
  const value = (type: string) =>
    Number(field.querySelector(`[data-type="${type}"]`)?.getAttribute('aria-valuenow'));
  if (segments.some((segment) => segment.dataset.type === 'year'))
    return `${value('year')}-${pad(value('month'))}-${pad(value('day'))}`;
  // On a 12-hour clock the hour reads 1 to 12 and AM/PM reads 0 or 1.
  const twelveHour = segments.some((segment) => segment.dataset.type === 'dayPeriod');
  const hour = twelveHour ? (value('hour') % 12) + 12 * value('dayPeriod') : value('hour');
  return `${pad(hour)}:${pad(value('minute'))}`;
}

/** Types a wire value into the field, or clears every segment for ''. */
export async function typeSegments(user: UserEvent, field: HTMLElement, value: string): Promise<void> {
  const segments = segmentsOf(field);
  if (value === '') {
    for (const segment of segments) {
      await user.click(segment);
      while (!segment.hasAttribute('data-placeholder')) await user.keyboard('{Backspace}');
    }
    return;
  }
  const [year = '', month = '', day = ''] = value.split('-');
  const [hour = 0, minute = 0] = value.split(':').map(Number);
  const twelveHour = segments.some((segment) => segment.dataset.type === 'dayPeriod');
  const text: Record<string, string> = {
    year,
    month,
    day,
    hour: pad(twelveHour ? hour % 12 || 12 : hour),
    minute: pad(minute),
    dayPeriod: hour < 12 ? 'a' : 'p',
  };
  await user.click(segments[0] as HTMLElement);
  for (const segment of segments) await user.keyboard(text[segment.dataset.type ?? ''] ?? '');
}
