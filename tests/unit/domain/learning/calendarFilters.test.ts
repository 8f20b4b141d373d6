import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CALENDAR_FILTERS,
  readCalendarFilters,
  writeCalendarFilters,
} from '../../../../src/domain/learning/calendarFilters';

describe('calendar filters', () => {
  it('reads what the calendar stored', () => {
    expect(readCalendarFilters({ showFinished: false, stageId: 4 })).toEqual({
      showFinished: false,
      stageId: 4,
    });
  });

  it('falls back per field on anything it does not recognise', () => {
    expect(readCalendarFilters({})).toEqual(DEFAULT_CALENDAR_FILTERS);
    expect(readCalendarFilters({ showFinished: 'no', stageId: 2 })).toEqual({
      showFinished: true,
      stageId: 2,
    });
    expect(readCalendarFilters({ showFinished: false, stageId: -1 })).toEqual({
      showFinished: false,
      stageId: null,
    });
    expect(readCalendarFilters({ stageId: 1.5 })).toEqual(DEFAULT_CALENDAR_FILTERS);
  });

  it('keeps the stream’s other keys when writing', () => {
    expect(writeCalendarFilters({ theme: 'dark', stageId: 1 }, { showFinished: false, stageId: 3 })).toEqual({
      theme: 'dark',
      showFinished: false,
      stageId: 3,
    });
  });
});
