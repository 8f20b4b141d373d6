import { describe, expect, it } from 'vitest';
import { isInProgress, type StreamStatus, streamStatus } from '../../../../src/domain/learning/streamStatus';
import { daysFromNow, NOW, stream } from './fixtures';

const ended = { isActive: false, isLifetime: false };
const active = { isActive: true, isLifetime: false };
const lifetime = { isActive: false, isLifetime: true };
const activeFreeze = { status: 'active' as const, startDate: daysFromNow(-2), endDate: daysFromNow(5) };

describe('stream status (content spec, section 4)', () => {
  it.each<[string, Parameters<typeof stream>[0], (typeof ended)[], StreamStatus]>([
    ['between start and end', {}, [], 'open'],
    ['on the moment of start', { startDate: NOW }, [], 'open'],
    ['just before the start', { startDate: NOW + 1 }, [], 'not_started'],
    ['on the moment of end', { endDate: NOW }, [], 'open'],
    ['just after the end', { endDate: NOW - 1 }, [], 'ended'],
    ['without an end date', { endDate: null }, [], 'open'],
    ['an active freeze', { freeze: activeFreeze }, [], 'freeze'],
    ['a created freeze that has begun', { freeze: { ...activeFreeze, status: 'created' } }, [], 'freeze'],
    ['a canceled freeze', { freeze: { ...activeFreeze, status: 'canceled' } }, [], 'open'],
    ['a freeze that ended', { freeze: { ...activeFreeze, endDate: NOW - 1 } }, [], 'open'],
    ['a freeze not yet begun', { freeze: { ...activeFreeze, startDate: NOW + 1 } }, [], 'open'],
    ['a freeze past the stream end', { endDate: NOW - 1, freeze: activeFreeze }, [], 'freeze'],
    ['a demo before its start', { isDemo: true, startDate: daysFromNow(1) }, [], 'not_started'],
    ['a demo past its end', { isDemo: true, endDate: daysFromNow(-1) }, [], 'open'],
    ['a demo optional purchase with no subscription', { isDemo: true, isOptionalPurchase: true }, [], 'open'],
    ['an optional purchase with an active subscription', { isOptionalPurchase: true }, [active], 'open'],
    [
      'an optional purchase with a lifetime subscription',
      { isOptionalPurchase: true },
      [ended, lifetime],
      'open',
    ],
    [
      'an optional purchase past its end with a lifetime one',
      { isOptionalPurchase: true, endDate: daysFromNow(-3) },
      [lifetime],
      'open',
    ],
    ['an optional purchase with an ended subscription', { isOptionalPurchase: true }, [ended], 'stopped'],
    ['an optional purchase with no subscription', { isOptionalPurchase: true }, [], 'stopped'],
    [
      'an optional purchase before its start',
      { isOptionalPurchase: true, startDate: daysFromNow(2) },
      [],
      'not_started',
    ],
  ])('%s', (_, overrides, subscriptions, expected) => {
    expect(streamStatus(stream(overrides), subscriptions, NOW)).toBe(expected);
  });
});

describe('in progress', () => {
  it.each<[StreamStatus, number, boolean]>([
    ['open', 0, true],
    ['open', 99, true],
    ['open', 100, false],
    ['not_started', 0, false],
    ['freeze', 40, false],
    ['ended', 40, false],
    ['stopped', 40, false],
  ])('%s at %i%% is %s', (status, progress, expected) => {
    expect(isInProgress(status, progress)).toBe(expected);
  });
});
