import { currentLanguage, i18n } from '../../app/i18n';
import { allowedPolicy } from '../../domain/consent';
import { onConsentChange, readConsent } from '../../platform/consentCookie';
import { writeLanguageCookie } from '../../platform/languageCookie';
import type { ConsentLinkOptions } from './consentLink';
import { syncConsentAfterSignIn } from './consentSync.provide';

/**
 * The language the server paints the next page's banner in (and names its texts in), kept from here
 * rather than from the start-up code: it matters only for the next page, and every byte the sign-in
 * page loads counts. Written now (which also renews it) and at each switch of language.
 */
function keepLanguageCookie(): void {
  const write = () => {
    const language = currentLanguage();
    if (language) writeLanguageCookie(language);
  };
  write();
  i18n.on('change', write);
}

/**
 * What the consent allows, followed from the moment the page is in use (consentLink.ts loads this):
 * the analytics sender once analytics is allowed, the brand's tags once their category is, and at
 * each sign-in (or a session restored) the meeting of the browser's choice and the learner's stored
 * one. Nothing of them loads, and no event or tag request leaves, before the choice allows it.
 */
export function runConsent(options: ConsentLinkOptions): void {
  const { reportError } = options.effects;
  keepLanguageCookie();
  const asks = () => options.brand().flags.isCookieEnable;
  let analytics: Promise<unknown> | null = null;
  let tags: Promise<unknown> | null = null;

  const loadAnalytics = () => {
    if (!analytics && allowedPolicy(asks(), readConsent()).analytics) {
      analytics = import('./analyticsSender.provide').then(
        ({ startAnalytics }) => startAnalytics(options),
        (error: unknown) => {
          analytics = null;
          reportError(error);
        },
      );
    }
  };

  const followChoice = () => {
    loadAnalytics();
    const policy = allowedPolicy(asks(), readConsent());
    const { gtm, fbq } = options.brand();
    if (((gtm && policy.analytics) || (fbq && policy.marketing)) && !tags) {
      tags = import('./tagLoader').then(
        ({ loadBrandTags }) => loadBrandTags(options.brand, () => allowedPolicy(asks(), readConsent())),
        (error: unknown) => {
          tags = null;
          reportError(error);
        },
      );
    }
  };

  followChoice();
  onConsentChange(followChoice);
  // A learner's choice follows them: the cookie and the server's copy meet at each sign-in, and for
  // a session that was already signed in when this loaded.
  let wasSignedIn = false;
  const meet = (signedIn: boolean) => {
    if (signedIn && !wasSignedIn && asks()) {
      syncConsentAfterSignIn(options.effects.api).catch(reportError);
    }
    wasSignedIn = signedIn;
  };
  meet(options.session().getSnapshot().matches('signedIn'));
  options.session().subscribe((snapshot) => meet(snapshot.matches('signedIn')));
}
