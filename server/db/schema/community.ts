import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { flag, moment } from './columns';

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
