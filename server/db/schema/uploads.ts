import { bigint, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, moment } from './columns';

/**
 * Images a learner uploaded (the profile photo). Each row is one upload: a folder under the media
 * root holding its square variants (64, 256 and 512 px WebP), answered in the Media file's shape.
 * Only its owner may attach it (POST /user/avatar) or see its images; an account's uploads, rows
 * and folders, go with the account (DELETE /user).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Media file type: 2 (image) is the only kind uploaded today. */
    type: smallint('type').notNull().default(2),
    /** Folder under the media root, relative; never shown on the wire. */
    storagePath: text('storage_path').notNull(),
    /** The type sharp read from the content, e.g. image/png; the variants are always WebP. */
    sourceMimeType: text('source_mime_type').notNull(),
    /** Bytes of the 512 px WebP its Media file's `url` serves. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [index('uploads_user_id_idx').on(t.userId)],
);

export type UploadRow = typeof uploads.$inferSelect;
