import { describe, expect, it } from 'vitest';
import { progressPercent } from '../../../../src/domain/learning/progress';

describe('stream progress', () => {
  it.each([
    [0, 0, 0],
    [0, 3, 0],
    [10, 0, 0],
    [10, 5, 50],
    [3, 1, 33],
    [3, 2, 66],
    [200, 199, 99],
    [10, 10, 100],
    [10, 12, 100],
    [10, -1, 0],
  ])('%i days with %i complete is %i%%', (daysCount, completeDaysCount, expected) => {
    expect(progressPercent(daysCount, completeDaysCount)).toBe(expected);
  });
});
