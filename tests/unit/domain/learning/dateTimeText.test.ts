import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime } from '../../../../src/domain/learning/calendarDates';

describe('dates and times as the app shows them', () => {
  const lateEvening = Date.UTC(2026, 10, 26, 22, 55);

  it('writes a moment as DD.MM.YYYY HH:MM on a 24-hour clock, in the learner’s zone', () => {
    expect(formatDateTime(lateEvening, 'UTC')).toBe('26.11.2026 22:55');
    // Past midnight in Moscow: the next day.
    expect(formatDateTime(lateEvening, 'Europe/Moscow')).toBe('27.11.2026 01:55');
    expect(formatDateTime(Date.UTC(2026, 2, 2, 10, 0), 'America/New_York')).toBe('02.03.2026 05:00');
  });

  it('pads hours and minutes, and writes midnight as 00:00', () => {
    expect(formatTime(Date.UTC(2026, 0, 1, 0, 0), 'UTC')).toBe('00:00');
    expect(formatTime(Date.UTC(2026, 0, 1, 7, 5), 'UTC')).toBe('07:05');
  });

  it('falls back to the runtime’s zone for a zone it does not know', () => {
    expect(formatDateTime(lateEvening, 'Mars/Olympus')).toBe(formatDateTime(lateEvening, undefined));
  });
});
