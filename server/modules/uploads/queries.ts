import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type UploadRow, uploads } from '../../db/schema';
import type { StoredImage } from './store';

export async function insertUpload(db: Db, userId: number, image: StoredImage): Promise<UploadRow> {
  const [row] = await db
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

/** Any upload by id: the images are served to every signed-in user (an avatar shows to others). */
export async function findUpload(db: Db, uploadId: number): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1);
  return row;
}
