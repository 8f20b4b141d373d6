import { describe, expect, it } from 'vitest';
import {
  type Freeze,
  freezeLiftsAt,
  freezeStatusAt,
  isFreezeInForce,
} from '../../../../src/domain/learning/freeze';
import { daysFromNow, NOW } from './fixtures';

const freeze = (overrides: Partial<Freeze> = {}): Freeze => ({
  status: 'active',
  startDate: daysFromNow(-1),
  endDate: daysFromNow(3),
  ...overrides,
});

describe('a freeze in force', () => {
  it.each<[string, Partial<Freeze>, boolean]>([
    ['active, between its dates', {}, true],
    ['created, its start date come', { status: 'created' }, true],
    ['created for later', { status: 'created', startDate: daysFromNow(1) }, false],
    ['canceled', { status: 'canceled' }, false],
    ['over', { endDate: daysFromNow(-0.5) }, false],
  ])('%s: %s', (_, overrides, inForce) => {
    expect(isFreezeInForce(freeze(overrides), NOW)).toBe(inForce);
  });
});

describe('the status a freeze answers with', () => {
  it.each<[string, Partial<Freeze>, Freeze['status']]>([
    ['created for later', { status: 'created', startDate: daysFromNow(1) }, 'created'],
    ['created, its start date come', { status: 'created' }, 'active'],
    ['created, starting this very moment', { status: 'created', startDate: NOW }, 'active'],
    ['active', {}, 'active'],
    ['active, over', { endDate: daysFromNow(-0.5) }, 'active'],
    ['canceled before it started', { status: 'canceled', startDate: daysFromNow(1) }, 'canceled'],
    ['canceled while in force', { status: 'canceled' }, 'canceled'],
  ])('%s: %s', (_, overrides, status) => {
    expect(freezeStatusAt(freeze(overrides), NOW)).toBe(status);
  });
});

describe('when a freeze lifts', () => {
  it('is the start of the day after its end date, in the learner’s time zone', () => {
    // The server ends a freeze on the last second of its end date: 5 December 2026 in Madrid (UTC+1).
    const endDate = Date.UTC(2026, 11, 5, 22, 59, 59);
    expect(new Date(freezeLiftsAt(freeze({ endDate }), 'Europe/Madrid')).toISOString()).toBe(
      '2026-12-05T23:00:00.000Z',
    );
    // An end set at any hour of the day (as an import may) still holds that whole day.
    expect(freezeLiftsAt(freeze({ endDate: Date.UTC(2026, 11, 5, 10) }), 'Europe/Madrid')).toBe(
      Date.UTC(2026, 11, 5, 23),
    );
  });
});
