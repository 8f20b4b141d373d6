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
