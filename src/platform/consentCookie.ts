import type { CookiePolicy } from '../domain/consent';
import { CONSENT_COOKIE_NAME } from './consentCookieName';

/**
 * The visitor's cookie choice, kept in the `cookie_consent` cookie (shell spec, section 4: 365 days,
 * strict same-site) as `{"essential":true,"analytics":…,"marketing":…,"v":1}`. Reading it is all the
 * sign-in page carries (it decides whether to load the banner at all); writing it is in
 * writeConsentCookie.ts, which only the lazily loaded consent code needs.
 */
export const CONSENT_COOKIE_VERSION = 1;
/** Fired on window when the choice changes, so what it gates (analytics, tags) can start. */
export const CONSENT_CHANGE_EVENT = 'app:cookie-consent';

export function readConsent(): CookiePolicy | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${CONSENT_COOKIE_NAME}=`));
  if (!entry) return null;
  try {
    const stored: unknown = JSON.parse(decodeURIComponent(entry.slice(CONSENT_COOKIE_NAME.length + 1)));
    return (stored as { v?: unknown }).v === CONSENT_COOKIE_VERSION ? policyOf(stored) : null;
  } catch {
    return null;
  }
}

/** Calls `listener` after every change of the choice; returns the way to stop. */
export function onConsentChange(listener: () => void): () => void {
  window.addEventListener(CONSENT_CHANGE_EVENT, listener);
  return () => window.removeEventListener(CONSENT_CHANGE_EVENT, listener);
}

/** The stored form of a choice, or null for anything else (an old version, a hand-edited cookie). */
function policyOf(value: unknown): CookiePolicy | null {
  if (typeof value !== 'object' || value === null) return null;
  const { essential, analytics, marketing } = value as Record<string, unknown>;
  if (essential !== true || typeof analytics !== 'boolean' || typeof marketing !== 'boolean') return null;
  return { essential, analytics, marketing };
}
