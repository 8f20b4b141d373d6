import type { BrandConfig } from '../../../brands/index';

/**
 * Which social providers this server can talk to, read from the environment. Nothing here names a
 * provider's production host: every endpoint and secret comes from the operator, so tests point the
 * same code at identity providers on loopback.
 */

export const SOCIAL_PROVIDERS = ['google', 'vkontakte', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** An OpenID Connect provider found through its issuer's discovery document (Google). */
export interface OidcProviderConfig {
  kind: 'oidc';
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/** Sign in with Apple: OIDC, answered with a form POST, the client secret an ES256 JWT signed per request. */
export interface AppleProviderConfig {
  kind: 'apple';
  issuer: string;
  clientId: string;
  teamId: string;
  keyId: string;
  /** PKCS#8 PEM of the P-256 key Apple issued. */
  privateKey: string;
  scope: string;
}

/** A plain OAuth 2 provider with given endpoints (VK, Facebook): the account comes from a user-info call. */
export interface OAuth2ProviderConfig {
  kind: 'oauth2';
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

export type ProviderConfig = OidcProviderConfig | AppleProviderConfig | OAuth2ProviderConfig;
export type SocialConfig = Partial<Record<SocialProvider, ProviderConfig>>;

/** The environment prefix of each provider's variables. */
const PREFIX: Record<SocialProvider, string> = {
  google: 'SOCIAL_GOOGLE',
  vkontakte: 'SOCIAL_VK',
  facebook: 'SOCIAL_FACEBOOK',
  apple: 'SOCIAL_APPLE',
};

type Env = Record<string, string | undefined>;

/** The values of `names` under the prefix, or null when none is set; a partial set is an operator error. */
function group<const N extends string>(
  env: Env,
  prefix: string,
  names: readonly N[],
): Record<N, string> | null {
  const values = names.map((name) => [name, env[`${prefix}_${name}`]?.trim() || undefined] as const);
  const missing = values.filter(([, value]) => value === undefined).map(([name]) => `${prefix}_${name}`);
  if (missing.length === names.length) return null;
  if (missing.length > 0)
    throw new Error(`${prefix}: set ${missing.join(', ')} too, or none of its variables`);
  return Object.fromEntries(values) as Record<N, string>;
}

function url(value: string, name: string): string {
  try {
    return new URL(value).toString();
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
}

/** Reads every provider's variables; throws a message naming the variable when one is wrong. */
export function parseSocialConfig(env: Env): SocialConfig {
  const config: SocialConfig = {};
  const google = group(env, PREFIX.google, ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET']);
  if (google) {
    config.google = {
      kind: 'oidc',
      issuer: url(google.ISSUER, `${PREFIX.google}_ISSUER`),
      clientId: google.CLIENT_ID,
      clientSecret: google.CLIENT_SECRET,
      scope: 'openid email profile',
    };
  }
  const apple = group(env, PREFIX.apple, ['ISSUER', 'CLIENT_ID', 'TEAM_ID', 'KEY_ID', 'PRIVATE_KEY']);
  if (apple) {
    config.apple = {
      kind: 'apple',
      issuer: url(apple.ISSUER, `${PREFIX.apple}_ISSUER`),
      clientId: apple.CLIENT_ID,
      teamId: apple.TEAM_ID,
      keyId: apple.KEY_ID,
      // Environment files often carry a PEM on one line with literal \n.
      privateKey: apple.PRIVATE_KEY.replace(/\\n/g, '\n'),
      scope: 'openid email name',
    };
  }
  for (const provider of ['vkontakte', 'facebook'] as const) {
    const prefix = PREFIX[provider];
    const values = group(env, prefix, [
      'AUTHORIZATION_URL',
      'TOKEN_URL',
      'USERINFO_URL',
      'CLIENT_ID',
      'CLIENT_SECRET',
    ]);
    if (!values) continue;
    config[provider] = {
      kind: 'oauth2',
      authorizationUrl: url(values.AUTHORIZATION_URL, `${prefix}_AUTHORIZATION_URL`),
      tokenUrl: url(values.TOKEN_URL, `${prefix}_TOKEN_URL`),
      userinfoUrl: url(values.USERINFO_URL, `${prefix}_USERINFO_URL`),
      clientId: values.CLIENT_ID,
      clientSecret: values.CLIENT_SECRET,
      scope: env[`${prefix}_SCOPE`]?.trim() || 'email',
    };
  }
  return config;
}

/** The providers a brand offers on the web that this server is configured for, in the brand's order. */
export function availableProviders(brand: BrandConfig, config: SocialConfig): SocialProvider[] {
  return brand.socialAuth.web.filter((provider) => config[provider] !== undefined);
}

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}
