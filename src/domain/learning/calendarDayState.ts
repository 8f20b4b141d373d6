/**
 * The state a calendar day shows. The spec names the states, not when each applies; the decision,
 * first matching rule wins:
 * - done: the learner finished the day;
 * - closedUntil: the day cannot be opened yet: it is locked (a demo day, see dayLock.ts), which no
 *   date lifts, so `date` is null; or the stream is frozen, until the freeze is over or the day's
 *   own opening delay ends, whichever comes later; or its opening delay runs until `date`;
 * - passNow: the stream's current day, the one to do today;
 * - received: the learner started the day and has not finished it;
 * - available: open, not started, not the current day.
 */
export type CalendarDayState =
  | { kind: 'done' }
  | { kind: 'closedUntil'; date: number | null }
  | { kind: 'passNow' }
  | { kind: 'received' }
  | { kind: 'available' };

export type CalendarDay = {
  /** A day status exists with a start. */
  started: boolean;
  finished: boolean;
  locked: boolean;
  /** The day is the stream's current day. */
  isCurrent: boolean;
  /** When the opening delay ends; null when the day has none. */
  opensAt: number | null;
  /** While the stream is frozen, when its days open again; null when it is not frozen. */
  frozenUntil: number | null;
};

export function calendarDayState(day: CalendarDay, now: number): CalendarDayState {
  if (day.finished) return { kind: 'done' };
  if (day.locked) return { kind: 'closedUntil', date: null };
  if (day.frozenUntil !== null && now < day.frozenUntil) {
    return { kind: 'closedUntil', date: Math.max(day.frozenUntil, day.opensAt ?? day.frozenUntil) };
  }
  if (day.opensAt !== null && now < day.opensAt) return { kind: 'closedUntil', date: day.opensAt };
  if (day.isCurrent) return { kind: 'passNow' };
  if (day.started) return { kind: 'received' };
  return { kind: 'available' };
}
