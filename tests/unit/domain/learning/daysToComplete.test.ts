import { describe, expect, it } from 'vitest';
import { type CompletionFlags, daysToComplete } from '../../../../src/domain/learning/daysToComplete';

type TestDay = CompletionFlags & { id: number };
const work = (id: number, required = true): TestDay => ({ id, restDay: false, required });
const rest = (id: number): TestDay => ({ id, restDay: true, required: false });
const ids = (days: readonly TestDay[]) => daysToComplete(days, (day) => day).map((day) => day.id);

describe('the days that complete a course', () => {
  it.each([
    ['every working day when all are required', [work(1), rest(2), work(3)], [1, 3]],
    ['the required ones, an optional day left out', [work(1), work(2, false), work(3)], [1, 3]],
    ['every working day when none is required', [work(1, false), rest(2), work(3, false)], [1, 3]],
    ['never a rest day, even one marked required', [work(1), { id: 2, restDay: true, required: true }], [1]],
    ['none of rest days alone', [rest(1), rest(2)], []],
    ['none of no days', [], []],
  ])('%s', (_, days, expected) => {
    expect(ids(days)).toEqual(expected);
  });
});
