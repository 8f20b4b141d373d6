import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { batching } from '../db/batch';
import { type Db, readBatchSlots } from '../db/client';
import { sessions, users } from '../db/schema';
import { preparedPerDatabase, rowAsJson } from '../db/statements';
import type { Authenticated } from '../http/context';
import { moveSessionSubscriptions } from '../modules/push/queries';
import type { EventsHub } from './events-hub';
import { hashToken, newToken } from './tokens';

export interface Sessions {
  /** Starts a session and returns its bearer token (the only time the token exists in clear). */
  issue(userId: number): Promise<string>;
  /** The live session and active (not deleted) user behind a token, or null. */
  authenticate(token: string): Promise<Authenticated | null>;
  /** Sign-out of one session: its own event streams just close. */
  revoke(sessionId: number): Promise<void>;
  /**
   * Revokes every live session of a user. Streams of the acting session close quietly; every other
   * session is told `logout` ("new-sign-in"). With no acting session (password reset) all are told.
   */
  revokeAll(userId: number, actingSessionId?: number): Promise<void>;
  /**
   * A password change: ends every other session of the user (told `logout`, "new-sign-in") and
   * returns the token of a new one, which takes over the acting session's push subscriptions. The
   * acting session lives on for `REPLACED_SESSION_GRACE_MS`: calls its browser sent before the new
   * token arrived must not answer 401, which would sign the learner out in the middle of the change.
   */
  replace(userId: number, actingSessionId: number): Promise<string>;
  /** Whether a password change replaced the session, which now only finishes its calls under way. */
  isReplaced(sessionId: number): Promise<boolean>;
}

/** Long enough for any call already under way (the app times its calls out well before). */
export const REPLACED_SESSION_GRACE_MS = 30_000;

/**
 * A session is live until its `revoked_at`, which a replaced session has a little in the future. The
 * database's clock sets and reads it, so a server clock ahead or behind cannot keep a session alive.
 */
const isLive = or(isNull(sessions.revokedAt), gt(sessions.revokedAt, sql`now()`));

/** The calls of a batched session read, a JSON text: `n` (the call's place in its batch), the hash of its token and an id. */
const batchCalls = sql`json_to_recordset(${sql.placeholder('calls')}::text::json) as call(n int, token_hash text, id int)`;

/**
 * The session lookup as parts of a larger statement, for the busiest calls: their first read joined
 * to the lookup costs one round trip where the lookup and the read cost two. `fromCalls` starts such a
 * statement for a batch of calls (`batchedSessionRead`): per call, the lookup's columns beside the
 * caller's, from `sessions` joined to their `users`; the caller may join more, using `callId` (the id
 * the call names, e.g. a stream's). A call whose token has no live session gets no row. `from` and
 * `live` (for the `tokenHash` placeholder) are the same lookup for one call, `authenticate`'s.
 * `liveSessionOf` then reads the session out of its row, as `authenticate` does, so the session is
 * checked alike in every statement.
 */
export const sessionLookup = {
  from: <Columns extends SelectedFields>(db: Db, columns: Columns) =>
    db
      .select({ user: rowAsJson(users), sessionId: sessions.id, ...columns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId)),
  live: and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isLive) as SQL,
  fromCalls: <Columns extends SelectedFields>(db: Db, columns: Columns) =>
    db
      .select({ n: sql<number>`call.n`, user: rowAsJson(users), sessionId: sessions.id, ...columns })
      .from(batchCalls)
      .innerJoin(sessions, and(eq(sessions.tokenHash, sql`call.token_hash`), isLive))
      .innerJoin(users, eq(users.id, sessions.userId)),
  callId: sql<number>`call.id`,
};

/**
 * A read with the session that many calls share (see db/batch.ts): `prepare` makes the statement,
 * from `sessionLookup.fromCalls`. Each call gets its row, or none when its session is not live.
 */
export function batchedSessionRead<Row extends { n: number }>(
  prepare: (db: Db) => { execute(params: { calls: string }): Promise<Row[]> },
): (db: Db, tokenHash: string, id: number | null) => Promise<Row | undefined> {
  const read = preparedPerDatabase((db: Db) => {
    const statement = prepare(db);
    return batching(
      async (calls: readonly { token_hash: string; id: number | null }[]) => {
        const rows = await statement.execute({
          calls: JSON.stringify(calls.map((call, n) => ({ n, ...call }))),
        });
        const byCall = new Map(rows.map((row) => [Number(row.n), row]));
        return calls.map((_call, n) => byCall.get(n));
      },
      { maxInFlight: readBatchSlots(db), maxBatch: 64 },
    );
  });
  return (db, tokenHash, id) => read(db)({ token_hash: tokenHash, id });
}

/** The session of a lookup's row (which may hold more): none when no live session matched, or its user was deleted. */
export const liveSessionOf = (row: Authenticated | undefined): Authenticated | null =>
  row && row.user.status !== 0 ? { user: row.user, sessionId: row.sessionId } : null;

/**
 * True while the token's hash has a live session of that user and the user is not deleted: the
 * lookup and `liveSessionOf` as one condition, for a statement that writes on behalf of a session
 * the server has seen before and must not outlive it (a statistic's, see day-statuses/statistic-reads.ts).
 */
export const isLiveSessionOfUser = (tokenHash: SQL, userId: SQL): SQL => sql`exists (
  select 1 from ${sessions} join ${users} on ${eq(users.id, sessions.userId)}
  where ${eq(sessions.tokenHash, tokenHash)} and ${isLive} and ${eq(users.id, userId)} and ${users.status} <> 0)`;

export function createSessions(db: Db, hub: EventsHub): Sessions {
  // Every authenticated call runs this lookup: prepared once, so the query is not rebuilt per request
  // (building it cost more CPU than the database spent answering it).
  const liveSessionByTokenHash = sessionLookup
    .from(db, {})
    .where(sessionLookup.live)
    .limit(1)
    .prepare('live_session_by_token_hash');

  /** Inserts a session (through a transaction when given one) and answers its token and id. */
  async function startSession(executor: Db, userId: number) {
    const token = newToken();
    const [started] = await executor
      .insert(sessions)
      .values({ userId, tokenHash: hashToken(token) })
      .returning({ id: sessions.id });
    if (!started) throw new Error('insert returned no row');
    return { token, id: started.id };
  }

  /**
   * Ends every live session of the user now, the acting one at `actingEnds`, and answers the ids of
   * the others, which are to be told `logout` ("new-sign-in") once the change is committed; the
   * acting session's streams are the caller's to close.
   */
  async function endSessionsOf(
    executor: Db,
    userId: number,
    actingSessionId: number | undefined,
    actingEnds: SQL,
  ): Promise<number[]> {
    const ends =
      actingSessionId === undefined
        ? sql`now()`
        : sql`case when ${sessions.id} = ${actingSessionId} then ${actingEnds} else now() end`;
    const ended = await executor
      .update(sessions)
      .set({ revokedAt: ends })
      .where(and(eq(sessions.userId, userId), isLive))
      .returning({ id: sessions.id });
    return ended.map((r) => r.id).filter((id) => id !== actingSessionId);
  }

  return {
    issue: async (userId) => (await startSession(db, userId)).token,

    async authenticate(token) {
      if (!token) return null;
      const [row] = await liveSessionByTokenHash.execute({ tokenHash: hashToken(token) });
      return liveSessionOf(row);
    },

    async revoke(sessionId) {
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
      hub.endSessions([sessionId], null);
    },

    async revokeAll(userId, actingSessionId) {
      hub.endSessions(await endSessionsOf(db, userId, actingSessionId, sql`now()`), 'new-sign-in');
      if (actingSessionId !== undefined) hub.endSessions([actingSessionId], null);
    },

    async replace(userId, actingSessionId) {
      // One transaction: the device that made the change must not be left, even for a moment, with
      // its push subscription on a session that no longer gets pushes.
      const { token, others } = await db.transaction(async (tx) => {
        const others = await endSessionsOf(
          tx,
          userId,
          actingSessionId,
          sql`now() + ${`${REPLACED_SESSION_GRACE_MS} milliseconds`}::interval`,
        );
        const replacement = await startSession(tx, userId);
        await moveSessionSubscriptions(tx, actingSessionId, replacement.id);
        return { token: replacement.token, others };
      });
      hub.endSessions(others, 'new-sign-in');
      // Its event stream ends with the grace, quietly: the browser holding it has the new token by then.
      setTimeout(() => hub.endSessions([actingSessionId], null), REPLACED_SESSION_GRACE_MS).unref();
      return token;
    },

    async isReplaced(sessionId) {
      const [row] = await db
        .select({ revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return row?.revokedAt !== null && row?.revokedAt !== undefined;
    },
  };
}
