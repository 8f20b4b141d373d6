import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { createActor } from 'xstate';
import { DEFAULT_BRAND } from '../brands';
import { appMachine } from '../machines/shell/app.machine';
import { sessionMachine } from '../machines/shell/session.machine';
import { AppActorContext } from '../src/app/hooks';
import { activateLanguage, i18n } from '../src/app/i18n';
import type { User } from '../src/domain/user';
import { instrument } from './harness';

/** Where a screen runs in a model test: the route it is on, and who (if anyone) is signed in. */
export type ScreenSetting = {
  /** The path of the route the screen is on (its route hooks read this route); `/` by default. */
  path?: string;
  /** A signed-in session, for screens behind sign-in. */
  session?: { token: string; user: User };
};

/**
 * The root actor a screen reads its brand and session from. Its own effects are fakes that never
 * settle, so it stays as the setting describes: nothing is fetched, nothing navigates.
 */
function startRootActor(setting: ScreenSetting) {
  const session = instrument(sessionMachine).machine;
  const root = instrument(appMachine).machine.provide({ actors: { session } });
  const actor = createActor(root, { input: { brand: DEFAULT_BRAND } });
  actor.start();
  if (setting.session) actor.system.get('session').send({ type: 'SESSION.SIGNED_IN', ...setting.session });
  return actor;
}

/**
 * The providers every screen needs, in English: Lingui, the root actor and a router on memory
 * history whose only page, at the setting's path, is the screen under test.
 */
export async function screenProviders(setting: ScreenSetting, screen: () => ReactNode) {
  await activateLanguage('en');
  // A screen that navigates away leaves an empty page: the pages it goes to are not under test.
  const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: () => null });
  const page = createRoute({ getParentRoute: () => rootRoute, path: setting.path ?? '/', component: screen });
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [setting.path ?? '/'] }),
  });
  await router.load();
  const root = startRootActor(setting);
  return {
    element: (
      <I18nProvider i18n={i18n}>
        <AppActorContext.Provider value={root}>
          <RouterProvider router={router} />
        </AppActorContext.Provider>
      </I18nProvider>
    ),
    stop: () => root.stop(),
  };
}
