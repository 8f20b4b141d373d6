import { createHash, createPublicKey, generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { parseSocialConfig, type SocialConfig } from '../../server/modules/social-auth/config';

/**
 * Real identity providers on loopback for the social sign-in tests, on another site than the app
 * (127.0.0.2 by default), so that a redirect back is a cross-site navigation as in production:
 *
 * - an OpenID Connect provider (oidc-provider) with a Google-style client and an Apple-style one that
 *   answers with form_post and takes only an ES256-signed client secret, checked here like Apple does;
 * - a plain OAuth 2 server with PKCE (authorize page with Allow and Cancel, token, user info) for a
 *   VK-style client (the account under `user`) and a Facebook-style one (`/me`: `id` and `email`).
 *
 * Both sign-in pages take any account id and e-mail: the person in a test says who they are.
 */

export interface SocialProviders {
  /** The SOCIAL_* variables for a server process (e2e). */
  env: Record<string, string>;
  /** The same as the server's settings (API tests). */
  config: SocialConfig;
  /** Registers the app's callbacks (its origin is known only once it listens). */
  registerApp(origin: string): void;
  close(): Promise<void>;
}

const GOOGLE = { id: 'google-client', secret: 'google-secret' };
const APPLE = { id: 'apple-client', teamId: 'TEAM123456', keyId: 'KEY1234567' };
/** What the provider stores as the Apple client's secret; the app never sends it, only the signed JWT. */
const APPLE_STORED_SECRET = randomBytes(16).toString('hex');
const VK = { id: 'vk-client', secret: 'vk-secret' };
const FACEBOOK = { id: 'facebook-client', secret: 'facebook-secret' };
const OAUTH2_SECRETS: Record<string, string> = { [VK.id]: VK.secret, [FACEBOOK.id]: FACEBOOK.secret };

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The sign-in page both providers show: who are you, and a way to say no. */
function signInPage(title: string, action: string, hidden: Record<string, string>, allow: string): string {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1><form method="post" action="${escapeHtml(action)}">${fields}
<label>Account id <input name="subject" required></label>
<label>E-mail <input name="email" type="email"></label>
<label>First name <input name="first_name"></label>
<label>Last name <input name="last_name"></label>
<label><input type="checkbox" name="unverified" value="1"> E-mail not confirmed</label>
<button name="decision" value="allow">${escapeHtml(allow)}</button>
<button name="decision" value="cancel" formnovalidate>Cancel</button>
</form></main></body></html>`;
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(body);
}

/** Who signed in at the OIDC provider, by account id. */
type Accounts = Map<string, { email: string; emailVerified: boolean; firstName: string; lastName: string }>;

function oidcConfiguration(accounts: Accounts, appOrigin: string): Configuration {
  const callback = (provider: string) => `${appOrigin}/spa/api/v1/auth/social/${provider}/callback`;
  return {
    clients: [
      {
        client_id: GOOGLE.id,
        client_secret: GOOGLE.secret,
        redirect_uris: [callback('google')],
        token_endpoint_auth_method: 'client_secret_post',
      },
      {
        client_id: APPLE.id,
        client_secret: APPLE_STORED_SECRET,
        redirect_uris: [callback('apple')],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // Both clients must prove the PKCE verifier, so a flow that lost it on the way back fails.
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'name'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The e-mail goes into the ID token, as Apple's does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          given_name: account.firstName || undefined,
          family_name: account.lastName || undefined,
        }),
      };
    },
  };
}

/** Checks Apple's client secret (an ES256 JWT: iss team, sub client, aud issuer) and hands the provider its stored one. */
function checkAppleSecret(form: URLSearchParams, publicKeyPem: string, issuer: string): boolean {
  const parts = (form.get('client_secret') ?? '').split('.');
  if (parts.length !== 3) return false;
  const [header, payload, signature] = parts as [string, string, string];
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: createPublicKey(publicKeyPem), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return false;
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const now = Date.now() / 1000;
  return (
    head.alg === 'ES256' &&
    head.kid === APPLE.keyId &&
    claims.iss === APPLE.teamId &&
    claims.sub === APPLE.id &&
    claims.aud === issuer &&
    typeof claims.exp === 'number' &&
    claims.exp > now
  );
}

function startOidc(host: string) {
  const accounts: Accounts = new Map();
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const privateKeyPem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKeyPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  let provider: Provider | undefined;
  let issuer = '';
  // Apple names the person once, on an account's first authorization, as the `user` field of the
  // form it posts back (never in the ID token): the next form post for the Apple client carries it.
  const appleAuthorized = new Set<string>();
  let appleFirstAnswer: { name: { firstName: string; lastName: string }; email: string } | undefined;

  async function interaction(req: IncomingMessage, res: ServerResponse, current: Provider) {
    const details = await current.interactionDetails(req, res);
    if (req.method === 'GET') {
      const client = details.params.client_id === APPLE.id ? 'Apple-style' : 'Google-style';
      return send(res, 200, signInPage(`Sign in to the ${client} provider`, req.url ?? '', {}, 'Continue'));
    }
    const form = new URLSearchParams(await readBody(req));
    if (form.get('decision') !== 'allow') {
      return current.interactionFinished(
        req,
        res,
        { error: 'access_denied' },
        { mergeWithLastSubmission: false },
      );
    }
    const subject = form.get('subject') ?? '';
    const person = {
      email: form.get('email') ?? '',
      emailVerified: form.get('unverified') !== '1',
      firstName: form.get('first_name') ?? '',
      lastName: form.get('last_name') ?? '',
    };
    accounts.set(subject, person);
    if (details.params.client_id === APPLE.id && !appleAuthorized.has(subject)) {
      appleAuthorized.add(subject);
      appleFirstAnswer = {
        name: { firstName: person.firstName, lastName: person.lastName },
        email: person.email,
      };
    }
    const grant = new current.Grant({ accountId: subject, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    return current.interactionFinished(
      req,
      res,
      { login: { accountId: subject }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const server = createServer((req, res) => {
    const current = provider;
    if (!current) return send(res, 503, 'not ready');
    const handle = async () => {
      if (req.url?.startsWith('/interaction/')) return interaction(req, res, current);
      if (req.method === 'POST' && req.url === '/token') {
        const form = new URLSearchParams(await readBody(req));
        if (form.get('client_id') === APPLE.id) {
          if (!checkAppleSecret(form, publicKeyPem, issuer)) {
            res.writeHead(401, { 'content-type': 'application/json' });
            return res.end(JSON.stringify({ error: 'invalid_client' }));
          }
          form.set('client_secret', APPLE_STORED_SECRET);
        }
        // oidc-provider reads an already consumed body from req.body.
        (req as IncomingMessage & { body?: string }).body = form.toString();
      }
      return current.callback()(req, res);
    };
    handle().catch((error: unknown) => send(res, 500, escapeHtml(String(error))));
  });

  return {
    accounts,
    privateKeyPem,
    async listen() {
      const port = await listen(server, host, 0);
      issuer = `http://${host}:${port}`;
      return issuer;
    },
    registerApp(origin: string) {
      provider = new Provider(issuer, oidcConfiguration(accounts, origin));
      provider.use(async (ctx, next) => {
        await next();
        const page = typeof ctx.body === 'string' ? ctx.body : '';
        if (!appleFirstAnswer || !page.includes('/auth/social/apple/callback"')) return;
        const user = escapeHtml(JSON.stringify(appleFirstAnswer));
        appleFirstAnswer = undefined;
        ctx.body = page.replace(
          '<noscript>',
          `<input type="hidden" name="user" value="${user}"/>\n    <noscript>`,
        );
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A VK-style OAuth 2 provider: code with PKCE, token for the code, the account from user info. */
function startOAuth2(host: string) {
  type Person = { subject: string; email: string; firstName: string; lastName: string };
  const codes = new Map<string, Person & { clientId: string; redirectUri: string; challenge: string }>();
  const tokens = new Map<string, Person>();
  const server = createServer((req, res) => {
    const handle = async () => {
      const url = new URL(req.url ?? '/', `http://${host}`);
      if (url.pathname === '/authorize' && req.method === 'GET') {
        const p = url.searchParams;
        if (
          !OAUTH2_SECRETS[p.get('client_id') ?? ''] ||
          p.get('code_challenge_method') !== 'S256' ||
          !p.get('code_challenge')
        ) {
          return send(res, 400, 'bad authorization request');
        }
        const hidden = Object.fromEntries(
          ['client_id', 'redirect_uri', 'state', 'code_challenge'].map((name) => [name, p.get(name) ?? '']),
        );
        return send(
          res,
          200,
          signInPage('Allow access to the VK-style provider', '/authorize', hidden, 'Allow'),
        );
      }
      if (url.pathname === '/authorize' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const back = new URL(form.get('redirect_uri') ?? '');
        back.searchParams.set('state', form.get('state') ?? '');
        if (form.get('decision') !== 'allow') {
          back.searchParams.set('error', 'access_denied');
        } else {
          const code = randomBytes(16).toString('hex');
          codes.set(code, {
            clientId: form.get('client_id') ?? '',
            redirectUri: form.get('redirect_uri') ?? '',
            challenge: form.get('code_challenge') ?? '',
            subject: form.get('subject') ?? '',
            email: form.get('email') ?? '',
            firstName: form.get('first_name') ?? '',
            lastName: form.get('last_name') ?? '',
          });
          back.searchParams.set('code', code);
        }
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(await readBody(req));
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        const fine =
          grant &&
          form.get('client_id') === grant.clientId &&
          form.get('client_secret') === OAUTH2_SECRETS[grant.clientId] &&
          form.get('redirect_uri') === grant.redirectUri &&
          challenge === grant.challenge;
        res.setHeader('content-type', 'application/json');
        if (!fine || !grant) {
          res.statusCode = 400;
          return res.end(JSON.stringify({ error: 'invalid_grant' }));
        }
        const token = randomBytes(16).toString('hex');
        const { subject, email, firstName, lastName } = grant;
        tokens.set(token, { subject, email, firstName, lastName });
        return res.end(JSON.stringify({ access_token: token, token_type: 'bearer', expires_in: 3600 }));
      }
      if (url.pathname === '/userinfo' || url.pathname === '/me') {
        const account = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));
        res.setHeader('content-type', 'application/json');
        if (!account) {
          res.statusCode = 401;
          return res.end(JSON.stringify({ error: 'invalid_token' }));
        }
        const names = { first_name: account.firstName, last_name: account.lastName };
        // Facebook's /me shape: `id`, `email` and the names at the top.
        if (url.pathname === '/me')
          return res.end(JSON.stringify({ id: account.subject, email: account.email, ...names }));
        // VK ID's shape: the account under `user`, its id a number.
        return res.end(
          JSON.stringify({
            user: { user_id: Number(account.subject) || account.subject, email: account.email, ...names },
          }),
        );
      }
      return send(res, 404, 'not found');
    };
    handle().catch((error: unknown) => send(res, 500, escapeHtml(String(error))));
  });
  return {
    listen: () => listen(server, host, 0).then((port) => `http://${host}:${port}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function startSocialProviders(host = '127.0.0.2'): Promise<SocialProviders> {
  const oidc = startOidc(host);
  const oauth2 = startOAuth2(host);
  const issuer = await oidc.listen();
  const vk = await oauth2.listen();
  const env: Record<string, string> = {
    SOCIAL_GOOGLE_ISSUER: issuer,
    SOCIAL_GOOGLE_CLIENT_ID: GOOGLE.id,
    SOCIAL_GOOGLE_CLIENT_SECRET: GOOGLE.secret,
    SOCIAL_APPLE_ISSUER: issuer,
    SOCIAL_APPLE_CLIENT_ID: APPLE.id,
    SOCIAL_APPLE_TEAM_ID: APPLE.teamId,
    SOCIAL_APPLE_KEY_ID: APPLE.keyId,
    SOCIAL_APPLE_PRIVATE_KEY: oidc.privateKeyPem,
    SOCIAL_VK_AUTHORIZATION_URL: `${vk}/authorize`,
    SOCIAL_VK_TOKEN_URL: `${vk}/token`,
    SOCIAL_VK_USERINFO_URL: `${vk}/userinfo`,
    SOCIAL_VK_CLIENT_ID: VK.id,
    SOCIAL_VK_CLIENT_SECRET: VK.secret,
    SOCIAL_FACEBOOK_AUTHORIZATION_URL: `${vk}/authorize`,
    SOCIAL_FACEBOOK_TOKEN_URL: `${vk}/token`,
    SOCIAL_FACEBOOK_USERINFO_URL: `${vk}/me`,
    SOCIAL_FACEBOOK_CLIENT_ID: FACEBOOK.id,
    SOCIAL_FACEBOOK_CLIENT_SECRET: FACEBOOK.secret,
  };
  return {
    env,
    config: parseSocialConfig(env),
    registerApp: (origin) => oidc.registerApp(origin),
    async close() {
      await Promise.all([oidc.close(), oauth2.close()]);
    },
  };
}
