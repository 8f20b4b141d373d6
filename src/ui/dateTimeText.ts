import { formatDate, knownTimeZone } from '../domain/learning/calendarDates';

/**
 * Moments as the app shows them (content spec, section 9: dates DD.MM.YYYY): the same digits in every
 * language, in the learner's time zone, with the time on a 24-hour clock as HH:MM. The interface
 * language's own date styles ("Nov 26, 2026, 10:55 PM", "26 нояб. 2026 г.") are not used, so that
 * a date reads the same on every page.
 */

/** HH:MM of the instant in the zone (an unknown zone: the runtime's own). */
export function formatTime(ms: number, timeZone?: string | null): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: knownTimeZone(timeZone),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const part = (type: 'hour' | 'minute') =>
    parts.find((p) => p.type === type)?.value.padStart(2, '0') ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/** DD.MM.YYYY HH:MM of the instant in the zone (an unknown zone: the runtime's own). */
export function formatDateTime(ms: number, timeZone?: string | null): string {
  return `${formatDate(ms, timeZone)} ${formatTime(ms, timeZone)}`;
}
