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
  frozenUntil: null,
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
    // A frozen stream: no day to do or to open until the freeze is over, finished ones stay done.
    [
      'the current day of a frozen stream',
      { isCurrent: true, frozenUntil: daysFromNow(3) },
      { kind: 'closedUntil', date: daysFromNow(3) },
    ],
    [
      'a started day of a frozen stream',
      { started: true, frozenUntil: daysFromNow(3) },
      { kind: 'closedUntil', date: daysFromNow(3) },
    ],
    [
      'an open day of a frozen stream',
      { opensAt: daysFromNow(-1), frozenUntil: daysFromNow(3) },
      { kind: 'closedUntil', date: daysFromNow(3) },
    ],
    [
      'a day of a frozen stream whose delay ends after the freeze',
      { opensAt: daysFromNow(5), frozenUntil: daysFromNow(3) },
      { kind: 'closedUntil', date: daysFromNow(5) },
    ],
    [
      'a finished day of a frozen stream',
      { started: true, finished: true, frozenUntil: daysFromNow(3) },
      { kind: 'done' },
    ],
    [
      'a locked demo day, whatever the freeze',
      { locked: true, frozenUntil: daysFromNow(3) },
      { kind: 'closedUntil', date: null },
    ],
    ['the current day once the freeze is over', { isCurrent: true, frozenUntil: NOW }, { kind: 'passNow' }],
  ])('%s', (_, overrides, expected) => {
    expect(calendarDayState(day(overrides), NOW)).toEqual(expected);
  });
});
