import { eq } from 'drizzle-orm';
import type { CookiePolicy } from '../../../src/domain/consent';
import type { Db } from '../../db/client';
import { cookiePolicies } from '../../db/schema';
import type { Services } from '../../infra/container';

/** The learner's stored cookie choice as the API answers it; null until they have chosen. */
export async function storedChoiceOf(db: Db, userId: number): Promise<CookiePolicy | null> {
  const [row] = await db.select().from(cookiePolicies).where(eq(cookiePolicies.userId, userId));
  return row ? { essential: true, analytics: row.analytics, marketing: row.marketing } : null;
}

/**
 * What a page of the app tells its cookie banner about the session its cookie names (server/static.ts):
 * whether that session is live, and its learner's stored choice. The banner then shows in its first
 * frame instead of after two calls (src/features/consent/consent.provide.ts).
 */
export const sessionConsentReader =
  ({ db, sessions }: Pick<Services, 'db' | 'sessions'>) =>
  async (token: string): Promise<{ session: boolean; stored: CookiePolicy | null }> => {
    const auth = token ? await sessions.authenticate(token) : null;
    return auth
      ? { session: true, stored: await storedChoiceOf(db, auth.user.id) }
      : { session: false, stored: null };
  };
