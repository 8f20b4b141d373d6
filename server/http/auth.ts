import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/** The cookie in which the app keeps its token beside local storage (shell spec, "Stored auth token"). */
export const SESSION_COOKIE = 'auth_token';

function bearerToken(header: string | undefined): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
}

/**
 * Whether the cookie may speak for the learner: the request comes from the app's own pages (Fetch
 * Metadata `same-origin`), from the learner's own navigation (`none`: an address typed, a bookmark),
 * or not from a browser (no such header). SameSite=Strict keeps the cookie from other sites, but a
 * browser still sends it when a page on a sibling host of the same site asks (a school's other
 * subdomain), and a call such as the freeze's cancel changes something on a GET.
 */
function fromOwnPages(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * The request's token: the Authorization bearer wins, else the session cookie the app keeps (which
 * the player's, the images' and the service worker's requests send by themselves), when the request
 * comes from the app's own pages.
 */
export function requestToken(c: Context): string {
  const bearer = bearerToken(c.req.header('authorization'));
  if (bearer) return bearer;
  return (fromOwnPages(c) && getCookie(c, SESSION_COOKIE)) || '';
}
