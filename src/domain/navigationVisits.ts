/**
 * What the navigation history records as the learner moves (content spec, section 2): each route
 * name's last path (with its query) and the visit's place in the sequence. Kept apart from the menu's
 * grouping (navigationHistory.ts) because the recorder runs from start-up, in the sign-in page's code.
 */
export type NavigationHistory = Readonly<Record<string, { path: string; order: number }>>;

export const EMPTY_HISTORY: NavigationHistory = {};

export const recordVisit = (
  history: NavigationHistory,
  routeName: string,
  path: string,
  order: number,
): NavigationHistory => ({ ...history, [routeName]: { path, order } });
