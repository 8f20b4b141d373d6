import {
  type AnyRoute,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import type { RouteAccess } from '../../machines/routeGuard.machine';
import { LoginScreen } from '../features/auth/LoginScreen';
import { RootFrame } from '../features/shell/RootFrame';
import { type AppRouteName, isAppRouteName, ROUTE_PATHS } from './routeNames';
import { checkRoute } from './runtime';

/**
 * The route tree: every route of both specs' tables, their access, the redirects and the 404 page.
 * Only sign-in is in the entry chunk; every other screen is a lazy chunk.
 */

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route's name in the spec's route table. */
    name?: AppRouteName;
  }
}

type Search = Record<string, unknown>;
const stringParams =
  (...names: string[]) =>
  (search: Search): Record<string, string | undefined> =>
    Object.fromEntries(
      names.map((name) => [name, typeof search[name] === 'string' ? search[name] : undefined]),
    );

/**
 * Asks the route guard before a route loads and follows its redirect. An e-mail prompt (rule 7) lets
 * the page load: the frame shows the prompt over it. Preloads only look: the guard would otherwise
 * remember return URLs for pages nobody opened.
 */
function guard(name: AppRouteName, access: RouteAccess, requiresEmail: boolean) {
  return ({ location, preload }: { location: { href: string }; preload: boolean }) => {
    if (preload) return;
    const decision = checkRoute({ name, access, href: location.href, requiresEmail });
    if (decision.kind === 'redirect') {
      const to = isAppRouteName(decision.to) ? ROUTE_PATHS[decision.to] : '/';
      throw redirect({ to, search: decision.search ?? {}, replace: true });
    }
  };
}

const rootRoute = createRootRoute({
  component: RootFrame,
  notFoundComponent: lazyRouteComponent(() => import('../features/shell/NotFoundPage'), 'NotFoundPage'),
});

const lazy = <K extends string>(importer: () => Promise<Record<K, () => React.ReactNode>>, name: K) =>
  lazyRouteComponent(importer, name);

const notBuiltYet = lazy(() => import('../features/shell/NotBuiltYetPage'), 'NotBuiltYetPage');

type PageOptions = {
  validateSearch?: (search: Search) => Record<string, string | undefined>;
  /** The user must have an e-mail here (rule 7): purchases start on these pages. */
  requiresEmail?: boolean;
};

function page(
  parent: AnyRoute,
  name: AppRouteName,
  access: RouteAccess,
  component: ReturnType<typeof lazy> | (() => React.ReactNode) = notBuiltYet,
  { validateSearch, requiresEmail = false }: PageOptions = {},
) {
  return createRoute({
    getParentRoute: () => parent,
    path: ROUTE_PATHS[name],
    staticData: { name },
    beforeLoad: guard(name, access, requiresEmail),
    component,
    ...(validateSearch ? { validateSearch } : {}),
  });
}

/** A legacy or container path that only sends the visitor on (shell spec, section 2). */
function moved(
  path: string,
  to: (params: Record<string, string>) => string,
  search?: Record<string, string>,
) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: ({ params }) => {
      throw redirect({ to: to(params as Record<string, string>), search: search ?? {}, replace: true });
    },
  });
}

// Guest and public pages (no signed-in frame).
const loginRoute = page(rootRoute, 'login', 'guest', LoginScreen, {
  validateSearch: stringParams('returnUrl', 'error'),
});
const guestRoutes = [
  loginRoute,
  page(
    rootRoute,
    'signup',
    'guest',
    lazy(() => import('../features/auth/SignupScreen'), 'SignupScreen'),
  ),
  page(
    rootRoute,
    'accessRecovery',
    'guest',
    lazy(() => import('../features/auth/AccessRecoveryScreen'), 'AccessRecoveryScreen'),
    { validateSearch: stringParams('token') },
  ),
  page(
    rootRoute,
    'auto-login',
    'public',
    lazy(() => import('../features/auth/AutoLoginScreen'), 'AutoLoginScreen'),
    { validateSearch: stringParams('token', 'returnUrl') },
  ),
  page(
    rootRoute,
    'logout',
    'logout',
    lazy(() => import('../features/auth/LogoutScreen'), 'LogoutScreen'),
    { validateSearch: stringParams('from') },
  ),
];

// Signed-in pages share the header frame (a layout route without a path of its own).
const signedInLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  component: lazy(() => import('../features/shell/SignedInLayout'), 'SignedInLayout'),
});

const later = (name: AppRouteName, options?: PageOptions) =>
  page(signedInLayout, name, 'auth', notBuiltYet, options);

const signedInRoutes = [
  page(
    signedInLayout,
    'home',
    'auth',
    lazy(() => import('../features/home/HomeScreen'), 'HomeScreen'),
  ),
  page(
    signedInLayout,
    'resetPassword',
    'auth',
    lazy(() => import('../features/auth/PasswordChangeScreen'), 'PasswordChangeScreen'),
  ),
  page(
    signedInLayout,
    'updateProfile',
    'auth',
    lazy(() => import('../features/profile/ProfileCompletionScreen'), 'ProfileCompletionScreen'),
  ),
  page(
    signedInLayout,
    'delete',
    'auth',
    lazy(() => import('../features/profile/DeleteAccountScreen'), 'DeleteAccountScreen'),
    { validateSearch: stringParams('from') },
  ),
  later('subscriptions', { validateSearch: stringParams('warning') }),
  later('home-catalog', { requiresEmail: true }),
  ...(
    [
      'linkSocialNetworks',
      'socialNetworks',
      'userPassword',
      'settingsNotifications',
      'settingsReminders',
      'settingsReminderNew',
      'settingsReminderUpdate',
      'userEdit',
      'userSettings',
      'settingsCookiePolicy',
      'userPaymentMethods',
      'installments',
      'subscription',
      'userSetting',
      'home-courses',
      'home-events',
      'calendar',
      'day',
      'materials',
      'homeworks',
      'homework',
      'chats',
      'chat',
      'videoconsultations',
      'videoconsultation',
      'support',
      'supportCategory',
      'supportCategoryStream',
      'banners',
      'points',
      'points-history',
    ] as const
  ).map((name) => later(name)),
];

const redirects = [
  moved('/user', () => ROUTE_PATHS.home),
  moved('/course', () => ROUTE_PATHS.home),
  moved('/subscriptions', () => ROUTE_PATHS.subscriptions, { warning: 'true' }),
  moved('/course/$streamId/stages', ({ streamId }) => `/course/${streamId}/calendar`),
  moved('/course/$streamId/freeze', ({ streamId }) => `/course/${streamId}/calendar`),
  moved(
    '/course/$streamId/stages/$stageId/days/$dayId',
    ({ streamId, dayId }) => `/course/${streamId}/calendar/${dayId}`,
  ),
];

const routeTree = rootRoute.addChildren([
  ...guestRoutes,
  signedInLayout.addChildren(signedInRoutes),
  ...redirects,
]);

/** The router for this build: `/v` or `/class`, from Vite's base. */
export function createAppRouter() {
  return createRouter({
    routeTree,
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
