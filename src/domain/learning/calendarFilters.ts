import * as v from 'valibot';

/**
 * The calendar's view filters, kept per stream on the server (POST .../filters) so the calendar opens
 * the way the learner left it, on any device: whether finished days are shown, and the stage last
 * looked at (the spec's "The last position is saved"). The stream's `filters` object is free-form
 * JSON; anything this app does not recognise falls back to the defaults.
 */
export type CalendarFilters = { showFinished: boolean; stageId: number | null };

export const DEFAULT_CALENDAR_FILTERS: CalendarFilters = { showFinished: true, stageId: null };

const StoredFiltersSchema = v.object({
  showFinished: v.fallback(v.boolean(), DEFAULT_CALENDAR_FILTERS.showFinished),
  stageId: v.fallback(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null),
});

export function readCalendarFilters(stored: Readonly<Record<string, unknown>>): CalendarFilters {
  const parsed = v.safeParse(StoredFiltersSchema, stored);
  return parsed.success ? parsed.output : DEFAULT_CALENDAR_FILTERS;
}

/**
 * The object to store: the stream's other keys are kept, since another screen or app version may
 * keep its own settings there.
 */
export const writeCalendarFilters = (
  stored: Readonly<Record<string, unknown>>,
  filters: CalendarFilters,
): Record<string, unknown> => ({ ...stored, showFinished: filters.showFinished, stageId: filters.stageId });
