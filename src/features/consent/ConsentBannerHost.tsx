import { I18nProvider } from '@lingui/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { AppEffects } from '../../app/effects';
import { AppEffectsContext } from '../../app/hooks';
import { i18n, loadAreaCatalog } from '../../app/i18n';
import { BANNER_HOST } from './bannerHost';
import { ConsentBanner } from './ConsentBanner';
import { beginConsentRead } from './consent.provide';

/**
 * Shows the cookie banner beside the app, in a root of its own at the end of the page: it is not
 * part of any route (it shows on the sign-in page and on any page opened first) and leaves once a
 * choice is made. Its texts (the consent catalog) load with it, and the calls that say whether it
 * shows leave beside them: on a page opened first the banner is the largest thing painted, so it
 * waits for no more than it must (the server names its scripts in the page, server/pagePreloads.ts).
 *
 * A page the server sent for a visitor without a choice already carries the banner in its host
 * (server/consent-banner-page.tsx), painted before any script ran, its buttons waiting: this one
 * replaces it in place (a root's first render empties its container), or renders nothing where the
 * learner's stored choice says so.
 */
export async function showConsentBanner(effects: AppEffects, cookiePolicyLink?: string): Promise<void> {
  // Rendered once both are in, the banner shows in its first frame rather than a few frames later.
  await Promise.all([beginConsentRead(effects.api), loadAreaCatalog('consent')]);
  let container = document.getElementById(BANNER_HOST);
  if (!container) {
    container = document.createElement('div');
    container.className = BANNER_HOST;
    document.body.append(container);
  }
  // At once, not queued behind the page's own render (a transition React may take a while over): the
  // banner is small, and until it shows (or, painted by the server, answers) the visitor can do
  // nothing with it.
  flushSync(() =>
    createRoot(container).render(
      <I18nProvider i18n={i18n}>
        <AppEffectsContext.Provider value={effects}>
          <ConsentBanner cookiePolicyLink={cookiePolicyLink} />
        </AppEffectsContext.Provider>
      </I18nProvider>,
    ),
  );
}
