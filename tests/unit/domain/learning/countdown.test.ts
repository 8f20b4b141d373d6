import { describe, expect, it } from 'vitest';
import { countdown } from '../../../../src/domain/learning/countdown';
import { DAY_MS, HOUR_MS } from '../../../../src/domain/limits';
import { NOW } from './fixtures';

describe('a wait as the learner reads it (content spec, section 4: days and hours)', () => {
  it.each([
    ['none', 0, { unit: 'hour', count: 1 }],
    ['a second', 1000, { unit: 'hour', count: 1 }],
    ['exactly an hour', HOUR_MS, { unit: 'hour', count: 1 }],
    ['an hour and a second', HOUR_MS + 1000, { unit: 'hour', count: 2 }],
    ['a day less a second', DAY_MS - 1000, { unit: 'hour', count: 24 }],
    ['exactly a day', DAY_MS, { unit: 'day', count: 1 }],
    ['a day and a second', DAY_MS + 1000, { unit: 'day', count: 2 }],
    ['twenty days', 20 * DAY_MS, { unit: 'day', count: 20 }],
  ])('%s ahead', (_, ahead, expected) => {
    expect(countdown(NOW, NOW + ahead)).toEqual(expected);
  });

  it('counts a moment gone by as one ahead', () => {
    expect(countdown(NOW, NOW - 3.5 * HOUR_MS)).toEqual({ unit: 'hour', count: 4 });
    expect(countdown(NOW, NOW - 2.5 * DAY_MS)).toEqual({ unit: 'day', count: 3 });
  });
});
