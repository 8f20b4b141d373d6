import { type CalendarDate, parseDate, parseTime, type Time } from '@internationalized/date';

/**
 * The fields below edit the wire values the machines keep: a day as "YYYY-MM-DD" and a time of day
 * as "HH:MM", with "" for nothing entered. Anything else reads as an empty field.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

function parsed<T>(text: string, pattern: RegExp, parse: (text: string) => T): T | null {
  if (!pattern.test(text)) return null;
  try {
    return parse(text);
  } catch {
    // Well-shaped but impossible (a 31st of February, 25:00).
    return null;
  }
}

export const dayOf = (key: string): CalendarDate | null => parsed(key, DAY, parseDate);

/** A CalendarDate's toString() is already "YYYY-MM-DD". */
export const dayKeyOf = (day: CalendarDate | null): string => day?.toString() ?? '';

export const timeOf = (key: string): Time | null => parsed(key, TIME, parseTime);

const pad = (value: number) => String(value).padStart(2, '0');

/** Hours and minutes only: a Time's toString() adds seconds. */
export const timeKeyOf = (time: Time | null): string =>
  time === null ? '' : `${pad(time.hour)}:${pad(time.minute)}`;
