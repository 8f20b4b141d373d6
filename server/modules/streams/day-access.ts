import { isDayLockedToDemo } from '../../../src/domain/learning/dayLock';
import type { stageDays } from '../../db/schema';
import type { MessageKey } from '../../infra/i18n';
import type { LoadedStream, StreamRecord } from './queries';
import { statusOf } from './status';

/**
 * When a day of a stream opens and whether the learner may work on it now: what the status answer
 * shows and what day start, finish and lesson statistics enforce, from one place.
 */

type DayTiming = Pick<typeof stageDays.$inferSelect, 'openingDelaySeconds' | 'isDemoAccessible'>;

/** The moment (ms) the day opens: the stream's start plus the day's opening delay. */
export const dayOpensAt = (stream: StreamRecord, day: DayTiming): number =>
  stream.startDate.getTime() + day.openingDelaySeconds * 1000;

export const isOpenByTimeDelay = (stream: StreamRecord, day: DayTiming, now: number): boolean =>
  now >= dayOpensAt(stream, day);

/** A day the demo leaves out (dayLock.ts): it opens on no date, only in the full version. */
export const isLockedToDemo = (stream: StreamRecord, day: DayTiming): boolean =>
  isDayLockedToDemo(
    { isDemo: stream.isDemo === 1, courseFullAccess: stream.courseFullAccess === 1 },
    { isDemoAccessible: day.isDemoAccessible === 1 },
  );

/**
 * Why the learner may not work on the day now, or null when they may: the stream is open, the day is
 * open by its time delay and not locked (dayLock.ts). The one rule of day start, day finish and lesson
 * statistics; `day` is the course outline's (from memory), so asking costs no database round trip.
 * The refusal names what the learner can act on: a frozen course, or access that has run out (the
 * texts the app shows for them); a course not started yet has days not open yet; a day the demo
 * leaves out opens in the full version.
 */
export function dayRefusal(loaded: LoadedStream, day: DayTiming, now: number): MessageKey | null {
  const { stream } = loaded;
  const status = statusOf(loaded, now);
  if (status === 'freeze') return 'courseFrozen';
  if (status === 'ended' || status === 'stopped') return 'accessEnded';
  // A day the demo leaves out opens on no date: that, not its delay, is what the learner can act on.
  if (isLockedToDemo(stream, day)) return 'dayInFullVersion';
  if (status !== 'open' || !isOpenByTimeDelay(stream, day, now)) return 'dayNotOpen';
  return null;
}
