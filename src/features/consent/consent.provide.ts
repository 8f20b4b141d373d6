import { fromCallback, fromPromise } from 'xstate';
import { type ConsentStart, consentMachine } from '../../../machines/consent/consent.machine';
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
 * The learner's stored choice; null for a guest, a learner who never chose, or a failed call. With
 * the stored token: the banner asks as the app starts, maybe before the session has restored it.
 */
function learnerChoice(api: ApiClient): Promise<CookiePolicy | null> {
  const token = readToken();
  return token ? fetchCookiePolicy(api, token).catch(() => null) : Promise.resolve(null);
}

/**
 * The start the page came with (server/static.ts puts it in a page it sends to show the banner),
 * taken once: the brand asks, and the stored choice of the session the page's cookie named. Null
 * without one (a page the service worker kept) or when this page's session is not that one.
 */
function takePageStart(): ConsentStart | null {
  const element = document.getElementById('consent-start');
  element?.remove();
  const start = element && JSON.parse(element.textContent as string);
  return start?.session === signedIn() ? start : null;
}

/**
 * Whether the brand asks and what was chosen before: the cookie, else the learner's stored choice,
 * taken into this browser (their choice follows them to a new device). Both come with the page when
 * it has them; else without a cookie the stored choice is asked beside the brand's settings, not
 * after them: the banner waits for both answers.
 */
export async function readConsentStart(api: ApiClient): Promise<ConsentStart> {
  const page = takePageStart();
  const early = page || readConsent() !== null ? null : learnerChoice(api);
  const { isEnabled } = page ?? (await fetchCookieSettings(api));
  const cookie = readConsent();
  if (!isEnabled || cookie) return { isEnabled, stored: cookie };
  const stored = page ? page.stored : await (early ?? learnerChoice(api));
  if (stored) writeConsent(stored);
  return { isEnabled, stored };
}

/** The banner host's read, begun before the banner renders; the next consent machine to load takes it. */
let begun: Promise<ConsentStart> | null = null;

/**
 * Starts the consent read ahead of the machine that needs it (the banner's, while its texts load),
 * and says when it has ended, either way. A failed read is the machine's to handle when it takes the
 * answer (it asks the visitor then).
 */
export function beginConsentRead(api: ApiClient): Promise<unknown> {
  const read = readConsentStart(api);
  begun = read;
  return read.catch(() => {});
}

export const consent = (effects: AppEffects) =>
  consentMachine.provide({
    actors: {
      loadConsent: fromPromise(() => {
        const read = begun ?? readConsentStart(effects.api);
        begun = null;
        return read;
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
