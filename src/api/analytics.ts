import * as v from 'valibot';
import type { AnalyticsEvent } from '../domain/consent';
import type { ApiClient } from './client';

/** POST /analytics/events: the platform's own analytics store (docs/API.md "Analytics"). */
export const WireAnalyticsAnswer = v.object({ accepted: v.number() });

export async function sendAnalyticsEvents(api: ApiClient, events: readonly AnalyticsEvent[]): Promise<void> {
  // A batch may leave while the session is ending: its 401 must not sign anyone out again.
  await api.request(WireAnalyticsAnswer, '/analytics/events', {
    method: 'POST',
    body: { events },
    expectUnauthorized: true,
  });
}
