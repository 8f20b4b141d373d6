import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import type { AppEnv } from '../../http/context';
import type { Settings } from '../../infra/container';
import { hashToken, newToken } from '../../infra/tokens';
import type { SocialProvider } from './config';
import { callbackPath, publicOrigin } from './return-urls';

/**
 * A flow belongs to the browser that started it (RFC 9700, 4.7.1). The state alone does not do
 * that: it lives on the server, so a callback URL taken from one browser and opened in another
 * (login CSRF) would sign the other browser in to the first one's account. The starting browser
 * gets a random value in a cookie, the flow keeps only its hash, and the callback goes on only when
 * the same value comes back.
 */

export const FLOW_COOKIE = 'social_flow';

/**
 * For the provider's callback only (one cookie per provider, so flows of two networks under way in
 * one browser do not undo each other), out of scripts' reach. SameSite=Lax still comes with the
 * provider's redirect back, a top-level GET; Secure where the site is served over https.
 */
function cookieOptions(c: Context<AppEnv>, settings: Settings, provider: SocialProvider): CookieOptions {
  return {
    path: callbackPath(provider),
    httpOnly: true,
    sameSite: 'Lax',
    secure: publicOrigin(c, settings).startsWith('https:'),
  };
}

/** Gives the browser the cookie of a new flow that lives `lifetimeMs`; answers the hash the flow keeps. */
export function bindToBrowser(
  c: Context<AppEnv>,
  settings: Settings,
  provider: SocialProvider,
  lifetimeMs: number,
): string {
  const value = newToken();
  setCookie(c, FLOW_COOKIE, value, { ...cookieOptions(c, settings, provider), maxAge: lifetimeMs / 1000 });
  return hashToken(value);
}

/**
 * Clears the callback's flow cookie and answers whether it was the one of the flow that keeps
 * `browserHash` (null: a flow with no browser, which nobody may finish).
 */
export function isStartingBrowser(
  c: Context<AppEnv>,
  settings: Settings,
  provider: SocialProvider,
  browserHash: string | null,
): boolean {
  const value = deleteCookie(c, FLOW_COOKIE, cookieOptions(c, settings, provider));
  if (!value || !browserHash) return false;
  // Compared in constant time: how much of the hash matched must not show in the answer's timing.
  const given = Buffer.from(hashToken(value), 'hex');
  const kept = Buffer.from(browserHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
