import { describe, expect, it } from 'vitest';
import {
  type CalendarStream,
  calendarDayView,
  canOpenDay,
  dayNumberOf,
  initialStageId,
} from '../../../../src/domain/learning/calendarDays';
import type { Stage } from '../../../../src/domain/learning/course';
import type { Day } from '../../../../src/domain/learning/day';
import type { FreezeStatus } from '../../../../src/domain/learning/freeze';
import type { DayStatus, StreamFreeze, StreamStatuses } from '../../../../src/domain/learning/stream';
import { daysFromNow, NOW } from './fixtures';

const day = (overrides: Partial<Day> = {}): Day => ({
  id: 7,
  stageId: 1,
  dayNumber: 3,
  title: 'Day',
  excerpt: '',
  isDayOfRest: false,
  openingDelayMs: 0,
  finishTotalTimeMs: 0,
  requiredToComplete: false,
  repeatCount: 1,
  isDemoAccessible: false,
  lessonSets: [],
  ...overrides,
});

const status = (overrides: Partial<DayStatus> = {}): DayStatus => ({
  stageDayId: 7,
  dayStatusId: null,
  startedAt: null,
  finishedAt: null,
  isOpenByTimeDelay: true,
  opensAt: daysFromNow(-1),
  isDemoAccessible: false,
  ...overrides,
});

const statuses = (days: DayStatus[], currentDayId: number | null = null): StreamStatuses => ({
  stages: [],
  days,
  lessons: [],
  currentDay:
    currentDayId === null ? null : { stageId: 2, dayId: currentDayId, dayNumber: 3, title: '', excerpt: '' },
});

const paid: CalendarStream = { isDemo: false, courseFullAccess: true, status: 'open', freeze: null };
const demo: CalendarStream = { isDemo: true, courseFullAccess: false, status: 'open', freeze: null };

/** A freeze from yesterday through 13 May 2024, the last second of that day in Moscow (UTC+3). */
const freeze = (status: FreezeStatus): StreamFreeze => ({
  id: 4,
  status,
  startDate: daysFromNow(-1),
  endDate: Date.UTC(2024, 4, 13, 20, 59, 59),
});
/** The moment 14 May 2024 starts in Moscow: the first day after the freeze. */
const AFTER_FREEZE = Date.UTC(2024, 4, 13, 21);
const ZONE = 'Europe/Moscow';

describe('calendar day view', () => {
  it('shows a rest day as such', () => {
    expect(calendarDayView(day({ isDayOfRest: true }), paid, statuses([status()]), NOW)).toEqual({
      kind: 'rest',
    });
    // Done, or the day to do today, it is still a rest day.
    const done = status({ startedAt: daysFromNow(-1), finishedAt: NOW });
    expect(calendarDayView(day({ isDayOfRest: true }), paid, statuses([done], 7), NOW)).toEqual({
      kind: 'rest',
    });
  });

  it('shows a rest day its page would not open as closed, as any other day', () => {
    const rest = day({ isDayOfRest: true });
    expect(calendarDayView(rest, demo, statuses([status()]), NOW)).toEqual({
      kind: 'closedUntil',
      date: null,
    });
    expect(calendarDayView(rest, paid, statuses([status({ opensAt: daysFromNow(2) })]), NOW)).toEqual({
      kind: 'closedUntil',
      date: daysFromNow(2),
    });
    expect(calendarDayView(rest, demo, statuses([status({ isDemoAccessible: true })]), NOW)).toEqual({
      kind: 'rest',
    });
  });

  it.each([
    ['done', status({ startedAt: daysFromNow(-1), finishedAt: NOW }), null, { kind: 'done' }],
    ['pass now', status(), 7, { kind: 'passNow' }],
    ['received', status({ dayStatusId: 3, startedAt: daysFromNow(-1) }), null, { kind: 'received' }],
    ['available', status(), null, { kind: 'available' }],
    [
      'closed until its delay ends',
      status({ opensAt: daysFromNow(2) }),
      7,
      { kind: 'closedUntil', date: daysFromNow(2) },
    ],
  ])('%s', (_, dayStatus, currentDayId, view) => {
    expect(calendarDayView(day(), paid, statuses([dayStatus], currentDayId), NOW)).toEqual(view);
  });

  it('locks a demo stream’s day the status says is not demo-accessible, with no date to wait for', () => {
    expect(calendarDayView(day(), demo, statuses([status()]), NOW)).toEqual({
      kind: 'closedUntil',
      date: null,
    });
    expect(calendarDayView(day(), demo, statuses([status({ isDemoAccessible: true })]), NOW)).toEqual({
      kind: 'available',
    });
  });

  it('shows a demo-accessible day waiting for its opening delay closed until its date, not locked', () => {
    const waiting = { isDemoAccessible: true, isOpenByTimeDelay: false, opensAt: daysFromNow(1) };
    expect(calendarDayView(day(), demo, statuses([status(waiting)]), NOW)).toEqual({
      kind: 'closedUntil',
      date: daysFromNow(1),
    });
    // Without a date to show it stays closed all the same.
    expect(
      calendarDayView(
        day(),
        demo,
        statuses([status({ isDemoAccessible: true, isOpenByTimeDelay: false, opensAt: undefined })]),
        NOW,
      ),
    ).toEqual({
      kind: 'closedUntil',
      date: null,
    });
  });

  it('falls back to the day’s own demo flag when the status lacks the day', () => {
    expect(calendarDayView(day({ isDemoAccessible: true }), demo, statuses([]), NOW)).toEqual({
      kind: 'available',
    });
    expect(calendarDayView(day(), demo, statuses([]), NOW)).toEqual({ kind: 'closedUntil', date: null });
  });

  describe('of a frozen stream', () => {
    const frozen = (status: FreezeStatus): CalendarStream => ({
      ...paid,
      status: 'freeze',
      freeze: freeze(status),
    });
    const closedAfterFreeze = { kind: 'closedUntil', date: AFTER_FREEZE };

    it.each([
      ['the current day', status(), 7, closedAfterFreeze],
      ['a started day', status({ dayStatusId: 3, startedAt: daysFromNow(-2) }), null, closedAfterFreeze],
      ['an open day', status(), null, closedAfterFreeze],
      [
        'a day whose delay ends after the freeze',
        status({ opensAt: daysFromNow(6) }),
        null,
        { kind: 'closedUntil', date: daysFromNow(6) },
      ],
      [
        'a finished day',
        status({ startedAt: daysFromNow(-3), finishedAt: daysFromNow(-2) }),
        7,
        { kind: 'done' },
      ],
    ])('keeps %s closed until the day after the freeze ends', (_, dayStatus, currentDayId, view) => {
      expect(
        calendarDayView(day(), frozen('active'), statuses([dayStatus], currentDayId), NOW, ZONE),
      ).toEqual(view);
    });

    it('counts a freeze created for a start date that has come, as the stream’s status does', () => {
      expect(calendarDayView(day(), frozen('created'), statuses([status()], 7), NOW, ZONE)).toEqual(
        closedAfterFreeze,
      );
    });

    it('names the first day after the freeze in the learner’s time zone', () => {
      // 20:59:59 UTC on the 13th is still the 13th in Lima: its days open as the 14th starts there.
      expect(calendarDayView(day(), frozen('active'), statuses([status()]), NOW, 'America/Lima')).toEqual({
        kind: 'closedUntil',
        date: Date.UTC(2024, 4, 14, 5),
      });
    });

    it('closes a rest day too: its page says the freeze holds it', () => {
      expect(
        calendarDayView(day({ isDayOfRest: true }), frozen('active'), statuses([status()]), NOW, ZONE),
      ).toEqual(closedAfterFreeze);
    });

    it('opens the days of a freeze to come, or cancelled, as before', () => {
      const later = { ...paid, freeze: { ...freeze('created'), startDate: daysFromNow(2) } };
      expect(calendarDayView(day(), later, statuses([status()], 7), NOW, ZONE)).toEqual({ kind: 'passNow' });
      const cancelled = { ...paid, freeze: freeze('canceled') };
      expect(calendarDayView(day(), cancelled, statuses([status()], 7), NOW, ZONE)).toEqual({
        kind: 'passNow',
      });
    });
  });

  it('opens every day but the closed ones', () => {
    expect(canOpenDay({ kind: 'closedUntil', date: null })).toBe(false);
    expect(canOpenDay({ kind: 'rest' })).toBe(true);
    expect(canOpenDay({ kind: 'received' })).toBe(true);
  });
});

describe('initial stage', () => {
  const stages: Stage[] = [1, 2, 3].map((id) => ({ id, courseId: 1, title: '', sort: id, dayIds: [] }));

  it('prefers the saved stage, then the current day’s, then the first', () => {
    expect(initialStageId(stages, 3, statuses([], 7))).toBe(3);
    expect(initialStageId(stages, 9, statuses([], 7))).toBe(2);
    expect(initialStageId(stages, null, statuses([]))).toBe(1);
    expect(initialStageId([], null, null)).toBeNull();
  });
});

describe('day number of a day id', () => {
  it('finds the day, or says it is not there', () => {
    expect(dayNumberOf([day()], 7)).toBe(3);
    expect(dayNumberOf([day()], 8)).toBeNull();
  });
});
