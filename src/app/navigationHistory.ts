import type { AnyRouter } from '@tanstack/react-router';
import { EMPTY_HISTORY, type NavigationHistory, recordVisit } from '../domain/navigationVisits';

/** The running app's navigation history: read by the menus, kept current by the router. */
export type NavigationHistoryStore = {
  get: () => NavigationHistory;
  subscribe: (listener: () => void) => () => void;
  /**
   * Takes back the visit of the page shown now, as if it had not been made: a page that found nothing
   * to show (a course or day that is not there) is no place for a menu link to lead back to.
   */
  forgetCurrentPage: () => void;
};

/**
 * Follows the router: every page shown is recorded under its route name (the menus group them, see
 * src/domain/navigationHistory.ts). Made once by startApp, so the history lives as long as the app.
 */
export function trackNavigationHistory(router: AnyRouter): NavigationHistoryStore {
  let history = EMPTY_HISTORY;
  // The page resolved last, and the history before its visit: what forgetting that visit goes back to.
  let latestHref: string | null = null;
  let beforeLatest = EMPTY_HISTORY;
  let visits = 0;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  router.subscribe('onResolved', () => {
    const { matches, location } = router.state;
    // The router resolving the page shown once more (its data reloaded) is no new visit: a second
    // record would outlive the page taking its visit back.
    if (location.href === latestHref) return;
    latestHref = location.href;
    beforeLatest = history;
    const name = matches.at(-1)?.staticData?.name;
    if (!name) return;
    visits += 1;
    history = recordVisit(history, name, location.href, visits);
    changed();
  });
  return {
    get: () => history,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    forgetCurrentPage: () => {
      // The page shown is the resolved one: while the router moves on, the page that asks is still it.
      const { location, resolvedLocation } = router.state;
      const shown = (resolvedLocation ?? location).href;
      if (latestHref === shown) {
        history = beforeLatest;
        changed();
      } else if (shown === location.href) {
        // Found missing before the router announced it: its announcement then finds it already seen.
        latestHref = shown;
        beforeLatest = history;
      }
    },
  };
}
