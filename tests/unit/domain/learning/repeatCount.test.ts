import { describe, expect, it } from 'vitest';
import { clampRepeatCount } from '../../../../src/domain/learning/repeatCount';

describe('lesson repeat count', () => {
  it.each([
    [3, 2, 5, 3],
    [1, 2, 5, 2],
    [8, 2, 5, 5],
    [2, 2, 5, 2],
    [5, 2, 5, 5],
    [8, null, 5, 5],
    [1, 2, null, 2],
    [7, null, null, 7],
  ])('%i in %s..%s is %i', (count, from, to, expected) => {
    expect(clampRepeatCount(count, { userRepeatRangeFrom: from, userRepeatRangeTo: to })).toBe(expected);
  });
});
