import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Language } from '../../../brands/index';
import type { Db } from '../../db/client';
import {
  type OauthFlowRow,
  oauthFlows,
  type UserExternalAuthRow,
  type UserRow,
  userExternalAuths,
  users,
} from '../../db/schema';
import { preparedPerDatabase, qualified } from '../../db/statements';
import { hashToken, newToken } from '../../infra/tokens';
import type { SocialProvider } from './config';

/** A redirect to the provider may take this long (sign-in, consent, a second factor). */
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;
/** The app trades the sign-in code for a session right after the redirect back. */
const EXCHANGE_LIFETIME_MS = 2 * 60 * 1000;
/** Expired flows are kept a day (for looking into a failed sign-in), then removed. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

export type FlowMode = 'login' | 'link';

export interface NewFlow {
  state: string;
  provider: SocialProvider;
  mode: FlowMode;
  userId: number | null;
  /** SHA-256 of the value in the starting browser's cookie (browser-binding.ts). */
  browserHash: string;
  /** The browser's IANA time zone, for an account a sign-in makes; null on links and when none was given. */
  timezone: string | null;
  /** The language the flow started in: its outcome's text is written in it. */
  language: Language;
  codeVerifier: string;
  nonce: string;
  successUrl: string;
  cancelUrl: string;
}

/** Stores a new flow; flows that ended a day ago go, so the table holds only recent ones. */
export async function createFlow(db: Db, flow: NewFlow): Promise<void> {
  const now = Date.now();
  await db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, new Date(now - STALE_AFTER_MS)));
  await db.insert(oauthFlows).values({ ...flow, expiresAt: new Date(now + FLOW_LIFETIME_MS) });
}

/** Uses up a live state of this provider; undefined when it is unknown, used or expired. */
export async function takeFlow(
  db: Db,
  provider: SocialProvider,
  state: string,
): Promise<OauthFlowRow | undefined> {
  const now = new Date();
  const [flow] = await db
    .update(oauthFlows)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthFlows.state, state),
        eq(oauthFlows.provider, provider),
        isNull(oauthFlows.usedAt),
        gt(oauthFlows.expiresAt, now),
      ),
    )
    .returning();
  return flow;
}

/** The user unless the account was deleted. */
export async function findActiveUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user && user.status !== 0 ? user : undefined;
}

/** Ends a sign-in flow with a one-time code for `userId`; answers the code (only its hash is kept). */
export async function issueExchangeCode(db: Db, flowId: number, userId: number): Promise<string> {
  const code = newToken();
  await db
    .update(oauthFlows)
    .set({
      userId,
      exchangeCodeHash: hashToken(code),
      expiresAt: new Date(Date.now() + EXCHANGE_LIFETIME_MS),
    })
    .where(eq(oauthFlows.id, flowId));
  return code;
}

/** Uses up a sign-in code; answers its user id, or undefined when it is unknown, used or expired. */
export async function takeExchangeCode(db: Db, code: string): Promise<number | undefined> {
  const now = new Date();
  const [flow] = await db
    .update(oauthFlows)
    .set({ exchangedAt: now })
    .where(
      and(
        eq(oauthFlows.exchangeCodeHash, hashToken(code)),
        isNull(oauthFlows.exchangedAt),
        gt(oauthFlows.expiresAt, now),
      ),
    )
    .returning({ userId: oauthFlows.userId });
  return flow?.userId ?? undefined;
}

export async function findLinkBySubject(
  db: Db,
  source: SocialProvider,
  subject: string,
): Promise<UserExternalAuthRow | undefined> {
  const [row] = await db
    .select()
    .from(userExternalAuths)
    .where(and(eq(userExternalAuths.source, source), eq(userExternalAuths.subject, subject)))
    .limit(1);
  return row;
}

export async function insertLink(
  db: Db,
  link: { userId: number; source: SocialProvider; subject: string; email: string | null },
): Promise<void> {
  await db.insert(userExternalAuths).values(link);
}

// Every GET /user reads them: prepared once per database, like the other hot paths.
const externalAuthsByUser = preparedPerDatabase((db) =>
  db
    .select({ id: userExternalAuths.id, source: userExternalAuths.source })
    .from(userExternalAuths)
    .where(eq(userExternalAuths.userId, sql.placeholder('userId')))
    .orderBy(asc(userExternalAuths.id))
    .prepare('external_auths_by_user'),
);

/** The user's linked networks as GET /user lists them. */
export async function externalAuthsOf(db: Db, userId: number): Promise<LinkedNetwork[]> {
  return externalAuthsByUser(db).execute({ userId });
}

export type LinkedNetwork = { id: number; source: string };

/**
 * The same list as `externalAuthsOf` (in id order), as a JSON array in a column of a statement that
 * reads the user's row: GET /user reads it with the session.
 */
export const linkedNetworksOfUser = sql<LinkedNetwork[]>`(
  select coalesce(json_agg(json_build_object('id', ${qualified(userExternalAuths.id)},
    'source', ${qualified(userExternalAuths.source)}) order by ${qualified(userExternalAuths.id)}), '[]')
  from ${userExternalAuths} where ${qualified(userExternalAuths.userId)} = ${qualified(users.id)})`;

/**
 * Removes one of the user's links: `notFound` when it is not theirs (or there is none), and
 * `onlySignIn` when it is the last link of an account without a password, which would be left with
 * no way to sign in. The user's row is locked, so two removals at once cannot each leave the other
 * link as the last one and both go.
 */
export async function deleteOwnLink(
  db: Db,
  userId: number,
  id: number,
): Promise<'removed' | 'notFound' | 'onlySignIn'> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const links = await tx
      .select({ id: userExternalAuths.id })
      .from(userExternalAuths)
      .where(eq(userExternalAuths.userId, userId));
    if (!owner || !links.some((link) => link.id === id)) return 'notFound';
    if (owner.passwordHash === null && links.length === 1) return 'onlySignIn';
    await tx.delete(userExternalAuths).where(eq(userExternalAuths.id, id));
    return 'removed';
  });
}
