import { CONSENT_MAX_AGE_SECONDS, type CookiePolicy } from '../domain/consent';
import { CONSENT_CHANGE_EVENT, CONSENT_COOKIE_VERSION } from './consentCookie';
import { CONSENT_COOKIE_NAME } from './consentCookieName';

/** Stores the choice for 365 days, strict same-site (secure on https), and tells who follows it. */
export function writeConsent(policy: CookiePolicy): void {
  const value = encodeURIComponent(
    JSON.stringify({
      essential: true,
      analytics: policy.analytics,
      marketing: policy.marketing,
      v: CONSENT_COOKIE_VERSION,
    }),
  );
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the spec asks for a plain cookie; the Cookie Store API is not in every browser yet.
  document.cookie = `${CONSENT_COOKIE_NAME}=${value}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Strict${secure}`;
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGE_EVENT));
}
