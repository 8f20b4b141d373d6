import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Authenticated } from '../http/context';
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
}

export function createSessions(db: Db, hub: EventsHub): Sessions {
  // Every authenticated call runs this lookup: prepared once, so the query is not rebuilt per request
  // (building it cost more CPU than the database spent answering it).
  const liveSessionByTokenHash = db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('live_session_by_token_hash');

  return {
    async issue(userId) {
      const token = newToken();
      await db.insert(sessions).values({ userId, tokenHash: hashToken(token) });
      return token;
    },

    async authenticate(token) {
      if (!token) return null;
      const [row] = await liveSessionByTokenHash.execute({ tokenHash: hashToken(token) });
      if (!row || row.user.status === 0) return null;
      return row;
    },

    async revoke(sessionId) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
      hub.endSessions([sessionId], null);
    },

    async revokeAll(userId, actingSessionId) {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      const others = revoked.map((r) => r.id).filter((id) => id !== actingSessionId);
      hub.endSessions(others, 'new-sign-in');
      if (actingSessionId !== undefined) hub.endSessions([actingSessionId], null);
    },
  };
}
