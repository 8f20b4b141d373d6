import * as v from 'valibot';
import type { ExternalAuthSource } from '../domain/user';
import type { ApiClient } from './client';
import { type Session, toSession, WireSessionSchema } from './user';
import { WireEmpty } from './wire';

/** Social sign-in and the networks linked to the account (docs/API.md, "Social sign-in"). */

const SOURCES = ['google', 'vkontakte', 'facebook', 'apple'] as const satisfies readonly ExternalAuthSource[];

export const WireExternalAuthSchema = v.object({
  name: v.picklist(SOURCES),
  linked: v.boolean(),
  id: v.optional(v.number()),
  // A server before this field offered every network it listed.
  offered: v.optional(v.boolean(), true),
});

/**
 * A network of the brand, the link's id when this account has one, and whether the site offers it
 * (a network it no longer offers is listed only while linked, to be unlinked).
 */
export type ExternalAuth = { source: ExternalAuthSource; linkId: number | null; offered: boolean };

/** POST /auth/social/exchange: the one-time code of a finished social sign-in for a session. */
export async function exchangeSocialCode(api: ApiClient, code: string): Promise<Session> {
  const { data } = await api.request(WireSessionSchema, '/auth/social/exchange', {
    method: 'POST',
    body: { code },
  });
  return toSession(data);
}

/** GET /user-external-auth */
export async function fetchExternalAuths(api: ApiClient): Promise<ExternalAuth[]> {
  const { data } = await api.request(v.array(WireExternalAuthSchema), '/user-external-auth');
  return data.map((item) => ({
    source: item.name,
    linkId: item.linked ? (item.id ?? null) : null,
    offered: item.offered,
  }));
}

/** DELETE /user-external-auths/{id} */
export async function unlinkExternalAuth(api: ApiClient, id: number): Promise<void> {
  await api.request(WireEmpty, `/user-external-auths/${id}`, { method: 'DELETE' });
}

/**
 * Where the browser goes to link a network (shell spec, section 7): a navigation, so the session's
 * token rides in the query, with the pages to come back to.
 */
export function socialLinkUrl(
  source: ExternalAuthSource,
  params: { token: string; successUrl: string; cancelUrl: string },
): string {
  const query = new URLSearchParams(params);
  return `/spa/api/v1/auth/social/${source}/link?${query}`;
}
