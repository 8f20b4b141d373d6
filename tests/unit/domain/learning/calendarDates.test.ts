import { describe, expect, it } from 'vitest';
import { dateKeyOf, dateKeyToMs, formatDate } from '../../../../src/domain/learning/calendarDates';

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
});
