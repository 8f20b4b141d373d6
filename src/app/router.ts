import { createRootRouteWithContext, createRouter } from '@tanstack/react-router';
import { accountRoutes } from '../features/account/routes';
import { guestRoutes, signedInAuthRoutes } from '../features/auth/routes';
import { consentRoutes } from '../features/consent/routes';
import { learningRoutes } from '../features/learning/routes';
import { registrationRoutes } from '../features/registration/routes';
import { RootFrame } from '../features/shell/RootFrame';
import { RouteErrorPage } from '../features/shell/RouteErrorPage';
import { legacyRedirects, notFoundPage, shellRoutes, signedInLayout } from '../features/shell/routes';
import { socialRoutes } from '../features/social/routes';
import { supportRoutes } from '../features/support/routes';
import type { RouteGuardActor } from './hooks';
import type { RouterContext } from './routing';

/**
 * The route tree: every route of both specs' tables, composed from each area's routes, the redirects
 * and the 404 page. Only sign-in is in the entry chunk; every other screen is a lazy chunk.
 */
const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootFrame,
  notFoundComponent: notFoundPage,
});

const signedIn = signedInLayout(rootRoute);

const routeTree = rootRoute.addChildren([
  ...guestRoutes(rootRoute),
  ...registrationRoutes(rootRoute),
  signedIn.addChildren([
    ...shellRoutes(signedIn),
    ...signedInAuthRoutes(signedIn),
    ...accountRoutes(signedIn),
    ...consentRoutes(signedIn),
    ...learningRoutes(signedIn),
    ...supportRoutes(signedIn),
    ...socialRoutes(signedIn),
  ]),
  ...legacyRedirects(rootRoute),
]);

/**
 * The router for this build (`/v` or `/class`, from Vite's base), asking `guard` before each page.
 * A page that fails shows the error page, and its error goes to `reportError`.
 */
export function createAppRouter(guard: RouteGuardActor, reportError: (error: unknown) => void) {
  return createRouter({
    routeTree,
    context: { guard },
    defaultErrorComponent: RouteErrorPage,
    defaultOnCatch: reportError,
    basepath: import.meta.env.BASE_URL.replace(/\/$/, ''),
    defaultPreload: 'intent',
    // Every query value of this app is a plain string (token, returnUrl, warning=true): keep the URL
    // readable instead of the router's default JSON encoding.
    parseSearch: (search) => Object.fromEntries(new URLSearchParams(search)),
    stringifySearch: (search) => {
      const entries = Object.entries(search).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      );
      const query = new URLSearchParams(entries).toString();
      return query ? `?${query}` : '';
    },
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

// Every Link, navigate, path param and search param in the app is checked against this route tree.
declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
