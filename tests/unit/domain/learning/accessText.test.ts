import { describe, expect, it } from 'vitest';
import { type AccessText, accessText } from '../../../../src/domain/learning/accessText';
import { streamStatus } from '../../../../src/domain/learning/streamStatus';
import { DAY_MS, HOUR_MS } from '../../../../src/domain/limits';
import { daysFromNow, NOW, stream } from './fixtures';

const days = (count: number) => ({ unit: 'day' as const, count });
const hours = (count: number) => ({ unit: 'hour' as const, count });
const lifetime = { isActive: false, isLifetime: true };
const freeze = { status: 'active' as const, startDate: daysFromNow(-1), endDate: daysFromNow(4) };

describe('access text (content spec, section 4)', () => {
  it.each<[string, Parameters<typeof stream>[0], boolean, AccessText]>([
    [
      'starts in a day and a half',
      { startDate: NOW + 1.5 * DAY_MS },
      false,
      { kind: 'startsIn', wait: days(2) },
    ],
    ['starts in exactly a day', { startDate: NOW + DAY_MS }, false, { kind: 'startsIn', wait: days(1) }],
    // Under a day the wait is in hours, rounded up, and never reads zero.
    [
      'starts in a part of a day',
      { startDate: NOW + 5.5 * HOUR_MS },
      false,
      { kind: 'startsIn', wait: hours(6) },
    ],
    ['starts in a moment', { startDate: NOW + 1 }, false, { kind: 'startsIn', wait: hours(1) }],
    ['frozen', { freeze }, false, { kind: 'frozenUntil', date: freeze.endDate }],
    [
      'stopped after its end date',
      { isOptionalPurchase: true, endDate: daysFromNow(-2) },
      false,
      { kind: 'stoppedOn', date: daysFromNow(-2) },
    ],
    [
      'stopped on its end date',
      { isOptionalPurchase: true, endDate: NOW },
      false,
      { kind: 'stoppedOn', date: NOW },
    ],
    // Its subscription ended before the stream's end: no date still to come.
    ['stopped before its end date', { isOptionalPurchase: true }, false, { kind: 'stoppedOn', date: null }],
    [
      'stopped without an end date',
      { isOptionalPurchase: true, endDate: null },
      false,
      { kind: 'stoppedOn', date: null },
    ],
    ['ended', { endDate: daysFromNow(-2) }, false, { kind: 'endedOn', date: daysFromNow(-2) }],
    ['open far from the end', {}, false, { kind: 'timeLeft', wait: days(20), warning: false }],
    [
      'open a part day more than the warning',
      { endDate: NOW + 3.2 * DAY_MS },
      false,
      { kind: 'timeLeft', wait: days(4), warning: false },
    ],
    [
      'open exactly the warning away',
      { endDate: daysFromNow(3) },
      false,
      { kind: 'timeLeft', wait: days(3), warning: true },
    ],
    [
      'open for a few more hours',
      { endDate: NOW + 2 * HOUR_MS },
      false,
      { kind: 'timeLeft', wait: hours(2), warning: true },
    ],
    [
      'open for a day less a minute',
      { endDate: NOW + DAY_MS - 60_000 },
      false,
      { kind: 'timeLeft', wait: hours(24), warning: true },
    ],
    ['open on its last moment', { endDate: NOW }, false, { kind: 'timeLeft', wait: hours(1), warning: true }],
    ['open without an end date', { endDate: null }, false, { kind: 'unlimited' }],
    ['a demo past its end', { isDemo: true, endDate: daysFromNow(-1) }, false, { kind: 'demo' }],
    // A demo never ends: no countdown, and no warning of an end, however near its end date.
    ['a demo near its end', { isDemo: true, endDate: daysFromNow(1) }, false, { kind: 'demo' }],
    ['a demo far from its end', { isDemo: true, endDate: daysFromNow(20) }, false, { kind: 'demo' }],
    [
      'a demo not started yet',
      { isDemo: true, startDate: NOW + 1.5 * DAY_MS },
      false,
      { kind: 'startsIn', wait: days(2) },
    ],
    [
      'an optional purchase past its end kept by a subscription',
      { isOptionalPurchase: true, endDate: daysFromNow(-1) },
      true,
      { kind: 'openPastEnd', date: daysFromNow(-1) },
    ],
    [
      'an optional purchase kept by a subscription',
      { isOptionalPurchase: true, endDate: daysFromNow(2) },
      true,
      { kind: 'timeLeft', wait: days(2), warning: true },
    ],
  ])('%s', (_, overrides, subscribed, expected) => {
    const subject = stream(overrides);
    const status = streamStatus(subject, subscribed ? [lifetime] : [], NOW);
    expect(accessText(subject, status, NOW, 3)).toEqual(expected);
  });

  it.each([
    [3, false],
    [30, true],
  ])('takes the warning window from the brand (%i days)', (daysShowWarning, warning) => {
    expect(accessText(stream({ endDate: daysFromNow(10) }), 'open', NOW, daysShowWarning)).toEqual({
      kind: 'timeLeft',
      wait: days(10),
      warning,
    });
  });
});
