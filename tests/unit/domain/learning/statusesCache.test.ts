import { describe, expect, it } from 'vitest';
import { isStatusesCacheFresh } from '../../../../src/domain/learning/statusesCache';

describe('statuses cache', () => {
  it.each([
    [null, 0, false],
    [1000, 1000, true],
    [1000, 300_999, true],
    [1000, 301_000, false],
  ])('fetched at %s, read at %i: fresh %s', (fetchedAt, now, expected) => {
    expect(isStatusesCacheFresh(fetchedAt, now)).toBe(expected);
  });
});
