import { allowedPolicy } from '../../domain/consent';
import { onConsentChange, readConsent } from '../../platform/consentCookie';
import type { ConsentLinkOptions } from './consentLink';
import { syncConsentAfterSignIn } from './consentSync.provide';

/**
 * What the consent allows, followed from the moment the page is in use (consentLink.ts loads this):
 * the analytics sender once analytics is allowed, the brand's tags once their category is, and at
 * each sign-in (or a session restored) the meeting of the browser's choice and the learner's stored
 * one. Nothing of them loads, and no event or tag request leaves, before the choice allows it.
 */
export function runConsent(options: ConsentLinkOptions): void {
  const { reportError } = options.effects;
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
