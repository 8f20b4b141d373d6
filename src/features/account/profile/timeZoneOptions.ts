/**
 * The profile's time-zone list in words the learner reads (shell spec, section 3: the user's
 * timezone): "(UTC+01:00) Central European Time — Paris" in the interface language, west to east,
 * while the IANA id stays the value the server keeps. The browser names the zones
 * (Intl.DateTimeFormat's `longGeneric`); the city tells apart the zones of one name. It comes from
 * CLDR's exemplar cities in ru and es (zoneCities/, written by `npm run i18n:zone-cities`), and from
 * the id otherwise. A module of the profile screen's own: nothing else pays for it.
 */

/** A zone as the list shows it. */
export type TimeZoneOption = { zone: string; label: string; offsetMinutes: number };

/**
 * How long one task may name zones, in ms: React's own slice of work between the browser's turns. A
 * zone costs a formatter, some 0.1 ms on a laptop but ten times that on a slow phone, so a count per
 * task would make each task long there; a time keeps taps answered whatever a zone costs.
 */
const SLICE_MS = 5;

const MINUTE_MS = 60_000;

/** A language's cities by zone id, for the zones whose city the id does not spell in that language. */
export type ZoneCities = Readonly<Record<string, string>>;

const NO_CITIES: ZoneCities = {};

/**
 * The cities of `locale`'s language, fetched on demand: each table is a chunk of its own (some 6 KB
 * gzip in ru), which only the profile page loads, and only in the language it shows. English spells
 * the cities as the ids do, and has none.
 */
export async function loadZoneCities(locale: string): Promise<ZoneCities> {
  switch (locale.split('-')[0]) {
    case 'ru':
      return (await import('./zoneCities/ru.json')).default;
    case 'es':
      return (await import('./zoneCities/es.json')).default;
    default:
      return NO_CITIES;
  }
}

/** "UTC+05:30", "UTC−03:00": the minus sign (U+2212), which a screen reader says, unlike a hyphen. */
export function utcOffsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '\u2212' : '+';
  const minutes = Math.abs(offsetMinutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `UTC${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * A zone's option in `locale` at the moment `now` (ms): its offset then, summer time included, and
 * its city from `cities` (loadZoneCities) where the id does not spell it in the language.
 */
export function timeZoneOption(
  zone: string,
  locale: string,
  now: number,
  cities: ZoneCities = NO_CITIES,
): TimeZoneOption {
  // One formatter gives both the name and the zone's wall clock, whose distance from UTC is the offset.
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    timeZoneName: 'longGeneric',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  const wallClock = Date.UTC(
    Number(part('year')),
    Number(part('month')) - 1,
    Number(part('day')),
    Number(part('hour')),
    Number(part('minute')),
  );
  const offsetMinutes = Math.round((wallClock - Math.floor(now / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
  // A zone without a name of its own (UTC) is named by an offset, which the label already shows.
  const named = part('timeZoneName');
  const name = named === '' || /^(GMT|UTC)/.test(named) ? zone : named;
  const city =
    cities[zone] ?? (zone.includes('/') ? zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ') : null);
  const label = `(${utcOffsetText(offsetMinutes)}) ${name}${city && city !== name ? ` — ${city}` : ''}`;
  return { zone, label, offsetMinutes };
}

/** West to east, then by the label in the language's own order. */
export function sortTimeZoneOptions(options: TimeZoneOption[], locale: string): TimeZoneOption[] {
  const collator = new Intl.Collator(locale);
  return options.sort((a, b) => a.offsetMinutes - b.offsetMinutes || collator.compare(a.label, b.label));
}

/**
 * Names every zone, as many per task as fit in `SLICE_MS` (at least one), so that no task holds a
 * phone's main thread for long, then hands `done` the sorted list. Answers the function that stops it.
 */
export function buildTimeZoneOptions(
  zones: readonly string[],
  locale: string,
  now: number,
  cities: ZoneCities,
  done: (options: TimeZoneOption[]) => void,
): () => void {
  const options: TimeZoneOption[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const nameFrom = (start: number) => {
    const sliceEnd = performance.now() + SLICE_MS;
    let next = start;
    while (next < zones.length) {
      options.push(timeZoneOption(zones[next] as string, locale, now, cities));
      next += 1;
      if (performance.now() >= sliceEnd) break;
    }
    if (next < zones.length) timer = setTimeout(() => nameFrom(next));
    else done(sortTimeZoneOptions(options, locale));
  };
  nameFrom(0);
  return () => clearTimeout(timer);
}
