import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { presetOf, type ReminderPreset, type Weekday } from '../../../domain/reminders';

/** How the reminders screens name repeats and weekdays. */

export const PRESET_LABELS = {
  daily: msg`Daily`,
  weekdays: msg`Weekdays`,
  weekend: msg`Weekend`,
  custom: msg`Custom`,
} as const satisfies Record<ReminderPreset, ReturnType<typeof msg>>;

/** 1 January 2024 was a Monday: ISO weekday n is that date plus n − 1 days. */
const dateOfWeekday = (day: Weekday) => new Date(Date.UTC(2024, 0, day, 12));

export const weekdayName = (locale: string, day: Weekday, width: 'long' | 'short') =>
  new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(dateOfWeekday(day));

/** "Weekdays", or the days themselves ("Mon, Wed, Fri") for a custom repeat. */
export function repeatText(i18n: I18n, days: readonly Weekday[]): string {
  const preset = presetOf(days);
  if (preset !== 'custom') return i18n._(PRESET_LABELS[preset]);
  return new Intl.ListFormat(i18n.locale, { style: 'short', type: 'unit' }).format(
    days.map((day) => weekdayName(i18n.locale, day, 'short')),
  );
}
