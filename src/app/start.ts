import type { AnyRouter } from '@tanstack/react-router';
import { createActor } from 'xstate';
import type { BrandConfig, Language } from '../../brands';
import { appMachine } from '../../machines/app.machine';
import { routeGuardMachine } from '../../machines/routeGuard.machine';
import { configureApiClient, onUnauthorized } from '../api/client';
import { appProvision, routeGuardProvision, setHomePath } from './actors';
import { guardFacts } from './guardFacts';
import type { AppActor } from './hooks';
import { currentLanguage } from './i18n';
import { routeNameOfPath } from './routeNames';
import { type AppNavigator, registerRuntime, sessionActor } from './runtime';

/**
 * Starts the actor system: the root (app) actor with the session as its child, the route guard fed
 * with facts from both, and the API client wired to the session (token, 401 → SESSION.EXPIRED).
 */
export function startApp(brand: BrandConfig, language: Language, router: AnyRouter): AppActor {
  const root = createActor(appMachine.provide(appProvision), { input: { brand } });
  const routeGuard = createActor(routeGuardMachine.provide(routeGuardProvision), {
    input: { homeRoute: routeNameOfPath(brand.assets.homepage) ?? 'home' },
  });
  const navigator = routerNavigator(router);
  registerRuntime({ root, routeGuard, navigator });
  const homePath = () => root.getSnapshot().context.brand.assets.homepage;
  setHomePath(homePath);

  configureApiClient({
    token: () => sessionActor().getSnapshot().context.token,
    // Until its catalog is active, the chosen language is still the one to send.
    language: () => currentLanguage() ?? language,
    appId: brand.appId,
  });
  onUnauthorized(() => sessionActor().send({ type: 'SESSION.EXPIRED' }));

  // Rule 7: cancelling the e-mail prompt returns to the page before it (or home).
  let wasGoingBack = false;
  routeGuard.subscribe((snapshot) => {
    const goingBack = snapshot.matches('goingBack');
    if (goingBack && !wasGoingBack) navigator.goBack(homePath());
    wasGoingBack = goingBack;
  });

  routeGuard.start();
  root.start();

  // Keep the guard's facts current; when they change, re-run the guards of the page on screen so a
  // session that ends (or a sign-in that requires a password change) moves the visitor on.
  let facts = '';
  const syncFacts = () => {
    const next = guardFacts(sessionActor().getSnapshot(), root.getSnapshot());
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
  sessionActor().subscribe(syncFacts);
  return root;
}

function routerNavigator(router: AnyRouter): AppNavigator {
  return {
    goTo: (path, options) => void router.navigate({ href: path, replace: options?.replace ?? false }),
    currentHref: () => router.state.location.href,
    searchParam: (name) => {
      const value = (router.state.location.search as Record<string, unknown>)[name];
      return typeof value === 'string' ? value : null;
    },
    goBack: (fallbackPath) => {
      if (router.history.canGoBack()) router.history.back();
      else void router.navigate({ href: fallbackPath, replace: true });
    },
  };
}
