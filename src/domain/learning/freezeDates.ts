import { type DateKey, dateKeyOf, dateKeyToMs, shiftDateKey } from './calendarDates';
import { type FreezeRangeErrors, isFreezeRangeValid, validateFreezeRange } from './freezeRange';
import type { StreamAccess } from './streamStatus';

/**
 * The freeze dialog's two date fields (`YYYY-MM-DD`, as a date input gives them) checked by the
 * freeze range rules. An empty or impossible date counts as missing. `today` and the stream's end
 * are the learner's calendar days, so all four compare as days.
 */
export function validateFreezeDates(
  dates: { startDate: DateKey; endDate: DateKey },
  today: DateKey,
  streamEnd: DateKey | null,
): FreezeRangeErrors {
  return validateFreezeRange(
    { start: dateKeyToMs(dates.startDate), end: dateKeyToMs(dates.endDate) },
    dateKeyToMs(today) ?? 0,
    streamEnd === null ? null : dateKeyToMs(streamEnd),
  );
}

/** What bounds the freeze dialog's dates: the learner's today and the stream's last day. */
export type FreezeBounds = { today: DateKey; streamEnd: DateKey | null };

/**
 * The bounds at `now`, as calendar days in the learner's time zone. The dialog and the freeze offer
 * (hasFreezeRange) both take them from here, so the calendar never offers a freeze the dialog refuses.
 */
export const freezeBoundsOf = (
  stream: Pick<StreamAccess, 'endDate'>,
  now: number,
  timeZone?: string | null,
): FreezeBounds => ({
  today: dateKeyOf(now, timeZone),
  streamEnd: stream.endDate === null ? null : dateKeyOf(stream.endDate, timeZone),
});

/**
 * Whether the dialog would take any range at `now`. Every range starts today or later and ends at
 * least a day after its start, so today to tomorrow fits whenever any range does: none is left from
 * the stream's last day on (the server would answer each with a 422). A stream without an end always
 * has one.
 */
export function hasFreezeRange(
  stream: Pick<StreamAccess, 'endDate'>,
  now: number,
  timeZone?: string | null,
): boolean {
  const { today, streamEnd } = freezeBoundsOf(stream, now, timeZone);
  // `today` is a whole key (dateKeyOf): it always has a next day.
  const tomorrow = shiftDateKey(today, 1) ?? today;
  return isFreezeRangeValid(validateFreezeDates({ startDate: today, endDate: tomorrow }, today, streamEnd));
}
