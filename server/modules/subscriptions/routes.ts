import { asc, eq } from 'drizzle-orm';
import { installments, paymentSubscriptions } from '../../db/schema';
import { sendListPage } from '../../http/list-page';
import { PagingQuery } from '../../http/respond';
import { type ApiModule, pageAnswer, route } from '../../http/route';
import { toWireSubscription, WireInstallment, WireSubscription } from './wire';

/** Payment subscriptions and installments of the session's user. */
export const subscriptionsModule: ApiModule = {
  tag: 'subscriptions',
  description: "The learner's payment subscriptions and installments.",
  routes: [
    route({
      method: 'get',
      path: '/payment-subscription',
      summary: "The learner's payment subscriptions",
      access: 'session',
      learnerData: true,
      query: PagingQuery,
      answer: pageAnswer(WireSubscription),
      handle: (c, { query, auth }, { db }) =>
        sendListPage(c, db, query, {
          table: paymentSubscriptions,
          rows: db.select().from(paymentSubscriptions).$dynamic(),
          where: eq(paymentSubscriptions.userId, auth.user.id),
          orderBy: [asc(paymentSubscriptions.id)],
          toWire: toWireSubscription,
        }),
    }),

    route({
      method: 'get',
      path: '/installment',
      summary: "The learner's installments",
      access: 'session',
      learnerData: true,
      query: PagingQuery,
      answer: pageAnswer(WireInstallment),
      handle: (c, { query, auth }, { db }) =>
        sendListPage(c, db, query, {
          table: installments,
          rows: db.select({ id: installments.id, status: installments.status }).from(installments).$dynamic(),
          where: eq(installments.userId, auth.user.id),
          orderBy: [asc(installments.id)],
        }),
    }),
  ],
};
