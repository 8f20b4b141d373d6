import { boolean, index, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, moment } from './columns';
import { userCourseStreams } from './learning';

/** What reaches the school's people from outside a course: support questions and client error reports. */

/** A title in each language the product ships; the request's language is picked, English when missing. */
export type CategoryTitle = { en: string; ru?: string; es?: string };

/**
 * What a support question is about. Ids are fixed, not generated: brands name some of them in
 * `supportCategoryIds` (homework, course renewal, consultation renewal).
 */
export const supportCategories = pgTable('support_categories', {
  id: integer('id').primaryKey(),
  sort: integer('sort').notNull().default(0),
  title: jsonb('title').$type<CategoryTitle>().notNull(),
  /** A retired category keeps its id (old questions name it) but is no longer offered. */
  isActive: boolean('is_active').notNull().default(true),
});

export const techQuestions = pgTable(
  'tech_questions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull(),
    supportCategoryId: integer('support_category_id'),
    /** The learner's stream the question is about; null for questions about no course. */
    targetId: integer('target_id').references(() => userCourseStreams.id, { onDelete: 'set null' }),
    /** A one-tap request (POST /tech-questions/auto) whose message the server wrote. */
    isAuto: boolean('is_auto').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('tech_questions_user_id_idx').on(t.userId),
    index('tech_questions_target_id_idx').on(t.targetId),
  ],
);

/**
 * The learner's answer to "Enjoying the app?", one row per learner, so another device does not ask
 * again. `answer`: rated (with `rating` 1..5), later (ask again from `askAfter`) or never.
 */
export const appRatings = pgTable('app_ratings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  answer: text('answer', { enum: ['rated', 'later', 'never'] }).notNull(),
  rating: smallint('rating'),
  comment: text('comment'),
  askAfter: moment('ask_after'),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

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
