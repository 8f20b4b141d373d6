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
      warmUpIntl(language);
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

/**
 * The browser's first Intl formatter loads its locale data, a one-off that costs tens of
 * milliseconds (more on a slow phone). Every signed-in page formats numbers (Lingui plurals) and
 * dates; paid in the middle of the first signed-in render, it freezes the page just when it
 * appears. Paid here, it overlaps the user call and the start-up lists, one step per task so that
 * no single task blocks the page for long. The first number formatter's cost is itself two loads
 * of about the same size, each taken in a task of its own: the locale data that resolves a
 * language (`Intl.Locale`), then the list of the locales the browser formats numbers in
 * (`supportedLocalesOf`, built once). The formatter made after them costs under a millisecond.
 */
function warmUpIntl(language: Language): void {
  const locales = [language, 'en'];
  const warmUps = [
    () => new Intl.Locale(language).maximize(),
    () => Intl.NumberFormat.supportedLocalesOf(locales),
    () => new Intl.NumberFormat(locales).format(1),
    () => new Intl.PluralRules(locales).select(1),
    () => new Intl.DateTimeFormat(locales, { dateStyle: 'short' }).format(0),
  ];
  const next = () => {
    warmUps.shift()?.();
    if (warmUps.length > 0) setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
