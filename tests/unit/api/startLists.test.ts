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

  it('converts a subscription with its dates in ms', () => {
    const subscription = toSubscription(
      v.parse(WireSubscriptionSchema, {
        id: 5,
        status: 1,
        is_lifetime: 0,
        is_active: 1,
        title: 'Monthly',
        period_count: 1,
        period: 'month',
        next_pay_at: 1_800_000_000,
        end_date: 1_800_000_001,
        course_service_type: null,
        recurrent_payments_enabled: 1,
      }),
    );
    expect(subscription).toMatchObject({
      status: '1',
      isActive: true,
      isLifetime: false,
      nextPayAt: 1_800_000_000_000,
      endDate: 1_800_000_001_000,
      recurrentPaymentsEnabled: true,
    });
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
