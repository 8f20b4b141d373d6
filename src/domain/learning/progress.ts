import { PROGRESS_MAX } from '../limits';

/**
 * A stream's progress (content spec, sections 3 and 9): the share of completed days as a whole
 * percentage, capped at 100; a stream without days has made no progress. The share is rounded down
 * so that 100 means every day is done: "in progress" (under 100) must not end one day early.
 */
export function progressPercent(daysCount: number, completeDaysCount: number): number {
  if (daysCount <= 0) return 0;
  const percent = Math.floor((Math.max(completeDaysCount, 0) / daysCount) * PROGRESS_MAX);
  return Math.min(percent, PROGRESS_MAX);
}
