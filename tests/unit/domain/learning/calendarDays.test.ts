import { describe, expect, it } from 'vitest';
import {
  calendarDayView,
  canOpenDay,
  dayNumberOf,
  initialStageId,
} from '../../../../src/domain/learning/calendarDays';
import type { Stage } from '../../../../src/domain/learning/course';
import type { Day } from '../../../../src/domain/learning/day';
import type { DayStatus, StreamStatuses } from '../../../../src/domain/learning/stream';
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

const paid = { isDemo: false, courseFullAccess: true };
const demo = { isDemo: true, courseFullAccess: false };

describe('calendar day view', () => {
  it('shows a rest day as such', () => {
    expect(calendarDayView(day({ isDayOfRest: true }), paid, statuses([status()]), NOW)).toEqual({
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

  it('falls back to the day’s own demo flag when the status lacks the day', () => {
    expect(calendarDayView(day({ isDemoAccessible: true }), demo, statuses([]), NOW)).toEqual({
      kind: 'available',
    });
    expect(calendarDayView(day(), demo, statuses([]), NOW)).toEqual({ kind: 'closedUntil', date: null });
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
