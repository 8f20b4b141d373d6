import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type UserRow, userExternalAuths, users } from '../../db/schema';
import { batchedSessionRead, sessionLookup } from '../../infra/sessions';
import { linkedNetworksOfUser } from '../social-auth/queries';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserByAppId(db: Db, appId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.appId, appId)).limit(1);
  return user;
}

/** Whether another account already uses this e-mail (a deleted account has given its up). */
export async function isEmailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId === undefined
        ? eq(users.email, email)
        : and(eq(users.email, email), ne(users.id, exceptUserId)),
    )
    .limit(1);
  return row !== undefined;
}

/** Writes the given fields (undefined ones are left alone) and returns the fresh row. */
export async function saveUser(
  db: Db,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const changes = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  const [user] =
    Object.keys(changes).length > 0
      ? await db.update(users).set(changes).where(eq(users.id, userId)).returning()
      : await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} vanished during an update`);
  return user;
}

/**
 * What a deleted account's e-mail and app id become: unique, and no sign-up can send it (an address
 * needs an `@`, an app id allows no `#`). The row stays for what refers to it.
 */
const deletedMark = (column: typeof users.email | typeof users.appId) =>
  sql`case when ${column} is null then null else 'deleted#' || ${users.id} end`;

/**
 * Deletes the account (status 0) and frees what made it the person's: the e-mail, the app id and the
 * linked networks, so the same person can sign up again with them and gets a new account. The
 * photo goes too (its uploads are the caller's to remove).
 */
export async function deleteAccount(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        status: 0,
        avatar: null,
        avatarFileId: null,
        email: deletedMark(users.email),
        appId: deletedMark(users.appId),
      })
      .where(eq(users.id, userId));
    await tx.delete(userExternalAuths).where(eq(userExternalAuths.userId, userId));
  });
}

/**
 * Sets the account's password over the one the change was decided on (`decidedOn`: the hash that was
 * checked, or null for an account without one); undefined when another change came first. Two
 * changes at once (two devices) cannot both succeed: the later would silently undo the earlier, whose
 * answer had already said it was saved.
 */
export async function replacePassword(
  db: Db,
  userId: number,
  decidedOn: string | null,
  passwordHash: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ passwordHash, isRequireUpdatePassword: 0 })
    .where(
      and(
        eq(users.id, userId),
        decidedOn === null ? isNull(users.passwordHash) : eq(users.passwordHash, decidedOn),
      ),
    )
    .returning();
  return user;
}

/** GET /user's read: the session behind the token's hash with the user's linked networks, in one statement a batch of calls shares. */
export const sessionUserWithLinks = batchedSessionRead((db) =>
  sessionLookup.fromCalls(db, { links: linkedNetworksOfUser }).prepare('session_user_with_links'),
);
