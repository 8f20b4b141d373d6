import { describe, expect, it } from 'vitest';
import { isCourseVersionSupported } from '../../../../src/domain/learning/course';
import type { FreezeStatus } from '../../../../src/domain/learning/freeze';
import {
  canFreeze,
  dayProgressStatusOf,
  type FreezeAction,
  freezeActionOf,
  hasAccessEnded,
  holdingFreeze,
  pendingFreeze,
  plannedFreeze,
} from '../../../../src/domain/learning/stream';
import type { StreamStatus } from '../../../../src/domain/learning/streamStatus';

const freeze = (status: FreezeStatus) => ({ id: 1, status, startDate: 0, endDate: 1 });
const NOW = Date.parse('2030-03-10T12:00:00Z');

describe('stream rules', () => {
  it.each<[StreamStatus, boolean]>([
    ['ended', true],
    ['stopped', true],
    ['open', false],
    ['freeze', false],
    ['not_started', false],
  ])('access of a %s stream has ended: %s', (status, ended) => {
    expect(hasAccessEnded({ status })).toBe(ended);
  });

  it('holds a created or active freeze as pending, a canceled one not', () => {
    expect(pendingFreeze({ freeze: freeze('created') })?.status).toBe('created');
    expect(pendingFreeze({ freeze: freeze('active') })?.status).toBe('active');
    expect(pendingFreeze({ freeze: freeze('canceled') })).toBeNull();
    expect(pendingFreeze({ freeze: null })).toBeNull();
  });

  it('names the freeze holding a frozen stream, active or created for a start date that has come', () => {
    expect(holdingFreeze({ status: 'freeze', freeze: freeze('active') })?.status).toBe('active');
    expect(holdingFreeze({ status: 'freeze', freeze: freeze('created') })?.status).toBe('created');
    // A freeze to come does not hold an open stream yet.
    expect(holdingFreeze({ status: 'open', freeze: freeze('created') })).toBeNull();
    expect(holdingFreeze({ status: 'open', freeze: freeze('canceled') })).toBeNull();
    expect(holdingFreeze({ status: 'freeze', freeze: null })).toBeNull();
  });

  it('names a freeze created for later as planned until it holds the stream', () => {
    expect(plannedFreeze({ status: 'open', freeze: freeze('created') })?.status).toBe('created');
    expect(plannedFreeze({ status: 'freeze', freeze: freeze('created') })).toBeNull();
    expect(plannedFreeze({ status: 'freeze', freeze: freeze('active') })).toBeNull();
    expect(plannedFreeze({ status: 'open', freeze: freeze('canceled') })).toBeNull();
    expect(plannedFreeze({ status: 'open', freeze: null })).toBeNull();
  });

  it('lets only an open, bought stream without a pending freeze be frozen', () => {
    const can = (stream: Omit<Parameters<typeof canFreeze>[0], 'endDate'>) =>
      canFreeze({ ...stream, endDate: null }, NOW, 'UTC');
    expect(can({ status: 'open', isDemo: false, freeze: null })).toBe(true);
    expect(can({ status: 'open', isDemo: false, freeze: freeze('canceled') })).toBe(true);
    expect(can({ status: 'open', isDemo: true, freeze: null })).toBe(false);
    expect(can({ status: 'open', isDemo: false, freeze: freeze('created') })).toBe(false);
    expect(can({ status: 'not_started', isDemo: false, freeze: null })).toBe(false);
  });

  it('offers to unfreeze a pending freeze, else to freeze where allowed, else nothing', () => {
    const action = (stream: Omit<Parameters<typeof freezeActionOf>[0], 'endDate'>) =>
      freezeActionOf({ ...stream, endDate: null }, NOW, 'UTC');
    expect(action({ status: 'freeze', isDemo: false, freeze: freeze('active') })).toBe('unfreeze');
    expect(action({ status: 'open', isDemo: false, freeze: freeze('created') })).toBe('unfreeze');
    expect(action({ status: 'open', isDemo: false, freeze: freeze('canceled') })).toBe('freeze');
    expect(action({ status: 'open', isDemo: true, freeze: null })).toBeNull();
    expect(action({ status: 'ended', isDemo: false, freeze: freeze('canceled') })).toBeNull();
  });

  // The stream's last day in the learner's zone (Los Angeles, 7 hours behind UTC in June) starts at
  // 07:00 UTC: no freeze fits from then on, while a pending one can still be cancelled.
  const endDate = Date.parse('2030-06-30T23:59:59-07:00');
  it.each<[string, FreezeAction | null, number, FreezeStatus | null]>([
    ['the day before the last, 23:59 there', 'freeze', Date.parse('2030-06-30T06:59:00Z'), null],
    ['the last day, 00:01 there', null, Date.parse('2030-06-30T07:01:00Z'), null],
    ['the last day, with a freeze to cancel', 'unfreeze', Date.parse('2030-06-30T07:01:00Z'), 'created'],
  ])('on %s offers %s', (_, expected, now, freezeStatus) => {
    const stream = {
      status: 'open' as const,
      isDemo: false,
      freeze: freezeStatus && freeze(freezeStatus),
      endDate,
    };
    expect(freezeActionOf(stream, now, 'America/Los_Angeles')).toBe(expected);
    expect(canFreeze(stream, now, 'America/Los_Angeles')).toBe(expected === 'freeze');
  });
});

describe('course version', () => {
  const versions = [
    { courseId: 1, version: 1, isSupported: false },
    { courseId: 1, version: 2, isSupported: true },
    { courseId: 2, version: 1, isSupported: true },
  ];

  it.each([
    [{ courseId: 1, courseVersion: 2 }, true],
    [{ courseId: 1, courseVersion: 1 }, false],
    [{ courseId: 1, courseVersion: 3 }, false],
    [{ courseId: 1, courseVersion: null }, false],
    [{ courseId: 2, courseVersion: 1 }, true],
  ])('%j is supported: %s', (stream, supported) => {
    expect(isCourseVersionSupported(stream, versions)).toBe(supported);
  });
});

describe("a day's progress as statistics tell it", () => {
  const day = (startedAt: number | null, finishedAt: number | null) => ({
    stageDayId: 3,
    dayStatusId: startedAt === null ? null : 7,
    startedAt,
    finishedAt,
    isOpenByTimeDelay: true,
    opensAt: 0,
    isDemoAccessible: false,
  });

  it.each([
    [undefined, 'not_started'],
    [day(null, null), 'not_started'],
    [day(1000, null), 'started'],
    [day(1000, 2000), 'ended'],
  ] as const)('%j is %s', (status, expected) => {
    expect(dayProgressStatusOf(status)).toBe(expected);
  });
});
