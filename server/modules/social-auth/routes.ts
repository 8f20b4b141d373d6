import type { Context } from 'hono';
import { html } from 'hono/html';
import * as v from 'valibot';
import type { AppEnv } from '../../http/context';
import { ApiError, fieldError } from '../../http/errors';
import { idParam, requiredLine, timeZoneOrNull } from '../../http/fields';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, redirectAnswer, relayPageAnswer, route } from '../../http/route';
import type { Services } from '../../infra/container';
import { asLanguage } from '../../infra/i18n';
import { toWireUser, WireSignedIn } from '../user/wire';
import { bindToBrowser, isStartingBrowser } from './browser-binding';
import {
  availableProviders,
  isSocialProvider,
  type ProviderConfig,
  SOCIAL_PROVIDERS,
  type SocialProvider,
} from './config';
import { linkOutcome, loginOutcome } from './outcomes';
import { authorizationUrl, exchangeCode, newFlowSecrets } from './providers';
import {
  createFlow,
  deleteOwnLink,
  externalAuthsOf,
  FLOW_LIFETIME_MS,
  type FlowMode,
  findActiveUser,
  type NewFlow,
  takeExchangeCode,
  takeFlow,
} from './queries';
import { callbackUrl, type Outcome, outcomeUrl, ownReturnUrl, unknownFlowUrl } from './return-urls';
import type { WireExternalAuth as WireExternalAuthType } from './wire';
import { WireExternalAuth } from './wire';

const ProviderParams = v.object({ provider: requiredLine(20) });
const ReturnUrls = { successUrl: requiredLine(2000), cancelUrl: requiredLine(2000) };
const StartQuery = v.object({
  ...ReturnUrls,
  // Checked by the handler: a zone this server does not know is left out, not refused.
  timezone: v.optional(
    v.pipe(
      v.string(),
      v.description(
        "The browser's IANA time zone (e.g. Europe/Berlin), given to an account this sign-in makes; " +
          'one this server does not know is ignored.',
      ),
    ),
  ),
});
/** The spec puts the session token in the query: the browser navigates there, it sends no header. */
const LinkQuery = v.object({ ...ReturnUrls, token: v.optional(v.string()) });
const ExchangeBody = v.object({ code: requiredLine(100) });
const EmptyData = v.object({});

/** The provider's settings when the request's brand offers it and this server is configured for it; 404 otherwise. */
function providerConfig(
  c: Context<AppEnv>,
  services: Services,
  name: string,
): [SocialProvider, ProviderConfig] {
  const social = services.settings.social ?? {};
  const provider = availableProviders(c.get('brand'), social).find((p) => p === name);
  const config = provider && social[provider];
  if (!provider || !config) throw new ApiError(404, 'socialProviderUnavailable');
  return [provider, config];
}

/** Stores the flow, tied to this browser by its cookie, and sends the browser to the provider. */
async function startFlow(
  c: Context<AppEnv>,
  services: Services,
  provider: [SocialProvider, ProviderConfig],
  flow: Pick<NewFlow, 'mode' | 'userId' | 'successUrl' | 'cancelUrl' | 'timezone'>,
) {
  const [name, config] = provider;
  const secrets = newFlowSecrets();
  const target = await authorizationUrl(config, callbackUrl(c, services.settings, name), secrets);
  const browserHash = bindToBrowser(c, services.settings, name, FLOW_LIFETIME_MS);
  await createFlow(services.db, {
    ...flow,
    ...secrets,
    browserHash,
    provider: name,
    language: c.get('lang'),
  });
  return c.redirect(target.toString(), 302);
}

/** The relay page may do nothing but send the browser on: no script, style, frame or form. */
const RELAY_PAGE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Apple posts its answer from its own site (response_mode=form_post), and a cross-site POST comes
 * without the SameSite=Lax flow cookie. A page of this site sends the same fields on to the callback
 * as a GET, a top-level navigation that brings the cookie: a meta refresh, as the site runs no inline
 * script. The flow is left to that GET.
 */
async function relayPostedAnswer(c: Context<AppEnv>, services: Services, provider: string) {
  if (!isSocialProvider(provider)) return c.redirect(unknownFlowUrl(c, services.settings), 302);
  const type = c.req.header('content-type') ?? '';
  const form = type.startsWith('application/x-www-form-urlencoded') ? await c.req.text() : '';
  const target = new URL(callbackUrl(c, services.settings, provider));
  // Every field goes on as it came: code, state, Apple's `user` JSON (the name, only on an account's
  // first authorization), `iss`. The URL holds the code and that name and e-mail, so no cache keeps
  // the page; the app's secure headers already send no referrer.
  target.search = new URLSearchParams(form).toString();
  c.header('Cache-Control', 'no-store');
  c.header('Content-Security-Policy', RELAY_PAGE_POLICY);
  return c.html(
    html`<!doctype html><html lang="${c.get('lang')}"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target.toString()}"><title>${c.get('brand').assets.title}</title></head></html>`,
  );
}

/** Turns the provider's answer into the app's outcome; a provider that cannot be reached is `unknown_error`. */
async function finishFlow(c: Context<AppEnv>, services: Services, provider: string) {
  const unknownFlow = () => c.redirect(unknownFlowUrl(c, services.settings), 302);
  if (!isSocialProvider(provider)) return unknownFlow();
  const params = new URL(c.req.url).searchParams;
  const state = params.get('state');
  // Taken before the browser is checked, so a callback opened in another browser uses the flow up too.
  const flow = state ? await takeFlow(services.db, provider, state) : undefined;
  const fromStarter = isStartingBrowser(c, services.settings, provider, flow?.browserHash ?? null);
  const config = services.settings.social?.[provider];
  if (!flow || !config) return unknownFlow();
  const mode = flow.mode as FlowMode;
  if (!fromStarter) {
    services.log.info(`social ${provider} ${mode}: the callback came without the starting browser's cookie`);
    return unknownFlow();
  }
  const fail = (errorCode: 'cancelled' | 'common_no_social_id' | 'unknown_error'): Outcome => ({
    action: mode,
    status: 'fail',
    errorCode,
    network: provider,
  });
  let outcome: Outcome;
  const error = params.get('error');
  if (error) {
    // The person said no or closed the provider's page (access_denied; Apple: user_cancelled_authorize).
    outcome = fail(/denied|cancel/.test(error) ? 'cancelled' : 'unknown_error');
  } else {
    try {
      const secrets = { state: flow.state, codeVerifier: flow.codeVerifier, nonce: flow.nonce };
      const redirectUri = callbackUrl(c, services.settings, provider);
      const account = await exchangeCode(provider, config, redirectUri, params, secrets);
      if (!account) outcome = fail('common_no_social_id');
      else if (mode === 'login') outcome = await loginOutcome(c, services, flow, provider, account);
      else outcome = await linkOutcome(services, flow, provider, account);
    } catch (cause) {
      // A refused code, a bad signature, an unreachable provider: the person can only try again.
      services.log.info(
        `social ${provider} ${mode}: ${cause instanceof Error ? cause.message : String(cause)}`,
      );
      outcome = fail('unknown_error');
    }
  }
  const back = outcome.status === 'success' ? flow.successUrl : flow.cancelUrl;
  return c.redirect(outcomeUrl(back, outcome, asLanguage(flow.language) ?? c.get('lang')), 302);
}

const callbackRoute = (method: 'get' | 'post') =>
  route({
    method,
    path: '/auth/social/:provider/callback',
    summary:
      method === 'get'
        ? "The provider's answer (query): back to the app's success or cancel page with the outcome"
        : "The provider's answer as a form POST (Apple's response_mode=form_post): sent on as the GET",
    description:
      method === 'get'
        ? 'The flow is found by `state` (single use, 10 minutes) and goes on only with the `social_flow` ' +
          'cookie its start gave this browser (the cookie is cleared); the code is exchanged with the PKCE ' +
          'verifier kept on the server. The browser goes to successUrl or cancelUrl with action, status and ' +
          'code or errorCode, errorMessage and network; an unknown state, or a callback without the ' +
          "starting browser's cookie, goes to the sign-in page with flow_expired (the flow is used up)."
        : 'A cross-site POST brings no SameSite=Lax cookie: answers 200 with an HTML page whose meta ' +
          'refresh sends the browser to the GET callback with the posted fields in the query. An ' +
          'unknown provider goes to the sign-in page with flow_expired.',
    access: 'none',
    params: ProviderParams,
    answer: method === 'get' ? redirectAnswer : relayPageAnswer,
    handle: (c, { params }, services) =>
      method === 'get'
        ? finishFlow(c, services, params.provider)
        : relayPostedAnswer(c, services, params.provider),
  });

/** Social sign-in and sign-up, linking and unlinking networks (shell spec, sections 3, 4, 7 and 8). */
export const socialAuthModule: ApiModule = {
  tag: 'social-auth',
  description:
    'Sign-in and sign-up through Google, VK, Facebook and Apple, and the networks linked to an account.',
  routes: [
    route({
      method: 'get',
      path: '/auth/social/:provider',
      summary: 'Sign in (or up) with a social network: redirects to the provider',
      description:
        'successUrl and cancelUrl must be pages of this site (absolute or relative), else 400. A provider ' +
        'the brand does not offer or the server is not configured for answers 404. `timezone`, the ' +
        "browser's IANA time zone, becomes the time zone of an account the sign-in makes (an unknown " +
        'one is ignored, not refused); an existing account keeps its own.',
      access: 'none',
      params: ProviderParams,
      query: StartQuery,
      answer: redirectAnswer,
      refusals: [404],
      async handle(c, { params, query }, services) {
        const provider = providerConfig(c, services, params.provider);
        const successUrl = ownReturnUrl(c, services.settings, query.successUrl);
        const cancelUrl = ownReturnUrl(c, services.settings, query.cancelUrl);
        return startFlow(c, services, provider, {
          mode: 'login',
          userId: null,
          successUrl,
          cancelUrl,
          timezone: timeZoneOrNull(query.timezone),
        });
      },
    }),

    route({
      method: 'get',
      path: '/auth/social/:provider/link',
      summary:
        'Link a social network to the signed-in account (token in the query): redirects to the provider',
      description:
        'Without a live session the browser goes straight back to cancelUrl with errorCode link_user_unauthorised.',
      access: 'none',
      params: ProviderParams,
      query: LinkQuery,
      answer: redirectAnswer,
      refusals: [404],
      async handle(c, { params, query }, services) {
        const provider = providerConfig(c, services, params.provider);
        const successUrl = ownReturnUrl(c, services.settings, query.successUrl);
        const cancelUrl = ownReturnUrl(c, services.settings, query.cancelUrl);
        const auth = query.token ? await services.sessions.authenticate(query.token) : null;
        if (!auth) {
          const outcome: Outcome = {
            action: 'link',
            status: 'fail',
            errorCode: 'link_user_unauthorised',
            network: provider[0],
          };
          return c.redirect(outcomeUrl(cancelUrl, outcome, c.get('lang')), 302);
        }
        return startFlow(c, services, provider, {
          mode: 'link',
          userId: auth.user.id,
          successUrl,
          cancelUrl,
          timezone: null,
        });
      },
    }),

    callbackRoute('get'),
    callbackRoute('post'),

    route({
      method: 'post',
      path: '/auth/social/exchange',
      summary: 'Trade the one-time code of a social sign-in for a session (the answer of /auth/login)',
      access: 'none',
      body: ExchangeBody,
      answer: dataAnswer(WireSignedIn),
      async handle(c, { body }, services) {
        const userId = await takeExchangeCode(services.db, body.code);
        const user = userId === undefined ? undefined : await findActiveUser(services.db, userId);
        if (!user) throw fieldError('code', 'socialCodeInvalid');
        const token = await services.sessions.issue(user.id);
        return sendData(c, { token, user: await toWireUser(services.db, user) });
      },
    }),

    route({
      method: 'get',
      path: '/user-external-auth',
      summary: "The brand's social networks and whether each is linked to this account",
      access: 'session',
      learnerData: true,
      answer: dataAnswer(v.array(WireExternalAuth)),
      async handle(c, { auth }, services) {
        const linked = await externalAuthsOf(services.db, auth.user.id);
        const offered = availableProviders(c.get('brand'), services.settings.social ?? {});
        // A network no longer offered stays listed while linked, so that its link can still be removed.
        const names = [
          ...offered,
          ...SOCIAL_PROVIDERS.filter((p) => !offered.includes(p) && linked.some((l) => l.source === p)),
        ];
        const list: WireExternalAuthType[] = names.map((name) => {
          const link = linked.find((l) => l.source === name);
          const isOffered = offered.includes(name);
          return link
            ? { name, linked: true, id: link.id, offered: isOffered }
            : { name, linked: false, offered: isOffered };
        });
        return sendData(c, list);
      },
    }),

    route({
      method: 'delete',
      path: '/user-external-auths/:id',
      summary: "Unlink one of this account's social networks",
      description:
        'An account without a password (`has_password` 0) keeps its last link: removing it would ' +
        'leave no way to sign in, so that answers 409 until a password is set.',
      access: 'session',
      learnerData: true,
      params: v.object({ id: idParam }),
      answer: dataAnswer(EmptyData),
      refusals: [404, 409],
      async handle(c, { params, auth }, services) {
        const outcome = await deleteOwnLink(services.db, auth.user.id, params.id);
        if (outcome === 'notFound') throw new ApiError(404, 'notFound');
        if (outcome === 'onlySignIn') throw new ApiError(409, 'socialOnlySignIn');
        return sendData(c, {});
      },
    }),
  ],
};
