import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Stores the browser's subscription for this session. An endpoint is one browser profile: when it
 * comes again (a new sign-in on the same device, maybe as someone else) it moves to the new session.
 */
export async function saveSubscription(db: Db, userId: number, sessionId: number, input: SubscriptionInput) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, sessionId, ...input })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, sessionId, p256dh: input.p256dh, auth: input.auth, createdAt: new Date() },
    });
}

/** Deletes one of the learner's own subscriptions; false when they have none at that endpoint. */
export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** Sign-out: the session's devices get no more pushes (the spec: logout removes the push user id). */
export async function deleteSessionSubscriptions(db: Db, sessionId: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/**
 * A password change replaced the session: the device that made it keeps its subscription under the
 * new session, since pushes go only to devices of live sessions and the app still shows push on.
 */
export async function moveSessionSubscriptions(db: Db, fromSessionId: number, toSessionId: number) {
  await db
    .update(pushSubscriptions)
    .set({ sessionId: toSessionId })
    .where(eq(pushSubscriptions.sessionId, fromSessionId));
}

/** The push service said the subscription is gone (404/410). */
export async function deleteSubscriptionById(db: Db, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
