import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { installments, paymentSubscriptions } from '../db/schema';
import { requireAuth } from '../http/auth';
import type { AppEnv } from '../http/context';
import { sendListPage } from '../http/list-page';
import type { Services } from '../services/container';
import { toSecondsOrNull } from '../services/users';

/** Payment subscriptions and installments of the session's user. */
export function subscriptionRoutes(services: Services) {
  const { db } = services;
  const auth = requireAuth(services.sessions);

  return new Hono<AppEnv>()
    .get('/payment-subscription', auth, (c) =>
      sendListPage(c, db, {
        table: paymentSubscriptions,
        rows: db.select().from(paymentSubscriptions).$dynamic(),
        where: eq(paymentSubscriptions.userId, c.get('auth').user.id),
        orderBy: [asc(paymentSubscriptions.id)],
        toWire: (s) => ({
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
        }),
      }),
    )

    .get('/installment', auth, (c) =>
      sendListPage(c, db, {
        table: installments,
        rows: db.select({ id: installments.id, status: installments.status }).from(installments).$dynamic(),
        where: eq(installments.userId, c.get('auth').user.id),
        orderBy: [asc(installments.id)],
      }),
    );
}
