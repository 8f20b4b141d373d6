/**
 * The consent cookie's name, and whether a choice is stored: all the sign-in page needs to decide
 * whether to load the banner. Reading the choice itself (consentCookie.ts) loads with the banner and
 * the consent runtime.
 */
export const CONSENT_COOKIE_NAME = 'cookie_consent';

export const hasConsentCookie = (): boolean =>
  document.cookie.split('; ').some((part) => part.startsWith(`${CONSENT_COOKIE_NAME}=`));
