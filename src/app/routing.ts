import {
  type AnyRoute,
  createRoute,
  lazyRouteComponent,
  type RouteComponent,
  redirect,
} from '@tanstack/react-router';
import type { RouteAccess } from '../../machines/shell/routeGuard.machine';
import { loadChunk } from '../platform/chunkLoad';
import type { RouteGuardActor } from './hooks';
import { type CatalogArea, withAreaCatalog } from './i18n';
import { type AppRouteName, isAppRouteName, ROUTE_PATHS } from './routeNames';

/**
 * The pieces each area's `routes.ts` builds its pages from. The router composes the areas' routes
 * (router.ts) and hands every `beforeLoad` the route guard through the router context.
 */

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route's name in the spec's route table. */
    name?: AppRouteName;
  }
}

export type RouterContext = { guard: RouteGuardActor };

type Search = Record<string, unknown>;
type StringParams<N extends string> = { [K in N]?: string };

/** Search params that are plain strings (token, returnUrl, warning=true); anything else is dropped. */
export const stringParams =
  <const N extends string>(...names: N[]) =>
  (search: Search): StringParams<N> =>
    Object.fromEntries(
      names.map((name) => [name, typeof search[name] === 'string' ? search[name] : undefined]),
    ) as StringParams<N>;

/**
 * A screen loaded on demand: its module, and with it its machine and API calls, is a chunk of its own.
 * A chunk that does not load fails with a ChunkLoadError, which the error page answers with a reload
 * prompt (the router would otherwise reload the page by itself once, losing what was typed).
 */
export const lazyScreen = <K extends string>(
  importer: () => Promise<Record<K, () => React.ReactNode>>,
  name: K,
) => lazyRouteComponent(() => loadChunk(importer), name);

/** A lazy screen of an area with its own catalog: the screen renders once the area's texts are in. */
export const lazyAreaScreen = <K extends string>(
  area: CatalogArea,
  importer: () => Promise<Record<K, () => React.ReactNode>>,
  name: K,
) => lazyRouteComponent(() => loadChunk(withAreaCatalog(area, importer)), name);

/**
 * Asks the route guard before a route loads and follows its redirect. An e-mail prompt (rule 7) lets
 * the page load: the frame shows the prompt over it. Preloads only look: the guard would otherwise
 * remember return URLs for pages nobody opened.
 */
function guarded(name: AppRouteName, access: RouteAccess, requiresEmail: boolean) {
  return ({
    context,
    location,
    preload,
  }: {
    context: unknown;
    location: { href: string };
    preload: boolean;
  }) => {
    if (preload) return;
    // Every page hangs under the root route, whose context is RouterContext; a page helper generic
    // over its parent cannot see that type through the parent.
    const { guard } = context as RouterContext;
    guard.send({ type: 'ROUTE.CHECK', name, access, href: location.href, requiresEmail });
    const decision = guard.getSnapshot().context.decision;
    if (decision.kind === 'redirect') {
      const to = isAppRouteName(decision.to) ? ROUTE_PATHS[decision.to] : '/';
      throw redirect({ to, search: decision.search ?? {}, replace: true });
    }
  };
}

type PageOptions<S> = {
  validateSearch?: (search: Search) => S;
  /** The user must have an e-mail here (rule 7): purchases start on these pages. */
  requiresEmail?: boolean;
};

/** A page of the spec's route table under `parent`: its path, its access rule and its screen. */
export function page<
  TParent extends AnyRoute,
  const TName extends AppRouteName,
  TSearch extends Record<string, string | undefined> = Record<never, never>,
>(
  parent: TParent,
  name: TName,
  access: RouteAccess,
  component: RouteComponent,
  { validateSearch, requiresEmail = false }: PageOptions<TSearch> = {},
) {
  return createRoute({
    getParentRoute: () => parent,
    path: ROUTE_PATHS[name],
    staticData: { name },
    beforeLoad: guarded(name, access, requiresEmail),
    component,
    validateSearch: validateSearch ?? ((): TSearch => ({}) as TSearch),
  });
}
