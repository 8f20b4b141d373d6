/**
 * The menu's actions for analytics (shell spec: "Burger and back actions are reported to
 * analytics"). The frame calls `reportAction('burger')`; the analytics sender, which loads only once
 * the visitor allowed analytics, listens. Before that the call reaches no one and nothing is sent.
 */
export const ANALYTICS_ACTION_EVENT = 'app:analytics-action';

export type ReportedAction = 'burger' | 'back';

export function reportAction(action: ReportedAction): void {
  window.dispatchEvent(new CustomEvent<ReportedAction>(ANALYTICS_ACTION_EVENT, { detail: action }));
}
