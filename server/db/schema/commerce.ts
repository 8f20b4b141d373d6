import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { flag, moment } from './columns';

/** What a learner pays with: subscriptions, installments and points. */

export const paymentSubscriptions = pgTable(
  'payment_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** created, active or canceled. */
    status: text('status').notNull(),
    isLifetime: flag('is_lifetime'),
    isActive: flag('is_active'),
    title: text('title').notNull(),
    periodCount: integer('period_count').notNull().default(1),
    /** day, week, month or year. */
    period: text('period').notNull().default('month'),
    nextPayAt: moment('next_pay_at'),
    endDate: moment('end_date'),
    /** main_subscription or general_subscription (the mobile one). */
    courseServiceType: text('course_service_type').notNull().default('main_subscription'),
    recurrentPaymentsEnabled: flag('recurrent_payments_enabled'),
  },
  (t) => [index('payment_subscriptions_user_id_idx').on(t.userId)],
);

/** Point entries: positive amounts are top-ups, negative ones debits. */
export const userScores = pgTable(
  'user_scores',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index('user_scores_user_id_idx').on(t.userId)],
);

export const installments = pgTable(
  'installments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** active, paid or cancelled. */
    status: text('status').notNull(),
  },
  (t) => [index('installments_user_id_idx').on(t.userId)],
);
