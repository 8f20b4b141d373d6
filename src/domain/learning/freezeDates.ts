import { type DateKey, dateKeyToMs } from './calendarDates';
import { type FreezeRangeErrors, validateFreezeRange } from './freezeRange';

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
