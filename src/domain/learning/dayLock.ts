import type { StreamStatus } from './streamStatus';

/**
 * Day lock (content spec, section 4 "Day lock"): in a demo stream without full access a day is
 * locked when it is not demo-accessible or not yet open by its time delay. Other streams lock no day
 * by this rule. The server may omit isOpenByTimeDelay; it then defaults to true (section 3, "Day").
 */
export type LockingStream = { isDemo: boolean; courseFullAccess: boolean };
export type LockableDay = { isDemoAccessible: boolean; isOpenByTimeDelay?: boolean | null };

export function isDayLocked(stream: LockingStream, day: LockableDay): boolean {
  if (!stream.isDemo || stream.courseFullAccess) return false;
  return !day.isDemoAccessible || !(day.isOpenByTimeDelay ?? true);
}

/**
 * The part of the lock no date lifts: a day of a demo stream without full access that is not
 * demo-accessible opens only in the full version. A demo-accessible day locked by its time delay
 * opens on its date, and says so (isDayNotOpenYet).
 */
export const isDayLockedToDemo = (stream: LockingStream, day: LockableDay): boolean =>
  stream.isDemo && !stream.courseFullAccess && !day.isDemoAccessible;

/**
 * A day that cannot be studied yet but will be on a date: in a full stream (not a demo) the stream
 * has not started or is frozen, or the day's opening delay has not passed; in a demo stream, a
 * demo-accessible day whose opening delay has not passed. The server refuses to start such a day
 * ("This day is not open yet"). Otherwise a demo stream's days follow isDayLocked; a stream whose
 * access ended or stopped shows the access-ended page rather than any day.
 */
export type OpeningStream = LockingStream & { status: StreamStatus };

export function isDayNotOpenYet(stream: OpeningStream, day: LockableDay): boolean {
  if (stream.isDemo) return isDayLocked(stream, day) && !isDayLockedToDemo(stream, day);
  return stream.status === 'not_started' || stream.status === 'freeze' || !(day.isOpenByTimeDelay ?? true);
}
