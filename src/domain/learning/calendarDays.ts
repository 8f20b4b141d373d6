import { type CalendarDayState, calendarDayState } from './calendarDayState';
import type { Stage } from './course';
import type { Day } from './day';
import { isDayLocked, isDayLockedToDemo, type LockingStream } from './dayLock';
import { freezeLiftsAt } from './freeze';
import { type CourseStream, dayStatusOf, holdingFreeze, type StreamStatuses } from './stream';

/**
 * What each day of the calendar shows: an open rest day as such, any other day in its calendar state
 * (calendarDayState.ts) from the stream's statuses, the demo lock (dayLock.ts) and the freeze that
 * holds the stream (its days open on the day after the freeze's end date, in the learner's time
 * zone). The status call knows the demo access and time delay of each day for this stream; the
 * day's own flag is the fallback when a status is missing.
 */
export type CalendarDayView = CalendarDayState | { kind: 'rest' };

export type CalendarStream = LockingStream & Pick<CourseStream, 'status' | 'freeze'>;

export function calendarDayView(
  day: Day,
  stream: CalendarStream,
  statuses: StreamStatuses,
  now: number,
  timeZone?: string | null,
): CalendarDayView {
  const status = dayStatusOf(statuses, day.id);
  const lockable = {
    isDemoAccessible: status?.isDemoAccessible ?? day.isDemoAccessible,
    isOpenByTimeDelay: status?.isOpenByTimeDelay,
  };
  const opensAt = status?.opensAt ?? null;
  // A demo day waiting only for its opening delay shows that date (closedUntil); locked with no date
  // to show, it stays locked.
  const locked = isDayLockedToDemo(stream, lockable) || (isDayLocked(stream, lockable) && opensAt === null);
  const freeze = holdingFreeze(stream);
  const state = calendarDayState(
    {
      started: status?.startedAt != null,
      finished: status?.finishedAt != null,
      locked,
      isCurrent: statuses.currentDay?.dayId === day.id,
      opensAt,
      frozenUntil: freeze === null ? null : freezeLiftsAt(freeze, timeZone),
    },
    now,
  );
  // A rest day says so wherever it can be opened; closed (a demo lock, its delay, a freeze), it shows
  // as closed as any other day, since its page would say just that.
  return day.isDayOfRest && state.kind !== 'closedUntil' ? { kind: 'rest' } : state;
}

/** A day the learner can open: not closed (rest days open too, to read what they say). */
export const canOpenDay = (view: CalendarDayView): boolean => view.kind !== 'closedUntil';

/**
 * The stage the calendar shows first: the one the learner last looked at, else the stage of the
 * current day, else the first.
 */
export function initialStageId(
  stages: readonly Stage[],
  savedStageId: number | null,
  statuses: StreamStatuses | null,
): number | null {
  const exists = (id: number | null | undefined): id is number =>
    id != null && stages.some((stage) => stage.id === id);
  if (exists(savedStageId)) return savedStageId;
  const currentStageId = statuses?.currentDay?.stageId;
  if (exists(currentStageId)) return currentStageId;
  return stages[0]?.id ?? null;
}

/** The number of the day with this id, to turn the old day path (by id) into the day route (by number). */
export const dayNumberOf = (days: readonly Day[], dayId: number): number | null =>
  days.find((day) => day.id === dayId)?.dayNumber ?? null;
