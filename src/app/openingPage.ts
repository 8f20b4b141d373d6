import type { Language } from '../../brands';
import type { SessionActor } from './hooks';
import { prefetchAreaCatalogs } from './i18n';
import type { AppRouter } from './router';

/**
 * Gets a signed-in visitor's first page going while the session is still being checked: once the
 * user call has left (the session only makes it for a stored token), in a task of its own. Not
 * sooner: the config answer leads to that call, and neither may wait behind this work on the main
 * thread or behind these downloads for one of the browser's six connections to the server. A guest
 * lands on sign-in, which is in the entry chunk and needs none of it.
 */
export function prepareOpeningPage(router: AppRouter, language: Language, session: SessionActor): void {
  const subscription = session.subscribe((snapshot) => {
    if (snapshot.matches('idle') || snapshot.matches('restoring')) return;
    subscription.unsubscribe();
    if (!snapshot.matches('fetchingUser')) return;
    setTimeout(() => {
      preloadRouteChunks(router);
      prefetchAreaCatalogs(language);
      // With the start lists' code, which downloads beside the user call: not in the sign-in page's.
      void import('../platform/intlWarmUp').then(({ warmUpIntl }) => warmUpIntl(language)).catch(() => {});
    }, 0);
  });
}

/**
 * The lazy chunks (screens, with their area catalogs) of the page the app opens on. The router asks
 * for them only once it mounts, after the user call: one more round trip before the page's own
 * calls. A chunk that fails here fails the same way when the router renders the page. The area
 * catalogs merge in once the core catalog is active (loadAreaCatalog waits for it); their download
 * starts now (prefetchAreaCatalogs), as every signed-in home is a learning page.
 */
function preloadRouteChunks(router: AppRouter): void {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => {});
}
