import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { installments, paymentSubscriptions } from '../db/schema';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/context';
import { readPaging, sendPage } from '../http/respond';
import type { Services } from '../services/container';
import { toSecondsOrNull } from '../services/users';

/** Payment subscriptions and installments of the session's user. */
export function subscriptionRoutes(services: Services) {
  const { db } = services;
  const auth = requireAuth(services.sessions);

  return new Hono<AppEnv>()
    .get('/payment-subscription', auth, async (c) => {
      const paging = readPaging(c);
      const mine = eq(paymentSubscriptions.userId, c.get('auth').user.id);
      const total = await db.$count(paymentSubscriptions, mine);
      const rows = await db
        .select()
        .from(paymentSubscriptions)
        .where(mine)
        .orderBy(asc(paymentSubscriptions.id))
        .limit(paging.perPage)
        .offset(paging.offset);
      return sendPage(
        c,
        paging,
        total,
        rows.map((s) => ({
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
        })),
      );
    })

    .get('/installment', auth, async (c) => {
      const paging = readPaging(c);
      const mine = eq(installments.userId, c.get('auth').user.id);
      const total = await db.$count(installments, mine);
      const rows = await db
        .select({ id: installments.id, status: installments.status })
        .from(installments)
        .where(mine)
        .orderBy(asc(installments.id))
        .limit(paging.perPage)
        .offset(paging.offset);
      return sendPage(c, paging, total, rows);
    });
}
