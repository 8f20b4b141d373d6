import type { ApiClient } from '../../api/client';
import { fetchCookiePolicy, saveCookiePolicy } from '../../api/cookie';
import { readConsent } from '../../platform/consentCookie';
import { writeConsent } from '../../platform/writeConsentCookie';

/**
 * At a sign-in the browser's choice and the learner's stored one meet: a choice made here before
 * signing in is kept for the learner; one the learner made elsewhere is taken here. The browser's
 * choice is read once the stored one is in: one the learner changed on this device meanwhile (the
 * cookie settings page saves to the account too) is the one kept, never the choice from before.
 */
export async function syncConsentAfterSignIn(api: ApiClient): Promise<void> {
  const stored = await fetchCookiePolicy(api);
  const cookie = readConsent();
  if (cookie && !stored) await saveCookiePolicy(api, cookie);
  else if (!cookie && stored) writeConsent(stored);
}
