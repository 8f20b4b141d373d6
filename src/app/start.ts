import { createActor } from 'xstate';
import type { BrandConfig, Language } from '../../brands';
import { linkConsent } from '../features/consent/consentLink';
import { hostDownloads } from '../features/offline/downloadsHost';
import { app, connectApiClient, connectErrorReporting } from '../features/shell/app.provide';
import { routeGuard as providedRouteGuard } from '../features/shell/routeGuard.provide';
import { nextTask } from '../platform/nextTask';
import { createEffects } from './effects';
import { guardFacts } from './guardFacts';
import type { SessionActor } from './hooks';
import { currentLanguage } from './i18n';
import { trackNavigationHistory } from './navigationHistory';
import { routerNavigator } from './navigator';
import { prepareOpeningPage } from './openingPage';
import { routeNameOfPath } from './routeNames';
import { createAppRouter } from './router';
import { linkStatisticsQueue } from './statisticsQueueLink';
import { recordTransitions } from './transitionRecorder';

export type StartedApp = Awaited<ReturnType<typeof startApp>>;

/**
 * Starts the app: the API client wired to the session (token, 401 → SESSION.EXPIRED), the root (app)
 * actor with the session as its child, the route guard fed with facts from both, the router asking
 * that guard, error reporting, and the shared effects (with the API client) the screens' machines
 * are given.
 */
export async function startApp(brand: BrandConfig, language: Language) {
  // The client reads the session only when a call leaves, so it can be made before the root actor.
  const session = (): SessionActor => root.system.get('session');
  // Until its catalog is active, the chosen language is still the one to send.
  const api = connectApiClient(
    session,
    brand.appId,
    () => currentLanguage() ?? language,
    (event) => root.send(event),
  );
  const routeGuard = createActor(providedRouteGuard, {
    input: { homeRoute: routeNameOfPath(brand.assets.homepage) ?? 'home' },
    inspect: recordTransitions,
  });
  const reportError = connectErrorReporting(api);
  const router = createAppRouter(routeGuard, reportError);
  // The router and the actors are built in two tasks: on a slow phone each alone is long.
  await nextTask();
  const navigator = routerNavigator(router);
  const root = createActor(app(navigator, reportError, api), {
    input: { brand },
    inspect: recordTransitions,
  });
  // The signed-in learner's lesson statistics, queued until the server counted them.
  const statistics = linkStatisticsQueue(session, {
    api,
    reportError,
    timeoutMs: () => root.getSnapshot().context.brand.statistic.TIMEOUT_SAVE_STATISTIC,
    inspect: recordTransitions,
  });
  // The signed-in learner's lesson downloads, where the brand has offline mode.
  const downloads = hostDownloads(session, {
    enabled: () => root.getSnapshot().context.brand.flags.isOfflineEnable,
    reportError,
    inspect: recordTransitions,
  });
  const effects = createEffects({
    root,
    statistics,
    downloads,
    routeGuard,
    navigator,
    api,
    reportError,
    navigationHistory: trackNavigationHistory(router),
  });

  // Rule 7: cancelling the e-mail prompt returns to the page before it (or home).
  let wasGoingBack = false;
  routeGuard.subscribe((snapshot) => {
    const goingBack = snapshot.matches('goingBack');
    if (goingBack && !wasGoingBack) navigator.goBack(effects.homePath());
    wasGoingBack = goingBack;
  });

  // Cookie consent: the banner, and analytics and the brand's tags only as far as the choice allows.
  const consent = linkConsent({ brand: () => root.getSnapshot().context.brand, session, effects, router });

  routeGuard.start();
  root.start();
  statistics.start();
  downloads.start();
  consent.start();
  prepareOpeningPage(router, language, session());

  // Keep the guard's facts current; when they change, re-run the guards of the page on screen so a
  // session that ends (or a sign-in that requires a password change) moves the visitor on.
  let facts = '';
  const syncFacts = () => {
    const next = guardFacts(session().getSnapshot(), root.getSnapshot());
    const serialized = JSON.stringify(next);
    if (serialized === facts) return;
    const hadFacts = facts !== '';
    facts = serialized;
    routeGuard.send({ type: 'GUARD.FACTS', ...next });
    // Deferred: a sign-in navigates right after it changes the facts, and that navigation already
    // runs the guards with the new facts.
    // Nothing to re-check before the router has shown its first page.
    if (!hadFacts) return;
    setTimeout(() => {
      if (router.state.resolvedLocation && router.state.status === 'idle') void router.invalidate();
    }, 0);
  };
  syncFacts();
  root.subscribe(syncFacts);
  session().subscribe(syncFacts);
  return { root, router, effects };
}
