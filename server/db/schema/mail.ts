import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns';

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
