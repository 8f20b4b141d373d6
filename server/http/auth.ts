import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/** The cookie in which the app keeps its token beside local storage (shell spec, "Stored auth token"). */
export const SESSION_COOKIE = 'auth_token';

function bearerToken(header: string | undefined): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
}

/** The request's token: the Authorization bearer wins, else the session cookie the app keeps. */
export function requestToken(c: Context): string {
  return bearerToken(c.req.header('authorization')) || getCookie(c, SESSION_COOKIE) || '';
}
