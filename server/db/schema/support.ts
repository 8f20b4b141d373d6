import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/** What reaches the school's people from outside a course: support questions and client error reports. */

export const techQuestions = pgTable(
  'tech_questions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    supportCategoryId: integer('support_category_id'),
    createdAt: createdAt(),
  },
  (t) => [index('tech_questions_user_id_idx').on(t.userId)],
);

/** Errors the app reports from learners' browsers (`npm run cli -- errors` lists them). */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: serial('id').primaryKey(),
    /** Kept when the account goes away: the report still says what broke. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    brandId: text('brand_id').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    href: text('href').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('client_errors_created_at_idx').on(t.createdAt),
    index('client_errors_user_id_idx').on(t.userId),
  ],
);
