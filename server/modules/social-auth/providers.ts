import { createPrivateKey, sign } from 'node:crypto';
import * as client from 'openid-client';
import * as v from 'valibot';
import { NAME_MAX_LENGTH } from '../../../src/domain/limits';
import { asLine, nameField } from '../../http/fields';
import type {
  AppleProviderConfig,
  OAuth2ProviderConfig,
  OidcProviderConfig,
  ProviderConfig,
  SocialProvider,
} from './config';

/**
 * The conversation with a provider through openid-client: the authorization URL (with PKCE, state and,
 * for OIDC, a nonce) and the code exchange that ends in the provider's account id. OIDC providers are
 * found through discovery; plain OAuth 2 ones get server metadata built from their configured endpoints.
 */

/** Who the provider says signed in. `email` only when the provider vouches for it. */
export interface ProviderAccount {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** The person's name as the provider gives it, for a new account's profile; null when it gives none. */
  firstName: string | null;
  lastName: string | null;
}

/**
 * A name from a provider as the profile keeps it: line breaks made spaces, what a one-line field
 * refuses dropped, trimmed and cut to the profile's limit; null when what is left would not pass the
 * profile's own rule (nothing visible). A provider's data is not the person's own input, so it is
 * tidied rather than refused, and the new account's profile passes its own validation.
 */
function personName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Tidied again once cut: the cut may end inside an emoji sequence, leaving a joiner with no emoji after it.
  const cut = asLine([...asLine(value).trim()].slice(0, NAME_MAX_LENGTH).join('')).trim();
  const name = v.safeParse(nameField, cut);
  return name.success ? name.output : null;
}

/**
 * Apple gives the name only once, on the first authorization, and not in the ID token: as the
 * `user` field of its form POST, JSON like `{"name":{"firstName":"Ann","lastName":"Lee"}}`.
 */
function appleUserName(callback: CallbackParams): Pick<ProviderAccount, 'firstName' | 'lastName'> {
  try {
    const user = JSON.parse(callback.get('user') ?? 'null') as { name?: Record<string, unknown> } | null;
    return { firstName: personName(user?.name?.firstName), lastName: personName(user?.name?.lastName) };
  } catch {
    return { firstName: null, lastName: null };
  }
}

/** What the callback brought, as name/value pairs of its query (Apple's form POST comes on as that GET). */
export type CallbackParams = URLSearchParams;

export interface FlowSecrets {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** http:// endpoints are accepted only on loopback (local identity providers in development and tests). */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname);
}

function allowLoopback(config: client.Configuration, url: URL): client.Configuration {
  if (isLoopback(url)) client.allowInsecureRequests(config);
  return config;
}

/** Apple's client secret: an ES256 JWT from the team's key, valid five minutes, made for each exchange. */
export function appleClientSecret(config: AppleProviderConfig, now = Date.now()): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const issuedAt = Math.floor(now / 1000);
  const header = encode({ alg: 'ES256', kid: config.keyId, typ: 'JWT' });
  const payload = encode({
    iss: config.teamId,
    iat: issuedAt,
    exp: issuedAt + 300,
    aud: config.issuer.replace(/\/+$/, ''),
    sub: config.clientId,
  });
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
    key: createPrivateKey(config.privateKey),
    // JWS wants the raw r||s pair, not DER.
    dsaEncoding: 'ieee-p1363',
  }).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

function oauth2Configuration(config: OAuth2ProviderConfig): client.Configuration {
  const authorization = new URL(config.authorizationUrl);
  const metadata: client.ServerMetadata = {
    // A plain OAuth 2 provider has no issuer identifier; its authorization origin stands in for it.
    issuer: authorization.origin,
    authorization_endpoint: config.authorizationUrl,
    token_endpoint: config.tokenUrl,
    userinfo_endpoint: config.userinfoUrl,
  };
  return allowLoopback(
    new client.Configuration(
      metadata,
      config.clientId,
      undefined,
      client.ClientSecretPost(config.clientSecret),
    ),
    authorization,
  );
}

/** Discovery answers are kept per issuer; a failed discovery is tried again on the next sign-in. */
const discovered = new Map<string, Promise<client.ServerMetadata>>();

async function serverMetadata(issuer: string): Promise<client.ServerMetadata> {
  let pending = discovered.get(issuer);
  if (!pending) {
    const url = new URL(issuer);
    pending = client
      .discovery(url, 'discovery', undefined, client.None(), {
        execute: isLoopback(url) ? [client.allowInsecureRequests] : [],
      })
      .then((config) => config.serverMetadata());
    discovered.set(issuer, pending);
    pending.catch(() => discovered.delete(issuer));
  }
  return pending;
}

async function oidcConfiguration(
  config: OidcProviderConfig | AppleProviderConfig,
): Promise<client.Configuration> {
  const metadata = await serverMetadata(config.issuer);
  const auth =
    config.kind === 'apple'
      ? client.ClientSecretPost(appleClientSecret(config))
      : client.ClientSecretPost(config.clientSecret);
  return allowLoopback(
    new client.Configuration(metadata, config.clientId, undefined, auth),
    new URL(config.issuer),
  );
}

function configuration(config: ProviderConfig): Promise<client.Configuration> {
  return config.kind === 'oauth2' ? Promise.resolve(oauth2Configuration(config)) : oidcConfiguration(config);
}

export function newFlowSecrets(): FlowSecrets {
  return {
    state: client.randomState(),
    codeVerifier: client.randomPKCECodeVerifier(),
    nonce: client.randomNonce(),
  };
}

/** Where to send the browser: the provider's authorization endpoint with every parameter of the flow. */
export async function authorizationUrl(
  config: ProviderConfig,
  redirectUri: string,
  secrets: FlowSecrets,
): Promise<URL> {
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: config.scope,
    state: secrets.state,
    code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: 'S256',
  };
  if (config.kind !== 'oauth2') parameters.nonce = secrets.nonce;
  // Apple posts the answer back (its only mode when the scope asks for the name or e-mail).
  if (config.kind === 'apple') parameters.response_mode = 'form_post';
  return client.buildAuthorizationUrl(await configuration(config), parameters);
}

/** Providers mark a verified address with a boolean or, like Apple, with the text "true". */
const isTrue = (value: unknown) => value === true || value === 'true';

/** The account id in a user-info answer: `sub`, `id` (Facebook), `user_id` or `user.user_id` (VK ID). */
function oauth2Account(body: Record<string, unknown>): ProviderAccount | null {
  const nested =
    typeof body.user === 'object' && body.user !== null ? (body.user as Record<string, unknown>) : {};
  const id = body.sub ?? body.id ?? body.user_id ?? nested.user_id ?? nested.id;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return null;
  const email = body.email ?? nested.email;
  return {
    subject: String(id),
    // Facebook and VK name the fields first_name and last_name.
    firstName: personName(body.first_name ?? nested.first_name ?? body.given_name),
    lastName: personName(body.last_name ?? nested.last_name ?? body.family_name),
    email: typeof email === 'string' && email !== '' ? email.toLowerCase() : null,
    // A plain OAuth 2 provider hands out only the address it has confirmed (VK, Facebook), unless it says otherwise.
    emailVerified: typeof email === 'string' && email !== '' && body.email_verified !== false,
  };
}

/**
 * Exchanges the callback's code (state and PKCE checked by openid-client, the nonce for OIDC) and
 * answers who signed in, or null when the provider named no account.
 */
export async function exchangeCode(
  provider: SocialProvider,
  config: ProviderConfig,
  redirectUri: string,
  callback: CallbackParams,
  secrets: FlowSecrets,
): Promise<ProviderAccount | null> {
  const settings = await configuration(config);
  const currentUrl = new URL(redirectUri);
  for (const [name, value] of callback) currentUrl.searchParams.append(name, value);
  const tokens = await client.authorizationCodeGrant(settings, currentUrl, {
    pkceCodeVerifier: secrets.codeVerifier,
    expectedState: secrets.state,
    ...(config.kind === 'oauth2'
      ? { idTokenExpected: false }
      : { expectedNonce: secrets.nonce, idTokenExpected: true }),
  });
  if (config.kind !== 'oauth2') {
    const claims = tokens.claims();
    if (!claims?.sub) return null;
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
    const name =
      config.kind === 'apple'
        ? appleUserName(callback)
        : { firstName: personName(claims.given_name), lastName: personName(claims.family_name) };
    return {
      subject: claims.sub,
      email,
      emailVerified: email !== null && isTrue(claims.email_verified),
      ...name,
    };
  }
  const answer = await client.fetchProtectedResource(
    settings,
    tokens.access_token,
    new URL(config.userinfoUrl),
    'GET',
  );
  if (!answer.ok) throw new Error(`${provider} user info answered ${answer.status}`);
  return oauth2Account((await answer.json()) as Record<string, unknown>);
}
