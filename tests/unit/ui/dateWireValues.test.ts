import { describe, expect, it } from 'vitest';
import { dayKeyOf, dayOf, timeKeyOf, timeOf } from '../../../src/ui/dates/wireValues';

describe('the date and time fields’ wire values', () => {
  it('reads a day and writes it back as "YYYY-MM-DD"', () => {
    const day = dayOf('2030-03-09');
    expect([day?.year, day?.month, day?.day]).toEqual([2030, 3, 9]);
    expect(dayKeyOf(day)).toBe('2030-03-09');
  });

  it('reads a time and writes it back as "HH:MM", without seconds', () => {
    const time = timeOf('07:05');
    expect([time?.hour, time?.minute]).toEqual([7, 5]);
    expect(timeKeyOf(time)).toBe('07:05');
    expect(timeKeyOf(timeOf('23:59'))).toBe('23:59');
  });

  it('reads nothing entered, a wrong shape or an impossible value as an empty field', () => {
    for (const text of ['', '2030-3-9', '09.03.2030', '2030-02-30', '2030-13-01'])
      expect(dayOf(text)).toBeNull();
    for (const text of ['', '7:05', '07:05:00', '24:00', '12:60']) expect(timeOf(text)).toBeNull();
    expect(dayKeyOf(null)).toBe('');
    expect(timeKeyOf(null)).toBe('');
  });
});
