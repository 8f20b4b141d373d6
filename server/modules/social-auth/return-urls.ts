import type { Context } from 'hono';
import type { Language } from '../../../brands/index';
import { type SocialErrorCode, socialErrorText } from '../../../src/domain/socialErrors';
import { isExternalAuthSource } from '../../../src/domain/socialNetworks';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import type { Settings } from '../../infra/container';

/**
 * The addresses the browser goes through: the callback the providers know, and the app's success and
 * cancel pages with the outcome in the query (shell spec, section 4 "Social login return" and
 * "Social link flow").
 */

/** The API base the providers are registered with; the callback is the same under either base. */
const CALLBACK_BASE = '/spa/api/v1';

/** The app's public origin: PUBLIC_URL when set (a proxy in front), else the request's own. */
export function publicOrigin(c: Context<AppEnv>, settings: Settings): string {
  return new URL(settings.publicUrl ?? c.req.url).origin;
}

/** The callback's path, the same whichever base a flow started from. */
export function callbackPath(provider: string): string {
  return `${CALLBACK_BASE}/auth/social/${provider}/callback`;
}

export function callbackUrl(c: Context<AppEnv>, settings: Settings, provider: string): string {
  return `${publicOrigin(c, settings)}${callbackPath(provider)}`;
}

/**
 * A success or cancel URL as an absolute address of this site. Relative paths are taken against the
 * public origin; any other origin is refused (400), so the flow cannot be used as an open redirect.
 */
export function ownReturnUrl(c: Context<AppEnv>, settings: Settings, value: string): string {
  const origin = publicOrigin(c, settings);
  // `//host/x` and `/\host` are other sites to a browser although they start with a slash.
  if (/^[/\\]{2}|^\/\\/.test(value)) throw new ApiError(400, 'socialUnsafeReturnUrl');
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    throw new ApiError(400, 'socialUnsafeReturnUrl');
  }
  if (url.origin !== origin) throw new ApiError(400, 'socialUnsafeReturnUrl');
  return url.toString();
}

/** The parameters of an outcome; those of an earlier outcome in the URL are replaced. */
const OUTCOME_PARAMS = ['action', 'status', 'code', 'errorCode', 'errorMessage', 'network'] as const;

export type Outcome =
  | { action: 'login'; status: 'success'; code: string; network: string }
  | { action: 'link'; status: 'success'; network: string }
  | { action: 'login' | 'link'; status: 'fail'; errorCode: SocialErrorCode; network?: string };

/** The app's page with the outcome in its query; a failure carries its text in the request's language. */
export function outcomeUrl(base: string, outcome: Outcome, lang: Language): string {
  const url = new URL(base);
  for (const name of OUTCOME_PARAMS) url.searchParams.delete(name);
  url.searchParams.set('action', outcome.action);
  url.searchParams.set('status', outcome.status);
  if ('code' in outcome) url.searchParams.set('code', outcome.code);
  if ('network' in outcome && outcome.network) url.searchParams.set('network', outcome.network);
  if (outcome.status === 'fail') {
    const network =
      outcome.network !== undefined && isExternalAuthSource(outcome.network) ? outcome.network : undefined;
    url.searchParams.set('errorCode', outcome.errorCode);
    url.searchParams.set('errorMessage', socialErrorText(outcome.errorCode, lang, network));
  }
  return url.toString();
}

/** Where a callback without a known flow goes: the app's sign-in page, which shows the failure. */
export function unknownFlowUrl(c: Context<AppEnv>, settings: Settings): string {
  return outcomeUrl(
    `${publicOrigin(c, settings)}/v/`,
    { action: 'login', status: 'fail', errorCode: 'flow_expired' },
    c.get('lang'),
  );
}
