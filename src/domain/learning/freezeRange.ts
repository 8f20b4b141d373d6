/**
 * The freeze dialog's dates (content spec, section 4 "Freeze"): the start not before today, the end
 * after the start and not after the stream's end. Dates are the starts of calendar days in ms, in the
 * learner's time zone, as the caller reads them from the date picker; `today` likewise. The server
 * checks the same rules and answers 422 on start_date and end_date.
 */
export type FreezeRangeError =
  | { code: 'required' }
  | { code: 'beforeToday'; min: number }
  | { code: 'notAfterStart'; min: number }
  | { code: 'afterStreamEnd'; max: number };

export type FreezeRangeErrors = Partial<Record<'start' | 'end', FreezeRangeError[]>>;

export type FreezeRange = { start: number | null; end: number | null };

export function validateFreezeRange(
  range: FreezeRange,
  today: number,
  streamEndDate: number | null,
): FreezeRangeErrors {
  const errors: FreezeRangeErrors = {};
  if (range.start === null) errors.start = [{ code: 'required' }];
  else if (range.start < today) errors.start = [{ code: 'beforeToday', min: today }];
  if (range.end === null) errors.end = [{ code: 'required' }];
  else if (range.start !== null && range.end <= range.start)
    errors.end = [{ code: 'notAfterStart', min: range.start }];
  else if (streamEndDate !== null && range.end > streamEndDate)
    errors.end = [{ code: 'afterStreamEnd', max: streamEndDate }];
  return errors;
}

export const isFreezeRangeValid = (errors: FreezeRangeErrors): boolean =>
  errors.start === undefined && errors.end === undefined;
