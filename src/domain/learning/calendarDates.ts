/**
 * Calendar days in the learner's time zone, one module for the app and the server alike. Shown
 * dates read DD.MM.YYYY (content spec, section 9); the freeze call takes calendar days `YYYY-MM-DD`
 * (a `DateKey`) in the learner's time zone, and the server turns them into the moments those days
 * start there. Day keys compare as the UTC midnight of the calendar day they name, so two keys
 * compare like their days whatever the time zone.
 */

export type DateKey = string;

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day a `YYYY-MM-DD` key names; null for anything else, an impossible date included. */
export function parseDateKey(key: DateKey): CalendarDay | null {
  const match = DATE_KEY.exec(key);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? { year, month, day } : null;
}

/** The UTC midnight of a `YYYY-MM-DD` day; null for anything else, an impossible date included. */
export function dateKeyToMs(key: DateKey): number | null {
  const day = parseDateKey(key);
  return day === null ? null : Date.UTC(day.year, day.month - 1, day.day);
}

/**
 * The zone when the runtime knows it (a stored zone may predate the runtime's list), else undefined:
 * the caller picks the fallback (the app the browser's own zone, the server UTC).
 */
export function knownTimeZone(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  try {
    wallClockFormat(name);
    return name;
  } catch {
    return undefined;
  }
}

/**
 * One formatter per zone, made on first use: making one costs about a tenth of a millisecond, and a
 * calendar formats a date for each of its days. Only zones the runtime knows are kept (an unknown
 * one throws before it is stored), so there are at most as many as the runtime has zones. The
 * runtime's own zone (undefined) is the one it had at first use.
 */
const wallClockFormats = new Map<string | undefined, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` (undefined: the runtime's own) at the instant. */
export function wallClock(ms: number, timeZone: string | undefined) {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** The calendar day the instant falls on in the zone (an unknown zone: the runtime's own). */
export function today(ms: number, timeZone?: string | null): CalendarDay {
  const { year, month, day } = wallClock(ms, knownTimeZone(timeZone));
  return { year, month, day };
}

export function nextDay(day: CalendarDay): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instant / 1000) * 1000;
}

/** The moment (ms) `day` starts in the zone; the offset is taken again at that moment for DST changes. */
export function startOfDay(day: CalendarDay, timeZone: string): number {
  const midnightUtc = Date.UTC(day.year, day.month - 1, day.day);
  const first = midnightUtc - zoneOffset(midnightUtc, timeZone);
  return midnightUtc - zoneOffset(first, timeZone);
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** A calendar day as its key, YYYY-MM-DD. */
export const dateKeyOfDay = ({ year, month, day }: CalendarDay): DateKey =>
  `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

/** The day `days` after (or before, when negative) a `YYYY-MM-DD` day; undefined for anything else. */
export function shiftDateKey(key: DateKey, days: number): DateKey | undefined {
  const ms = dateKeyToMs(key);
  if (ms === null) return undefined;
  const date = new Date(ms + days * 86_400_000);
  return dateKeyOfDay({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/** The calendar day (YYYY-MM-DD) the instant falls on in the learner's time zone. */
export const dateKeyOf = (ms: number, timeZone?: string | null): DateKey => dateKeyOfDay(today(ms, timeZone));

/**
 * The moment the calendar day after the instant's day starts in the zone (an unknown zone: the
 * runtime's own): when something that lasts through a whole day, as a freeze its end date, is over.
 */
export function startOfNextDay(ms: number, timeZone?: string | null): number {
  const zone = knownTimeZone(timeZone) ?? wallClockFormat(undefined).resolvedOptions().timeZone;
  return startOfDay(nextDay(today(ms, zone)), zone);
}

/**
 * DD.MM.YYYY of the instant in the learner's time zone (content spec, section 9): the same digits in
 * every language, so a date reads alike on every page, not in the language's own date style.
 */
export function formatDate(ms: number, timeZone?: string | null): string {
  const { year, month, day } = today(ms, timeZone);
  return `${pad(day, 2)}.${pad(month, 2)}.${pad(year, 4)}`;
}

/** HH:MM of the instant on a 24-hour clock in the learner's zone (an unknown zone: the runtime's own). */
export function formatTime(ms: number, timeZone?: string | null): string {
  const { hour, minute } = wallClock(ms, knownTimeZone(timeZone));
  return `${pad(hour, 2)}:${pad(minute, 2)}`;
}

/** DD.MM.YYYY HH:MM of the instant in the learner's zone. */
export const formatDateTime = (ms: number, timeZone?: string | null): string =>
  `${formatDate(ms, timeZone)} ${formatTime(ms, timeZone)}`;
