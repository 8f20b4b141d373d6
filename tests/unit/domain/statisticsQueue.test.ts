import { describe, expect, it } from 'vitest';
import {
  isRefusedStatistic,
  mergeQueued,
  oneMoreFailure,
  type QueuedStatistic,
  retryDelayMs,
  withEntry,
} from '../../../src/domain/statisticsQueue';

const entry = (key: string): QueuedStatistic => ({
  key,
  streamId: 5,
  dayId: 12,
  lessonSetLessonId: 301,
  viewedSeconds: 8,
  playCount: 0,
  queuedAt: 0,
});
const failure = (status: number) => ({ status, message: '', fieldErrors: {} });

describe('statistics queue rules', () => {
  it('waits 2 s after the first failure, doubling up to 60 s', () => {
    let failures = 0;
    const waits: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      failures = oneMoreFailure(failures);
      waits.push(retryDelayMs(failures));
    }
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000]);
    // The count stops where the wait stops growing, so the queue's state stays small.
    expect(failures).toBe(6);
  });

  it.each([400, 403, 404, 409, 413, 422])('drops an entry the server refused with %i', (status) => {
    expect(isRefusedStatistic(failure(status))).toBe(true);
  });

  it.each([
    ['no answer', 0],
    ['an expired session', 401],
    ['a request timeout', 408],
    ['too many requests', 429],
    ['a server error', 500],
    ['a bad gateway', 502],
  ])('keeps an entry after %s', (_, status) => {
    expect(isRefusedStatistic(failure(status))).toBe(false);
  });

  it('keeps an entry after anything that is not an answer (a thrown error)', () => {
    expect(isRefusedStatistic(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('queues each key once, stored entries first', () => {
    expect(withEntry([entry('a')], entry('a')).map((queued) => queued.key)).toEqual(['a']);
    expect(
      mergeQueued([entry('a'), entry('b')], [entry('b'), entry('c')]).map((queued) => queued.key),
    ).toEqual(['a', 'b', 'c']);
  });
});
