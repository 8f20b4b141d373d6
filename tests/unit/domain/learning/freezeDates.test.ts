import { describe, expect, it } from 'vitest';
import {
  freezeBoundsOf,
  hasFreezeRange,
  validateFreezeDates,
} from '../../../../src/domain/learning/freezeDates';

describe('freeze dates', () => {
  const today = '2030-03-10';
  const streamEnd = '2030-04-30';
  const check = (startDate: string, endDate: string, end: string | null = streamEnd) =>
    validateFreezeDates({ startDate, endDate }, today, end);

  it('accepts a start today and an end on the stream’s last day', () => {
    expect(check('2030-03-10', '2030-04-30')).toEqual({});
  });

  it('counts an empty or impossible date as missing', () => {
    expect(check('', '2030-02-30')).toEqual({ start: [{ code: 'required' }], end: [{ code: 'required' }] });
  });

  it('refuses a start before today, an end not after the start, an end after the stream', () => {
    expect(check('2030-03-09', '2030-03-20').start?.[0]?.code).toBe('beforeToday');
    expect(check('2030-03-12', '2030-03-12').end?.[0]?.code).toBe('notAfterStart');
    expect(check('2030-03-12', '2030-05-01').end).toEqual([
      { code: 'afterStreamEnd', max: Date.UTC(2030, 3, 30) },
    ]);
  });

  it('has no upper bound for a stream without an end', () => {
    expect(check('2030-03-12', '2031-01-01', null)).toEqual({});
  });
});

describe('whether a freeze fits before the stream ends', () => {
  // A stream ends at the last second of its last day in the learner's zone, as the server enrols it.
  const utcEnd = Date.parse('2030-04-30T23:59:59Z');
  // Auckland is 12 hours ahead of UTC in June, Los Angeles 7 hours behind.
  const AKL = 'Pacific/Auckland';
  const LA = 'America/Los_Angeles';
  const aklEnd = Date.parse('2030-06-30T23:59:59+12:00');
  const laEnd = Date.parse('2030-06-30T23:59:59-07:00');

  it.each<[string, number | null, string, string, boolean]>([
    ['UTC, the day before the last, its last second', utcEnd, 'UTC', '2030-04-29T23:59:59Z', true],
    ['UTC, the last day, its first second', utcEnd, 'UTC', '2030-04-30T00:00:00Z', false],
    ['UTC, the last day, its last second', utcEnd, 'UTC', '2030-04-30T23:59:59Z', false],
    ['UTC, a stream that has ended', utcEnd, 'UTC', '2030-05-01T10:00:00Z', false],
    ['UTC, a stream without an end', null, 'UTC', '2030-04-30T12:00:00Z', true],
    ['Auckland, a stream without an end', null, AKL, '2030-06-29T12:30:00Z', true],
    // 29 June in UTC both times; the second is already the last day in Auckland.
    ['Auckland, 23:30 the day before the last', aklEnd, AKL, '2030-06-29T11:30:00Z', true],
    ['Auckland, 00:30 on the last day', aklEnd, AKL, '2030-06-29T12:30:00Z', false],
    // 30 June in UTC both times; the first is still the 29th in Los Angeles.
    ['Los Angeles, 23:30 the day before the last', laEnd, LA, '2030-06-30T06:30:00Z', true],
    ['Los Angeles, 00:30 on the last day', laEnd, LA, '2030-06-30T07:30:00Z', false],
    // A stream ending at midnight UTC ends in the afternoon before in Los Angeles: that is its last
    // day there, and the evening before it (already its last day in UTC) still leaves a freeze.
    ['Los Angeles, a UTC stream, the evening before', utcEnd, LA, '2030-04-30T03:00:00Z', true],
    ['Los Angeles, a UTC stream, its last day', utcEnd, LA, '2030-04-30T08:00:00Z', false],
  ])('%s: %s', (_, endDate, timeZone, now, expected) => {
    expect(hasFreezeRange({ endDate }, Date.parse(now), timeZone)).toBe(expected);
  });

  it('reads the days the freeze dialog reads, whose rules refuse every range on the last day', () => {
    const bounds = freezeBoundsOf({ endDate: aklEnd }, Date.parse('2030-06-29T12:30:00Z'), AKL);
    expect(bounds).toEqual({ today: '2030-06-30', streamEnd: '2030-06-30' });
    const endErrors = (endDate: string) =>
      validateFreezeDates({ startDate: bounds.today, endDate }, bounds.today, bounds.streamEnd).end;
    expect(endErrors('2030-06-30')?.[0]?.code).toBe('notAfterStart');
    expect(endErrors('2030-07-01')?.[0]?.code).toBe('afterStreamEnd');
  });
});
