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
 * A day of a full stream (not a demo) that cannot be studied yet: the stream has not started or is
 * frozen, or the day's opening delay has not passed. The server refuses to start such a day ("This
 * day is not open yet"). A demo stream's days follow isDayLocked instead; a stream whose access ended
 * or stopped shows the access-ended page rather than any day.
 */
export type OpeningStream = { isDemo: boolean; status: StreamStatus };

export function isDayNotOpenYet(stream: OpeningStream, day: Pick<LockableDay, 'isOpenByTimeDelay'>): boolean {
  if (stream.isDemo) return false;
  return stream.status === 'not_started' || stream.status === 'freeze' || !(day.isOpenByTimeDelay ?? true);
}
