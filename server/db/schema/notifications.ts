import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';
import { createdAt } from './columns';

/** Reminders and web push: the learner's weekly schedule, the devices to push to, what has fired. */

/** One reminder time on one weekday (ISO: Monday 1 … Sunday 7), as minutes after local midnight. */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    minuteOfDay: smallint('minute_of_day').notNull(),
  },
  (t) => [uniqueIndex('schedules_user_slot_key').on(t.userId, t.weekday, t.minuteOfDay)],
);

/**
 * A browser's push subscription. It belongs to the session that made it: signing out deletes it, and
 * a revoked session's devices get nothing even before that.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_id_idx').on(t.userId),
    index('push_subscriptions_session_id_idx').on(t.sessionId),
  ],
);

/**
 * A reminder slot claimed for one local date. The unique key makes each reminder fire at most once,
 * across restarts and several server processes: the row is inserted before anything is sent.
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    minuteOfDay: smallint('minute_of_day').notNull(),
    /** YYYY-MM-DD in the learner's time zone. */
    localDate: text('local_date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reminder_deliveries_slot_key').on(t.userId, t.localDate, t.minuteOfDay)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
