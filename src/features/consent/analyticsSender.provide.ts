import { sendAnalyticsEvents } from '../../api/analytics';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_PATH_MAX,
  type AnalyticsEvent,
  type AnalyticsEventName,
  allowedPolicy,
} from '../../domain/consent';
import { readConsent } from '../../platform/consentCookie';
import type { ConsentLinkOptions } from './consentLink';
import { ANALYTICS_ACTION_EVENT, type ReportedAction } from './reportAction';

/** A batch leaves this long after its first event, or at once when it is full. */
const FLUSH_DELAY_MS = 3000;
const BEACON_URL = '/spa/api/v1/analytics/events';

/**
 * The platform's own analytics (POST /analytics/events), loaded once the visitor allowed analytics:
 * page views from the router, the menu's burger and back actions, sign-ins. Events are batched; what
 * is left when the page goes away leaves by sendBeacon (it carries the session cookie, and the host
 * names the brand). Every event checks the consent again, so taking it back stops them at once.
 */
export function startAnalytics({ brand, session, effects, router }: ConsentLinkOptions): void {
  const allowed = () => allowedPolicy(brand().flags.isCookieEnable, readConsent()).analytics;
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const take = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue.slice(0, ANALYTICS_BATCH_MAX);
    queue = queue.slice(ANALYTICS_BATCH_MAX);
    return batch;
  };
  const flush = () => {
    const batch = take();
    // Best effort: a lost batch of usage counts is not worth the learner's bandwidth to retry.
    if (batch.length > 0) sendAnalyticsEvents(effects.api, batch).catch(() => {});
    if (queue.length > 0) flush();
  };
  const record = (name: AnalyticsEventName) => {
    if (!allowed()) return;
    const path = window.location.pathname.slice(0, ANALYTICS_PATH_MAX);
    queue.push({ name, path, at: Math.floor(Date.now() / 1000) });
    if (queue.length >= ANALYTICS_BATCH_MAX) flush();
    else timer ??= setTimeout(flush, FLUSH_DELAY_MS);
  };

  // The page on screen when analytics became allowed counts as viewed.
  record('page_view');
  router.subscribe('onResolved', () => record('page_view'));
  window.addEventListener(ANALYTICS_ACTION_EVENT, (event) => {
    record((event as CustomEvent<ReportedAction>).detail);
  });
  // A sign-in, not a restored session: signedOut → signedIn is the login's own transition.
  let previous = session().getSnapshot();
  session().subscribe((snapshot) => {
    if (snapshot.matches('signedIn') && previous.matches('signedOut')) record('sign_in');
    previous = snapshot;
  });
  window.addEventListener('pagehide', () => {
    for (let batch = take(); batch.length > 0; batch = take()) {
      const body = new Blob([JSON.stringify({ events: batch })], { type: 'application/json' });
      navigator.sendBeacon(BEACON_URL, body);
    }
  });
}
