import { describe, expect, it } from 'vitest';
import {
  type CalendarDay,
  type CalendarDayState,
  calendarDayState,
} from '../../../../src/domain/learning/calendarDayState';
import { daysFromNow, NOW } from './fixtures';

const day = (overrides: Partial<CalendarDay> = {}): CalendarDay => ({
  started: false,
  finished: false,
  locked: false,
  isCurrent: false,
  opensAt: null,
  ...overrides,
});

describe('calendar day state', () => {
  it.each<[string, Partial<CalendarDay>, CalendarDayState]>([
    ['finished', { started: true, finished: true, isCurrent: true }, { kind: 'done' }],
    ['finished while locked', { finished: true, locked: true }, { kind: 'done' }],
    ['locked', { locked: true, isCurrent: true }, { kind: 'closedUntil', date: null }],
    [
      'waiting for its delay',
      { opensAt: daysFromNow(1), isCurrent: true },
      { kind: 'closedUntil', date: daysFromNow(1) },
    ],
    ['at the end of its delay', { opensAt: NOW, isCurrent: true }, { kind: 'passNow' }],
    ['the current day, started', { isCurrent: true, started: true }, { kind: 'passNow' }],
    ['started, not current', { started: true, opensAt: daysFromNow(-1) }, { kind: 'received' }],
    ['open and untouched', {}, { kind: 'available' }],
  ])('%s', (_, overrides, expected) => {
    expect(calendarDayState(day(overrides), NOW)).toEqual(expected);
  });
});
