/**
 * Cookie consent (shell spec, sections 3, 4 and 9): the categories, the policy a visitor chooses,
 * and the analytics events the app may send once analytics is allowed. Shared by the app and the
 * server, so both speak the same names.
 */

export const COOKIE_CATEGORIES = ['essential', 'analytics', 'marketing'] as const;
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** What a visitor allows. Essential cookies keep the site working and are never switched off. */
export type CookiePolicy = { essential: true; analytics: boolean; marketing: boolean };

/** Before any choice only essential cookies are allowed (section 9). */
export const DEFAULT_COOKIE_POLICY: CookiePolicy = { essential: true, analytics: false, marketing: false };
/** "Agree to all", and what counts as allowed where the brand has the cookie feature off (section 9). */
export const ALL_COOKIES_POLICY: CookiePolicy = { essential: true, analytics: true, marketing: true };

/** The choice is remembered 365 days (section 9). */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** GET /cookie: whether the brand asks for consent, and each category's state before a choice. */
export type CookieSettings = { isEnabled: boolean; items: { key: CookieCategory; enabled: boolean }[] };

/** The settings a brand answers with: its defaults, or everything allowed when it does not ask. */
export function cookieSettingsOf(isEnabled: boolean): CookieSettings {
  const policy = isEnabled ? DEFAULT_COOKIE_POLICY : ALL_COOKIES_POLICY;
  return { isEnabled, items: COOKIE_CATEGORIES.map((key) => ({ key, enabled: policy[key] })) };
}

/** The events the spec names: page views, the menu's burger and back actions, a sign-in. */
export const ANALYTICS_EVENT_NAMES = ['page_view', 'burger', 'back', 'sign_in'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];
/** One event as sent: `at` in whole seconds, like every moment on the wire. */
export type AnalyticsEvent = { name: AnalyticsEventName; path: string; at: number };
/** POST /analytics/events takes at most this many events at once. */
export const ANALYTICS_BATCH_MAX = 50;
/** A path longer than this is cut before it is sent (the server refuses longer ones). */
export const ANALYTICS_PATH_MAX = 2000;

/**
 * What counts as allowed now: everything where the brand does not ask (section 9), else the
 * visitor's choice, else the default (essential only).
 */
export function allowedPolicy(asksConsent: boolean, chosen: CookiePolicy | null): CookiePolicy {
  if (!asksConsent) return ALL_COOKIES_POLICY;
  return chosen ?? DEFAULT_COOKIE_POLICY;
}
