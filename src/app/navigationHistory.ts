import type { AnyRouter } from '@tanstack/react-router';
import { EMPTY_HISTORY, type NavigationHistory, recordVisit } from '../domain/navigationVisits';

/** The running app's navigation history: read by the menus, kept current by the router. */
export type NavigationHistoryStore = {
  get: () => NavigationHistory;
  subscribe: (listener: () => void) => () => void;
};

/**
 * Follows the router: every page shown is recorded under its route name (the menus group them, see
 * src/domain/navigationHistory.ts). Made once by startApp, so the history lives as long as the app.
 */
export function trackNavigationHistory(router: AnyRouter): NavigationHistoryStore {
  let history = EMPTY_HISTORY;
  let visits = 0;
  const listeners = new Set<() => void>();
  router.subscribe('onResolved', () => {
    const { matches, location } = router.state;
    const name = matches.at(-1)?.staticData?.name;
    if (!name) return;
    visits += 1;
    history = recordVisit(history, name, location.href, visits);
    for (const listener of listeners) listener();
  });
  return {
    get: () => history,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
