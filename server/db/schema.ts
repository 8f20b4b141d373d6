import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Every moment is stored with its zone; the wire turns it into integer seconds. */
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => moment('created_at').notNull().defaultNow();
/** 0/1 flags stay integers because the wire contract speaks 0 and 1, not booleans. */
const flag = (name: string) => smallint(name).notNull().default(0);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Lowercased and trimmed; null for accounts made with an app id. */
    email: text('email'),
    appId: text('app_id'),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    lastName: text('last_name'),
    avatar: text('avatar'),
    avatarFileId: integer('avatar_file_id'),
    phone: text('phone'),
    city: text('city'),
    gender: text('gender'),
    /** DD.MM.YYYY, as the app shows and sends it. */
    birthday: text('birthday'),
    instagramId: text('instagram_id'),
    timezone: text('timezone'),
    locale: text('locale'),
    languageCode: text('language_code'),
    disableNotification: flag('disable_notification'),
    isRequireUpdatePassword: flag('is_require_update_password'),
    isRequireUpdateProfile: flag('is_require_update_profile'),
    isAdmin: flag('is_admin'),
    /** 10 active, 20/30/40 registration chat steps, 0 deleted. */
    status: smallint('status').notNull().default(10),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email).where(sql`${t.email} is not null`),
    uniqueIndex('users_app_id_key').on(t.appId).where(sql`${t.appId} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: moment('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_id_idx').on(t.userId),
  ],
);

/** Every mail the server writes, whether or not an SMTP relay is configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    sentAt: moment('sent_at'),
    error: text('error'),
  },
  (t) => [index('outbox_to_address_idx').on(t.toAddress)],
);

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

export const courses = pgTable('courses', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
});

export const courseStages = pgTable(
  'course_stages',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('course_stages_course_id_idx').on(t.courseId)],
);

export const stageDays = pgTable(
  'stage_days',
  {
    id: serial('id').primaryKey(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => courseStages.id),
    dayNumber: integer('day_number').notNull(),
    title: text('title').notNull(),
  },
  (t) => [index('stage_days_stage_id_idx').on(t.stageId)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    dayId: integer('day_id')
      .notNull()
      .references(() => stageDays.id),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('lessons_day_id_idx').on(t.dayId)],
);

export const userCourseStreams = pgTable(
  'user_course_streams',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    startDate: moment('start_date').notNull(),
    endDate: moment('end_date').notNull(),
    /** Stored access state: active, freeze or stopped; the app derives open/not_started/ended from dates. */
    status: text('status').notNull().default('active'),
    isDemo: flag('is_demo'),
    courseVersion: integer('course_version').notNull().default(1),
    courseFullAccess: flag('course_full_access'),
    mobileAccess: flag('mobile_access'),
    isOptionalPurchase: flag('is_optional_purchase'),
    completeDaysCount: integer('complete_days_count').notNull().default(0),
  },
  (t) => [
    index('user_course_streams_user_id_idx').on(t.userId),
    index('user_course_streams_course_id_idx').on(t.courseId),
  ],
);

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

export const communities = pgTable(
  'communities',
  {
    id: serial('id').primaryKey(),
    uniq: text('uniq').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    chatOnly: flag('chat_only'),
    courseIds: jsonb('course_ids').$type<number[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('communities_uniq_key').on(t.uniq)],
);

export const userCommunities = pgTable(
  'user_communities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id),
    startDate: moment('start_date').notNull(),
    endDate: moment('end_date').notNull(),
    isOptionalPurchase: flag('is_optional_purchase'),
  },
  (t) => [
    index('user_communities_user_id_idx').on(t.userId),
    index('user_communities_community_id_idx').on(t.communityId),
  ],
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

/** Banners are shown to every signed-in learner; targeting by course or community comes later. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    sort: integer('sort').notNull().default(0),
    platforms: jsonb('platforms').$type<string[]>().notNull().default([]),
    positions: jsonb('positions').$type<number[]>().notNull().default([]),
  },
  (t) => [index('banners_sort_idx').on(t.sort)],
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

export type UserRow = typeof users.$inferSelect;
