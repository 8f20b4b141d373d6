/**
 * Dates as the learning screens show and send them. Shown dates read DD.MM.YYYY (content spec,
 * section 9); the freeze call takes calendar days `YYYY-MM-DD` in the learner's time zone. Day keys
 * compare as the UTC midnight of the calendar day they name, so two keys compare like their days
 * whatever the time zone.
 */

export type DateKey = string;

function partsIn(ms: number, timeZone: string | undefined) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** A known time zone, or the runtime's own when the name is empty or unknown. */
function knownZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** DD.MM.YYYY of the instant in the learner's time zone. */
export function formatDate(ms: number, timeZone?: string | null): string {
  const { year, month, day } = partsIn(ms, knownZone(timeZone));
  return `${day}.${month}.${year}`;
}

/** The calendar day (YYYY-MM-DD) the instant falls on in the learner's time zone. */
export function dateKeyOf(ms: number, timeZone?: string | null): DateKey {
  const { year, month, day } = partsIn(ms, knownZone(timeZone));
  return `${year}-${month}-${day}`;
}

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC midnight of a `YYYY-MM-DD` day; null for anything else, an impossible date included. */
export function dateKeyToMs(key: DateKey): number | null {
  const match = DATE_KEY.exec(key);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  const exists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? ms : null;
}
