import { startOfNextDay } from './calendarDates';

/**
 * A stream's freeze (content spec, sections 3 and 4). The wire sends the status as 0, 1 or 2;
 * indexing FREEZE_STATUSES with it gives the name.
 */
export const FREEZE_STATUSES = ['created', 'active', 'canceled'] as const;
export type FreezeStatus = (typeof FREEZE_STATUSES)[number];

export type Freeze = { status: FreezeStatus; startDate: number; endDate: number };

/**
 * The status a freeze has at `now`: canceled stays canceled; otherwise it is created until its start
 * date and active from then on. The server's stored mark is only trusted for canceled: nothing has
 * to flip it on the start date for the wire to say so.
 */
export const freezeStatusAt = (
  freeze: { status: FreezeStatus; startDate: number },
  now: number,
): FreezeStatus =>
  freeze.status === 'canceled' ? 'canceled' : now >= freeze.startDate ? 'active' : 'created';

/**
 * A freeze holds the stream from its start to its end date unless it was canceled. A freeze still
 * marked created counts too once its start date is reached: whether anything flips the mark to
 * active on that day is the server's business, the learner's access must not depend on it.
 */
export const isFreezeInForce = (freeze: Freeze | null, now: number): boolean =>
  freeze !== null && freeze.status !== 'canceled' && freeze.startDate <= now && now <= freeze.endDate;

/**
 * When the days of a stream the freeze holds open again: the freeze holds the whole of its end date
 * in the learner's time zone (the server keeps the last second of that day), so they open as the
 * next day starts.
 */
export const freezeLiftsAt = (freeze: Freeze, timeZone?: string | null): number =>
  startOfNextDay(freeze.endDate, timeZone);
