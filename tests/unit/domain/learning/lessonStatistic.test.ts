import { describe, expect, it } from 'vitest';
import {
  countableAddedTime,
  newMilestones,
  shouldSendStatistic,
} from '../../../../src/domain/learning/lessonStatistic';

describe('lesson statistic', () => {
  it.each([
    [1999, false, false],
    [2000, false, true],
    [29_999, true, false],
    [30_000, true, true],
  ])('%i ms viewed (video ended: %s) is sent: %s', (viewedMs, videoEnded, expected) => {
    expect(shouldSendStatistic(viewedMs, videoEnded)).toBe(expected);
  });

  it.each([
    [999, false, false],
    [1000, false, true],
    [1000, true, false],
    [5000, true, true],
  ])('uses the brand minimums: %i ms (ended: %s) is sent: %s', (viewedMs, videoEnded, expected) => {
    expect(
      shouldSendStatistic(viewedMs, videoEnded, { minViewedMs: 1000, minViewedMsVideoEnded: 5000 }),
    ).toBe(expected);
  });

  it.each([
    [5, 5],
    [1, 1],
    [0, 0],
    [-3, 0],
    [2.5, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('adds %d seconds as %d', (value, expected) => {
    expect(countableAddedTime(value)).toBe(expected);
  });

  it.each<[number[], number, number[]]>([
    [[], 5, []],
    [[], 10, [10]],
    [[], 60, [50, 25, 10]],
    [[], 100, [75, 50, 25, 10]],
    [[10, 25], 60, [50]],
    [[75, 50, 25, 10], 100, []],
  ])('reported %j, at %i%% reports %j', (reported, percent, expected) => {
    expect(newMilestones(new Set(reported), percent)).toEqual(expected);
  });
});
