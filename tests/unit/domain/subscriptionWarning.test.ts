import { describe, expect, it } from 'vitest';
import { isSubscriptionActive, needsSubscriptionWarning } from '../../../src/domain/subscriptionWarning';

const ended = { isActive: false, isLifetime: false };
const active = { isActive: true, isLifetime: false };
const lifetime = { isActive: false, isLifetime: true };
const optional = { isOptionalPurchase: true };
const bought = { isOptionalPurchase: false };

describe('subscription warning (route guard rule 4)', () => {
  it('counts active and lifetime subscriptions as active', () => {
    expect(isSubscriptionActive(active)).toBe(true);
    expect(isSubscriptionActive(lifetime)).toBe(true);
    expect(isSubscriptionActive(ended)).toBe(false);
  });

  it('warns when no subscription is active and every stream is an optional purchase', () => {
    expect(needsSubscriptionWarning([ended], [optional, optional])).toBe(true);
  });

  it.each([
    ['an active subscription', [ended, active], [optional]],
    ['a lifetime subscription', [lifetime], [optional]],
    ['a stream bought outright', [ended], [optional, bought]],
    ['no streams', [ended], []],
    ['no subscriptions ever', [], [optional]],
  ])('does not warn with %s', (_, subscriptions, streams) => {
    expect(needsSubscriptionWarning(subscriptions, streams)).toBe(false);
  });
});
