import type { AnyRouter } from '@tanstack/react-router';

/** What the app's effects need from the router: in-app paths and the current query, without the base path. */
export type AppNavigator = {
  /** Goes to an in-app path (with query). */
  goTo: (path: string, options?: { replace?: boolean }) => void;
  /** The current in-app path with query. */
  currentHref: () => string;
  /** A query parameter of the current location. */
  searchParam: (name: string) => string | null;
  /** Back to the previous page of this app, or to `fallbackPath` when there is none. */
  goBack: (fallbackPath: string) => void;
};

export function routerNavigator(router: AnyRouter): AppNavigator {
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
