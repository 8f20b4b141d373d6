import { describe, expect, it } from 'vitest';
import {
  dateKeyOf,
  dateKeyToMs,
  formatDate,
  nextDay,
  parseDateKey,
  shiftDateKey,
  startOfDay,
  startOfNextDay,
} from '../../../../src/domain/learning/calendarDates';

describe('calendar dates', () => {
  // 23:30 UTC on 31 Dec 2029: already 1 Jan 2030 in Moscow, still 31 Dec in Lima.
  const lateNight = Date.UTC(2029, 11, 31, 23, 30);

  it('shows DD.MM.YYYY in the learner’s time zone', () => {
    expect(formatDate(lateNight, 'Europe/Moscow')).toBe('01.01.2030');
    expect(formatDate(lateNight, 'America/Lima')).toBe('31.12.2029');
  });

  it('falls back to the runtime’s zone for an unknown or empty zone name instead of failing', () => {
    expect(formatDate(lateNight, 'Mars/Olympus')).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(formatDate(lateNight, '')).toBe(formatDate(lateNight, null));
  });

  it('names the calendar day of an instant as YYYY-MM-DD', () => {
    expect(dateKeyOf(lateNight, 'Europe/Moscow')).toBe('2030-01-01');
    expect(dateKeyOf(lateNight, 'UTC')).toBe('2029-12-31');
  });

  it.each([
    ['2030-02-28', Date.UTC(2030, 1, 28)],
    ['2028-02-29', Date.UTC(2028, 1, 29)],
    ['2030-02-29', null],
    ['2030-13-01', null],
    ['30.01.2030', null],
    ['', null],
  ])('reads %j as the UTC midnight of its day, or null', (key, ms) => {
    expect(dateKeyToMs(key)).toBe(ms);
  });

  it.each([
    ['2028-02-28', 1, '2028-02-29'],
    ['2029-12-31', 1, '2030-01-01'],
    ['2030-03-01', -1, '2030-02-28'],
    ['2030-02-29', 1, undefined],
    ['', 1, undefined],
  ])('moves %j by %i days to %j, and an impossible day nowhere', (key, days, shifted) => {
    expect(shiftDateKey(key, days)).toBe(shifted);
  });
});

describe('formatting many dates', () => {
  it('makes one formatter per zone, not one per date (a calendar formats a date for each day)', () => {
    const original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = new Proxy(original, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made += 1;
        return new target(...args);
      },
    });
    try {
      const days = Array.from({ length: 70 }, (_, index) => Date.UTC(2030, 0, 1 + index, 12));
      const shown = days.map((day) => formatDate(day, 'Asia/Kathmandu'));
      expect(shown[0]).toBe('01.01.2030');
      expect(shown[69]).toBe('11.03.2030');
      expect(made).toBeLessThanOrEqual(1);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });
});

describe('calendar days in a time zone', () => {
  it('start at local midnight on both sides of a daylight saving change', () => {
    const day = (text: string) => {
      const parsed = parseDateKey(text);
      if (!parsed) throw new Error(`${text} is not a date`);
      return parsed;
    };
    // New York moves to summer time at 02:00 on 8 March 2026: that day starts in winter time.
    expect(new Date(startOfDay(day('2026-03-08'), 'America/New_York')).toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(new Date(startOfDay(day('2026-03-09'), 'America/New_York')).toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    // London moves at 01:00 on 29 March 2026; the next day starts at 23:00 UTC of the 29th.
    expect(new Date(startOfDay(day('2026-03-29'), 'Europe/London')).toISOString()).toBe(
      '2026-03-29T00:00:00.000Z',
    );
    expect(new Date(startOfDay(day('2026-03-30'), 'Europe/London')).toISOString()).toBe(
      '2026-03-29T23:00:00.000Z',
    );
    expect(nextDay(day('2028-02-28'))).toEqual(day('2028-02-29'));
    expect(nextDay(day('2026-12-31'))).toEqual(day('2027-01-01'));
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-01', ' 2026-01-01'])
      expect(parseDateKey(bad)).toBeNull();
  });
});

describe('the start of the next day', () => {
  it('is the next local midnight in the zone, from any moment of the day', () => {
    // The last second of 5 December 2026 in Moscow (UTC+3), and its noon.
    const lastSecond = Date.UTC(2026, 11, 5, 20, 59, 59);
    expect(new Date(startOfNextDay(lastSecond, 'Europe/Moscow')).toISOString()).toBe(
      '2026-12-05T21:00:00.000Z',
    );
    expect(startOfNextDay(Date.UTC(2026, 11, 5, 9), 'Europe/Moscow')).toBe(Date.UTC(2026, 11, 5, 21));
    // The same instant is still 5 December in Lima (UTC-5): its next day starts later.
    expect(new Date(startOfNextDay(lastSecond, 'America/Lima')).toISOString()).toBe(
      '2026-12-06T05:00:00.000Z',
    );
  });

  it('takes a daylight saving change into account', () => {
    // 8 March 2026 in New York has 23 hours: the 9th starts at 04:00 UTC, not 05:00.
    expect(new Date(startOfNextDay(Date.UTC(2026, 2, 8, 12), 'America/New_York')).toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
  });

  it('falls back to the runtime’s zone for an unknown zone', () => {
    const noon = Date.UTC(2026, 11, 5, 12);
    expect(startOfNextDay(noon, 'Mars/Olympus')).toBe(startOfNextDay(noon, null));
    expect(startOfNextDay(noon, null)).toBeGreaterThan(noon);
  });
});
