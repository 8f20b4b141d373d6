import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type UploadRow, uploads, users } from '../../db/schema';
import { removeImage, type StoredImage } from './store';

/**
 * The upload's row, or undefined when its owner's account was deleted while the image arrived. The
 * owner's row is locked (shared) until the row is written, so an account deletion, which sets the
 * deleted status and then deletes the account's uploads, either waits for this row and deletes it,
 * or has set the status first and nothing is written.
 */
export function insertUpload(db: Db, userId: number, image: StoredImage): Promise<UploadRow | undefined> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      // Status 0: a deleted account.
      .where(and(eq(users.id, userId), ne(users.status, 0)))
      .for('share');
    if (!owner) return undefined;
    const [row] = await tx
      .insert(uploads)
      .values({
        userId,
        storagePath: image.storagePath,
        sourceMimeType: image.sourceMimeType,
        sizeBytes: image.sizeBytes,
      })
      .returning();
    if (!row) throw new Error('the upload row was not written');
    return row;
  });
}

/** One of this user's uploads; another user's id finds nothing, exactly like a missing one. */
export async function findOwnUpload(
  db: Db,
  userId: number,
  uploadId: number,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, userId)))
    .limit(1);
  return row;
}

/** Deletes the uploads `where` picks: the rows, then their folders. */
async function deleteUploadsWhere(db: Db, mediaDir: string, where: SQL): Promise<number> {
  const deleted = await db.delete(uploads).where(where).returning({ storagePath: uploads.storagePath });
  await Promise.all(deleted.map((upload) => removeImage(mediaDir, upload.storagePath)));
  return deleted.length;
}

/** Deletes every upload of the user. */
export async function deleteUploadsOf(db: Db, mediaDir: string, userId: number): Promise<void> {
  await deleteUploadsWhere(db, mediaDir, eq(uploads.userId, userId));
}

/**
 * Deletes the uploads left by accounts deleted before deletion took them along (nobody can fetch
 * them, but they kept the learner's photos on disk). Run at start; nothing to do once they are gone.
 */
export function deleteUploadsOfDeletedAccounts(db: Db, mediaDir: string): Promise<number> {
  const deletedAccounts = db.select({ id: users.id }).from(users).where(eq(users.status, 0));
  return deleteUploadsWhere(db, mediaDir, inArray(uploads.userId, deletedAccounts));
}
