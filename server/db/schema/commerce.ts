import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
    /** Courses the subscription opens: an optional-purchase stream of one of them is open while it is active. */
    courseIds: jsonb('course_ids').$type<number[]>().notNull().default([]),
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

/**
 * What a school sells or gives (content spec, section 3 "Service"): type course_demo, course_buy or
 * course_subscription, optionally for one course. The demo service is what demo auto-enrolment reads.
 */
export const courseServices = pgTable('course_services', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  title: text('title').notNull(),
  courseId: integer('course_id'),
  /** Days of access an enrolment through this service gives. */
  accessDays: integer('access_days').notNull().default(30),
  appstoreProducts: jsonb('appstore_products').$type<{ code: string }[]>().notNull().default([]),
});
