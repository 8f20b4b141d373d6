import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

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
