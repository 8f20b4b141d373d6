/**
 * Calendar days in the learner's time zone (IANA name, e.g. "Europe/Madrid"), as the freeze dialog
 * picks them: a "YYYY-MM-DD" date becomes the moment its day starts in that zone.
 */

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real date from 1970 to 9999 (what the columns and the wire's seconds hold), else null. */
export function parseCalendarDay(text: string): CalendarDay | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1970 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The zone when the runtime knows it, else UTC (a stored zone may predate the runtime's list). */
export function knownTimeZone(name: string | null): string {
  if (!name) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
  } catch {
    return 'UTC';
  }
}

function wallClock(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
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

export function today(now: number, timeZone: string): CalendarDay {
  const { year, month, day } = wallClock(now, timeZone);
  return { year, month, day };
}

export function nextDay(day: CalendarDay): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}
