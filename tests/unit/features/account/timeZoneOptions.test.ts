import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildTimeZoneOptions,
  loadZoneCities,
  sortTimeZoneOptions,
  type TimeZoneOption,
  timeZoneOption,
  utcOffsetText,
} from '../../../../src/features/account/profile/timeZoneOptions';

/** 15 January 2026, 12:00 UTC: winter in the north, summer in the south. */
const JANUARY = Date.UTC(2026, 0, 15, 12);
/** 15 July 2026, 12:00 UTC. */
const JULY = Date.UTC(2026, 6, 15, 12);

describe('utcOffsetText', () => {
  it('writes the offset with hours and minutes, and a minus sign a screen reader says', () => {
    expect(utcOffsetText(0)).toBe('UTC+00:00');
    expect(utcOffsetText(330)).toBe('UTC+05:30');
    expect(utcOffsetText(-180)).toBe('UTC\u221203:00');
    expect(utcOffsetText(765)).toBe('UTC+12:45');
  });
});

describe('timeZoneOption: a zone in words, its IANA id kept as the value', () => {
  it("names the zone in the learner's language, with its offset and its city", () => {
    expect(timeZoneOption('Europe/Paris', 'en', JANUARY)).toEqual({
      zone: 'Europe/Paris',
      label: '(UTC+01:00) Central European Time — Paris',
      offsetMinutes: 60,
    });
    expect(timeZoneOption('Europe/Paris', 'ru', JANUARY).label).toBe(
      '(UTC+01:00) Центральная Европа — Paris',
    );
    expect(timeZoneOption('Europe/Paris', 'es', JANUARY).label).toBe(
      '(UTC+01:00) hora de Europa central — Paris',
    );
  });

  it('takes the offset of the moment: summer time, half hours, west of Greenwich', () => {
    expect(timeZoneOption('Europe/Paris', 'en', JULY).offsetMinutes).toBe(120);
    expect(timeZoneOption('Asia/Kathmandu', 'en', JANUARY).offsetMinutes).toBe(345);
    expect(timeZoneOption('America/New_York', 'en', JANUARY)).toEqual({
      zone: 'America/New_York',
      label: '(UTC\u221205:00) Eastern Time — New York',
      offsetMinutes: -300,
    });
    expect(timeZoneOption('America/Argentina/Buenos_Aires', 'en', JANUARY).label).toMatch(
      /^\(UTC\u221203:00\) .+ — Buenos Aires$/,
    );
  });

  it('names a zone without a name of its own by its id, once', () => {
    expect(timeZoneOption('UTC', 'ru', JANUARY)).toEqual({
      zone: 'UTC',
      label: '(UTC+00:00) UTC',
      offsetMinutes: 0,
    });
  });
});

describe("loadZoneCities: the cities in the learner's language", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the city in ru and es, from the table of the language', async () => {
    const ru = await loadZoneCities('ru');
    const es = await loadZoneCities('es');
    expect(timeZoneOption('Europe/Moscow', 'ru', JANUARY, ru).label).toMatch(/ — Москва$/);
    expect(timeZoneOption('Europe/Paris', 'ru', JANUARY, ru).label).toBe(
      '(UTC+01:00) Центральная Европа — Париж',
    );
    expect(timeZoneOption('America/Mexico_City', 'es', JANUARY, es).label).toMatch(/ — Ciudad de México$/);
    expect(timeZoneOption('Europe/Moscow', 'es', JANUARY, es).label).toMatch(/ — Moscú$/);
  });

  it("knows a zone by CLDR's id and by today's IANA id alike", async () => {
    const ru = await loadZoneCities('ru-RU');
    for (const zone of ['Asia/Calcutta', 'Asia/Kolkata']) {
      expect(timeZoneOption(zone, 'ru', JANUARY, ru).label).toMatch(/ — Калькутта$/);
    }
    for (const zone of ['America/Buenos_Aires', 'America/Argentina/Buenos_Aires']) {
      expect(timeZoneOption(zone, 'ru', JANUARY, ru).label).toMatch(/ — Буэнос-Айрес$/);
    }
  });

  it('has no table for English, whose cities the ids spell, and keeps the id where a table lacks the zone', async () => {
    expect(await loadZoneCities('en')).toEqual({});
    expect(timeZoneOption('Europe/Moscow', 'en', JANUARY, await loadZoneCities('en')).label).toMatch(
      / — Moscow$/,
    );
    // Spanish spells Buenos Aires as the id does, so its table leaves it out.
    const es = await loadZoneCities('es');
    expect(es['America/Buenos_Aires']).toBeUndefined();
    expect(timeZoneOption('America/Buenos_Aires', 'es', JANUARY, es).label).toMatch(/ — Buenos Aires$/);
  });

  it('builds the whole list with the cities of the table', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const done = vi.fn<(options: TimeZoneOption[]) => void>();
    buildTimeZoneOptions(['Europe/Moscow', 'Europe/Paris'], 'ru', JANUARY, await loadZoneCities('ru'), done);
    vi.runAllTimers();
    expect(done.mock.calls[0]?.[0].map((option) => option.label)).toEqual([
      '(UTC+01:00) Центральная Европа — Париж',
      expect.stringMatching(/^\(UTC\+03:00\) .+ — Москва$/),
    ]);
  });
});

describe('sortTimeZoneOptions', () => {
  it('goes west to east, and by label within one offset', () => {
    const zones = ['Asia/Tokyo', 'Europe/Paris', 'America/New_York', 'Europe/Berlin', 'UTC'];
    const sorted = sortTimeZoneOptions(
      zones.map((zone) => timeZoneOption(zone, 'en', JANUARY)),
      'en',
    );
    expect(sorted.map((option) => option.zone)).toEqual([
      'America/New_York',
      'UTC',
      'Europe/Berlin',
      'Europe/Paris',
      'Asia/Tokyo',
    ]);
  });
});

describe('buildTimeZoneOptions', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** Fake timers, and a clock that moves `msPerRead` each time it is read (as naming a zone would). */
  const fakeClock = (msPerRead: number) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let ms = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => {
      ms += msPerRead;
      return ms;
    });
  };

  it('names zones for a few milliseconds per task and hands over the sorted list once all are named', () => {
    fakeClock(1);
    const zones = Intl.supportedValuesOf('timeZone');
    const done = vi.fn<(options: TimeZoneOption[]) => void>();
    buildTimeZoneOptions(zones, 'en', JANUARY, {}, done);
    // The first slice runs at once; the rest wait for tasks of their own.
    expect(done).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(1);
    vi.runAllTimers();
    expect(done).toHaveBeenCalledTimes(1);
    const options = done.mock.calls[0]?.[0] ?? [];
    expect(options.map((option) => option.zone).sort()).toEqual([...zones].sort());
    const offsets = options.map((option) => option.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('names one zone per task where each takes longer than a slice, and still names them all', () => {
    fakeClock(100);
    const zones = ['Asia/Tokyo', 'Europe/Paris', 'America/New_York'];
    const done = vi.fn<(options: TimeZoneOption[]) => void>();
    buildTimeZoneOptions(zones, 'en', JANUARY, {}, done);
    vi.advanceTimersToNextTimer();
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    expect(done.mock.calls[0]?.[0].map((option) => option.zone)).toEqual([
      'America/New_York',
      'Europe/Paris',
      'Asia/Tokyo',
    ]);
  });

  it('stops when asked, before the list is complete', () => {
    fakeClock(1);
    const done = vi.fn();
    const stop = buildTimeZoneOptions(Intl.supportedValuesOf('timeZone'), 'en', JANUARY, {}, done);
    stop();
    vi.runAllTimers();
    expect(done).not.toHaveBeenCalled();
  });
});
