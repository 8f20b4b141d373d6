import * as v from 'valibot';
import type { paymentSubscriptions } from '../../db/schema';
import { toSecondsOrNull } from '../../http/time';

export const WireSubscription = v.object({
  id: v.number(),
  status: v.string(),
  is_lifetime: v.number(),
  is_active: v.number(),
  title: v.string(),
  period_count: v.number(),
  period: v.string(),
  next_pay_at: v.nullable(v.number()),
  end_date: v.nullable(v.number()),
  course_service_type: v.string(),
  recurrent_payments_enabled: v.number(),
});

export const WireInstallment = v.object({ id: v.number(), status: v.string() });

export function toWireSubscription(
  s: typeof paymentSubscriptions.$inferSelect,
): v.InferOutput<typeof WireSubscription> {
  return {
    id: s.id,
    status: s.status,
    is_lifetime: s.isLifetime,
    is_active: s.isActive,
    title: s.title,
    period_count: s.periodCount,
    period: s.period,
    next_pay_at: toSecondsOrNull(s.nextPayAt),
    end_date: toSecondsOrNull(s.endDate),
    course_service_type: s.courseServiceType,
    recurrent_payments_enabled: s.recurrentPaymentsEnabled,
  };
}
