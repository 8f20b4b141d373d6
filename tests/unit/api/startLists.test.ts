import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  toStream,
  toSubscription,
  toUserCommunity,
  WireStreamSchema,
  WireSubscriptionSchema,
  WireUserCommunitySchema,
} from '../../../src/api/startLists';

describe('start list converters', () => {
  it('converts a stream: ms timestamps, boolean flags, progress capped at 100', () => {
    const stream = toStream(
      v.parse(WireStreamSchema, {
        id: 1,
        course_id: 2,
        start_date: 1_700_000_000,
        end_date: null,
        status: 'open',
        is_demo: 0,
        course_version: 3,
        course_full_access: 1,
        mobile_access: 0,
        is_optional_purchase: 1,
        progress: { days_count: 3, complete_days_count: 4, progress: 133 },
      }),
    );
    expect(stream).toEqual({
      id: 1,
      courseId: 2,
      startDate: 1_700_000_000_000,
      endDate: null,
      status: 'open',
      isDemo: false,
      courseVersion: 3,
      courseFullAccess: true,
      mobileAccess: false,
      isOptionalPurchase: true,
      progress: { daysCount: 3, completeDaysCount: 4, progress: 100 },
    });
  });

  const wireSubscription = {
    id: 5,
    status: 1,
    is_lifetime: 0,
    is_active: 1,
    title: 'Quarterly',
    period_count: 3,
    period: 'month',
    next_pay_at: 1_800_000_000,
    end_date: 1_800_000_001,
    course_service_type: null,
    recurrent_payments_enabled: 1,
  };
  const subscriptionOf = (wire: object) => toSubscription(v.parse(WireSubscriptionSchema, wire));

  it('converts a subscription: ms dates, the count as period and its unit as interval', () => {
    expect(subscriptionOf(wireSubscription)).toEqual({
      id: 5,
      status: '1',
      isActive: true,
      isLifetime: false,
      title: 'Quarterly',
      period: 3,
      interval: 'month',
      nextPayAt: 1_800_000_000_000,
      endDate: 1_800_000_001_000,
      courseServiceType: null,
      recurrentPaymentsEnabled: true,
    });
  });

  it('takes the end date as the next payment when the server names none', () => {
    expect(subscriptionOf({ ...wireSubscription, next_pay_at: null }).nextPayAt).toBe(1_800_000_001_000);
    expect(subscriptionOf({ ...wireSubscription, next_pay_at: undefined }).nextPayAt).toBe(1_800_000_001_000);
    expect(subscriptionOf({ ...wireSubscription, next_pay_at: null, end_date: null }).nextPayAt).toBeNull();
  });

  it('leaves period and interval empty when the server sends neither', () => {
    const subscription = subscriptionOf({ ...wireSubscription, period_count: null, period: undefined });
    expect(subscription).toMatchObject({ period: null, interval: null });
  });

  it('converts a user community', () => {
    const wire = { community_id: 9, start_date: 10, end_date: null, is_optional_purchase: 0 };
    expect(toUserCommunity(v.parse(WireUserCommunitySchema, wire))).toEqual({
      communityId: 9,
      startDate: 10_000,
      endDate: null,
      isOptionalPurchase: false,
    });
  });

  it('rejects a stream whose dates are not numbers', () => {
    const result = v.safeParse(WireStreamSchema, { id: 1, course_id: 2, start_date: '2024-01-01' });
    expect(result.success).toBe(false);
  });
});
