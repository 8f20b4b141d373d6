import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { preparedPerDatabase } from '../../db/statements';
import { sessionLookup } from '../../infra/sessions';
import { linkedNetworksOfUser } from '../social-auth/queries';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserByAppId(db: Db, appId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.appId, appId)).limit(1);
  return user;
}

/** Whether another account already uses this e-mail (deleted accounts keep theirs). */
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

/** PostgreSQL's unique_violation, as thrown by either driver (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const sessionUserWithLinksStatement = preparedPerDatabase((db) =>
  sessionLookup
    .from(db, { links: linkedNetworksOfUser })
    .where(sessionLookup.live)
    .limit(1)
    .prepare('session_user_with_links'),
);

/** GET /user's read: the session behind the token's hash with the user's linked networks, in one statement. */
export async function sessionUserWithLinks(db: Db, tokenHash: string) {
  const [row] = await sessionUserWithLinksStatement(db).execute({ tokenHash });
  return row;
}
