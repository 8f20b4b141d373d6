import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, type UserRow, users } from '../../db/schema';
import { hashToken, newToken } from '../../infra/tokens';

const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** Stores a new reset link for the user and returns its token (only its hash is kept). */
export async function createPasswordReset(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(passwordResets).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
  });
  return token;
}

/**
 * Uses up a live reset token and every other link mailed to the same account, and sets the new
 * password (hashed only once the token proved good). Answers the updated user, or undefined when the token is unknown, used, expired or
 * its account deleted.
 */
export async function resetPassword(
  db: Db,
  token: string,
  hashPassword: () => Promise<string>,
): Promise<UserRow | undefined> {
  const now = new Date();
  const [reset] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  const owner = reset && (await db.select().from(users).where(eq(users.id, reset.userId)).limit(1))[0];
  if (!owner || owner.status === 0) return undefined;
  const [user] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(), isRequireUpdatePassword: 0 })
    .where(eq(users.id, owner.id))
    .returning();
  // Any other link mailed earlier dies with this one.
  await voidPasswordResets(db, owner.id, now);
  return user ?? owner;
}

/**
 * Uses up every reset link still waiting in the account's mail: a new password (by a link or by the
 * learner's own change) ends them all, so a link left in a mailbox the learner no longer trusts
 * cannot set the password again.
 */
export async function voidPasswordResets(db: Db, userId: number, now = new Date()): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
