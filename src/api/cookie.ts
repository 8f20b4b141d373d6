import * as v from 'valibot';
import type { CookiePolicy, CookieSettings } from '../domain/consent';
import type { ApiClient } from './client';

/** GET /cookie, GET /cookie/get-policy, POST /cookie/update-policy (docs/API.md "Cookie consent"). */

/**
 * What the app reads of the brand's settings: whether it asks. Their `items` are the categories'
 * defaults, which the app knows already (src/domain/consent.ts).
 */
export const WireCookieSettings = v.object({ isEnabled: v.boolean() });

export const WireCookiePolicy = v.object({
  essential: v.literal(true),
  analytics: v.boolean(),
  marketing: v.boolean(),
});

/** The signed-in learner's stored choice; null until they have made one. */
export const WireStoredCookiePolicy = v.nullable(WireCookiePolicy);

export async function fetchCookieSettings(api: ApiClient): Promise<Pick<CookieSettings, 'isEnabled'>> {
  return (await api.request(WireCookieSettings, '/cookie')).data;
}

/** `token`: the stored session's, for a read that may leave before the session has restored it. */
export async function fetchCookiePolicy(api: ApiClient, token?: string): Promise<CookiePolicy | null> {
  return (await api.request(WireStoredCookiePolicy, '/cookie/get-policy', { token })).data;
}

export async function saveCookiePolicy(api: ApiClient, policy: CookiePolicy): Promise<CookiePolicy> {
  const { data } = await api.request(WireCookiePolicy, '/cookie/update-policy', {
    method: 'POST',
    body: { essential: true, analytics: policy.analytics, marketing: policy.marketing },
  });
  return data;
}
