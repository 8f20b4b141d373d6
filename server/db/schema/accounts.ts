import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, flag, moment } from './columns';

/** Accounts and what proves who a request is: sessions and password-reset links. */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /**
     * Lowercased and trimmed; null for accounts made with an app id. A deleted account's address
     * (and app id) is replaced by `deleted#<id>`, which no sign-up can send, so the address is free.
     */
    email: text('email'),
    appId: text('app_id'),
    /** Argon2id; null for an account that has no password yet (made through a social network). */
    passwordHash: text('password_hash'),
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

export type UserRow = typeof users.$inferSelect;
