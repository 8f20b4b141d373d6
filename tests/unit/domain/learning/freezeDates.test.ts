import { describe, expect, it } from 'vitest';
import { validateFreezeDates } from '../../../../src/domain/learning/freezeDates';

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
