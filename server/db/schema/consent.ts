import { boolean, integer, pgTable } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { moment } from './columns';

/**
 * A signed-in learner's cookie choice, kept so it follows them to their other browsers (a guest's
 * choice lives only in the browser's cookie). No row means the learner has not chosen yet.
 */
export const cookiePolicies = pgTable('cookie_policies', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Always true: the site cannot work without its essential cookies; stored so the row is the wire form. */
  essential: boolean('essential').notNull().default(true),
  analytics: boolean('analytics').notNull(),
  marketing: boolean('marketing').notNull(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});
