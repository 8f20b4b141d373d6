import { describe, expect, it } from 'vitest';
import {
  type FreezeRange,
  type FreezeRangeErrors,
  isFreezeRangeValid,
  validateFreezeRange,
} from '../../../../src/domain/learning/freezeRange';
import { DAY_MS } from '../../../../src/domain/limits';

const TODAY = Date.UTC(2024, 4, 10);
const day = (offset: number) => TODAY + offset * DAY_MS;
const STREAM_END = day(30);

describe('freeze range', () => {
  it.each<[string, FreezeRange, number | null, FreezeRangeErrors]>([
    ['today to tomorrow', { start: day(0), end: day(1) }, STREAM_END, {}],
    ['ending on the stream end', { start: day(5), end: STREAM_END }, STREAM_END, {}],
    ['a stream without an end', { start: day(5), end: day(400) }, null, {}],
    [
      'nothing picked',
      { start: null, end: null },
      STREAM_END,
      { start: [{ code: 'required' }], end: [{ code: 'required' }] },
    ],
    [
      'a start yesterday',
      { start: day(-1), end: day(3) },
      STREAM_END,
      { start: [{ code: 'beforeToday', min: TODAY }] },
    ],
    [
      'an end on the start',
      { start: day(2), end: day(2) },
      STREAM_END,
      { end: [{ code: 'notAfterStart', min: day(2) }] },
    ],
    [
      'an end before the start',
      { start: day(4), end: day(2) },
      STREAM_END,
      { end: [{ code: 'notAfterStart', min: day(4) }] },
    ],
    [
      'an end after the stream end',
      { start: day(2), end: day(31) },
      STREAM_END,
      { end: [{ code: 'afterStreamEnd', max: STREAM_END }] },
    ],
    [
      'only an end past the stream end',
      { start: null, end: day(31) },
      STREAM_END,
      { start: [{ code: 'required' }], end: [{ code: 'afterStreamEnd', max: STREAM_END }] },
    ],
  ])('%s', (_, range, streamEnd, expected) => {
    const errors = validateFreezeRange(range, TODAY, streamEnd);
    expect(errors).toEqual(expected);
    expect(isFreezeRangeValid(errors)).toBe(Object.keys(expected).length === 0);
  });
});
