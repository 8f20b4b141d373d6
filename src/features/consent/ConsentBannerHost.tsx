import { I18nProvider } from '@lingui/react';
import { createRoot } from 'react-dom/client';
import type { AppEffects } from '../../app/effects';
import { AppEffectsContext } from '../../app/hooks';
import { i18n, loadAreaCatalog } from '../../app/i18n';
import { ConsentBanner } from './ConsentBanner';
import { beginConsentRead } from './consent.provide';

/**
 * Shows the cookie banner beside the app, in a root of its own at the end of the page: it is not
 * part of any route (it shows on the sign-in page and on any page opened first) and leaves once a
 * choice is made. Its texts (the consent catalog) load with it, and the calls that say whether it
 * shows leave beside them: on a page opened first the banner is the largest thing painted, so it
 * waits for no more than it must.
 */
export async function showConsentBanner(effects: AppEffects, cookiePolicyLink?: string): Promise<void> {
  beginConsentRead(effects.api);
  await loadAreaCatalog('consent');
  const container = document.createElement('div');
  container.className = 'consent-host';
  document.body.append(container);
  createRoot(container).render(
    <I18nProvider i18n={i18n}>
      <AppEffectsContext.Provider value={effects}>
        <ConsentBanner cookiePolicyLink={cookiePolicyLink} />
      </AppEffectsContext.Provider>
    </I18nProvider>,
  );
}
