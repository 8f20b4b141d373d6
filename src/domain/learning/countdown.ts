import { DAY_MS, HOUR_MS } from '../limits';

/**
 * A wait as the learner reads it (content spec, section 4: "Plural forms use three-form rules for
 * days and hours"): whole days rounded up; under a day, whole hours rounded up. Counting days alone
 * said "1 day" for a wait of ten minutes and for one of twenty-three hours, and a day opening later
 * today was "closed until" today's date. A wait of minutes, or none, reads as one hour, never zero.
 */
export type Countdown = { unit: 'day' | 'hour'; count: number };

/** The wait between two moments, whichever comes first. */
export function countdown(from: number, to: number): Countdown {
  const span = Math.abs(to - from);
  if (span >= DAY_MS) return { unit: 'day', count: Math.ceil(span / DAY_MS) };
  return { unit: 'hour', count: Math.max(1, Math.ceil(span / HOUR_MS)) };
}
