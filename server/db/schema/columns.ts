import { smallint, timestamp } from 'drizzle-orm/pg-core';

/** Every moment is stored with its zone; the wire turns it into integer seconds. */
export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => moment('created_at').notNull().defaultNow();
/** 0/1 flags stay integers because the wire contract speaks 0 and 1, not booleans. */
export const flag = (name: string) => smallint(name).notNull().default(0);
