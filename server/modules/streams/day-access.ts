import { isDayLocked } from '../../../src/domain/learning/dayLock';
import type { stageDays } from '../../db/schema';
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

/**
 * Whether the learner may work on the day now: the stream is open, the day is open by its time delay
 * and not locked (dayLock.ts). The one rule of day start, day finish and lesson statistics; `day` is
 * the course outline's (from memory), so asking costs no database round trip.
 */
export function isDayOpenNow(loaded: LoadedStream, day: DayTiming, now: number): boolean {
  const { stream } = loaded;
  if (statusOf(loaded, now) !== 'open') return false;
  if (!isOpenByTimeDelay(stream, day, now)) return false;
  return !isDayLocked(
    { isDemo: stream.isDemo === 1, courseFullAccess: stream.courseFullAccess === 1 },
    { isDemoAccessible: day.isDemoAccessible === 1, isOpenByTimeDelay: true },
  );
}
