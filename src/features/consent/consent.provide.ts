import { fromCallback, fromPromise } from 'xstate';
import { consentMachine } from '../../../machines/consent/consent.machine';
import type { ApiClient } from '../../api/client';
import { fetchCookiePolicy, fetchCookieSettings, saveCookiePolicy } from '../../api/cookie';
import type { AppEffects } from '../../app/effects';
import type { CookiePolicy } from '../../domain/consent';
import { onConsentChange, readConsent } from '../../platform/consentCookie';
import { readToken } from '../../platform/tokenStorage';
import { writeConsent } from '../../platform/writeConsentCookie';

/** A guest's choice lives only in the cookie; a learner's is also kept by the server. */
const signedIn = () => readToken() !== null;

/**
 * The learner's stored choice, taken into this browser when it has none yet (their choice follows
 * them to a new device); null for a guest or a learner who never chose.
 */
async function adoptStoredChoice(api: ApiClient): Promise<CookiePolicy | null> {
  if (!signedIn()) return null;
  const stored = await fetchCookiePolicy(api);
  if (stored) writeConsent(stored);
  return stored;
}

export const consent = (effects: AppEffects) =>
  consentMachine.provide({
    actors: {
      loadConsent: fromPromise(async () => {
        const { isEnabled } = await fetchCookieSettings(effects.api);
        const cookie = readConsent();
        if (!isEnabled || cookie) return { isEnabled, stored: cookie };
        return { isEnabled, stored: await adoptStoredChoice(effects.api).catch(() => null) };
      }),
      savePolicy: fromPromise(async ({ input }) => {
        if (signedIn()) await saveCookiePolicy(effects.api, input.policy);
      }),
      watchStoredChoice: fromCallback(({ sendBack }) =>
        onConsentChange(() => {
          const policy = readConsent();
          if (policy) sendBack({ type: 'CONSENT.ADOPT', policy });
        }),
      ),
    },
    actions: {
      rememberChoice: (_, params) => writeConsent(params.policy),
    },
  });

/**
 * At a sign-in the browser's choice and the learner's stored one meet: a choice made here before
 * signing in is kept for the learner; one the learner made elsewhere is taken here.
 */
export async function syncConsentAfterSignIn(api: ApiClient): Promise<void> {
  const cookie = readConsent();
  const stored = await fetchCookiePolicy(api);
  if (cookie && !stored) await saveCookiePolicy(api, cookie);
  else if (!cookie && stored) writeConsent(stored);
}
