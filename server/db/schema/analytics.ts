import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, moment } from './columns';

/**
 * What the app reports about its use (page views, menu and back actions, sign-ins), sent only from
 * browsers whose visitor allowed analytics. `npm run cli -- analytics` counts them.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    /** Kept when the account goes away: the count stays right, the person is forgotten. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    path: text('path').notNull(),
    /** When it happened in the browser (a batch may arrive later). */
    occurredAt: moment('occurred_at').notNull(),
    /** Sent by an admin: the school's own traffic, counted apart from learners'. */
    internal: boolean('internal').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_brand_name_idx').on(t.brandId, t.name),
    index('analytics_events_user_id_idx').on(t.userId),
  ],
);
