import type { BrandConfig } from '../../../brands';
import type { AppEffects } from '../../app/effects';
import type { SessionActor } from '../../app/hooks';
import type { AppRouter } from '../../app/router';
import { hasConsentCookie } from '../../platform/consentCookieName';
// The banner's and the settings page's styles start with the app: the banner is the first thing a
// visitor without a choice sees, and a stylesheet of its own would hold its code back a round trip
// (and every signed-in page's, whose chunk shares code with consent).
import './consent.css';

/**
 * How long the first page may load before the consent runtime (analytics, tags, sync) loads. A timer,
 * not the visitor's first touch: a touch may be the update prompt's "Reload", and the runtime's
 * imports and calls starting at that moment left the reload waiting on the new worker for ever.
 */
const RUNTIME_DELAY_MS = 4000;

export type ConsentLinkOptions = {
  brand: () => BrandConfig;
  session: () => SessionActor;
  effects: AppEffects;
  router: AppRouter;
};

/**
 * Cookie consent as the app starts it, all the sign-in page carries of it: look for the consent
 * cookie and import the banner when the brand asks and no choice is stored. (A cookie the runtime
 * cannot read, say a later format, counts as the default there: essential only, until the visitor
 * chooses again on the settings page.) What the choice allows
 * (consentRuntime.ts: analytics, the brand's tags, the learner's stored choice) is not needed for the
 * first paint: it loads a few seconds after start, and reads the choice as it is then.
 */
export function linkConsent(options: ConsentLinkOptions): { start(): void } {
  const { reportError } = options.effects;
  return {
    start() {
      if (options.brand().flags.isCookieEnable && !hasConsentCookie()) {
        void import('./ConsentBannerHost').then(
          ({ showConsentBanner }) => showConsentBanner(options.effects, options.brand().cookiePolicyLink),
          reportError,
        );
      }
      setTimeout(() => {
        import('./consentRuntime').then(({ runConsent }) => runConsent(options), reportError);
      }, RUNTIME_DELAY_MS);
    },
  };
}
