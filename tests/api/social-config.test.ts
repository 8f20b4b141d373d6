import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { brightpath } from '../../brands/brightpath';
import { availableProviders, parseSocialConfig } from '../../server/modules/social-auth/config';
import { appleClientSecret } from '../../server/modules/social-auth/providers';

const VK = {
  SOCIAL_VK_AUTHORIZATION_URL: 'https://id.vk.example/authorize',
  SOCIAL_VK_TOKEN_URL: 'https://id.vk.example/oauth2/auth',
  SOCIAL_VK_USERINFO_URL: 'https://id.vk.example/oauth2/user_info',
  SOCIAL_VK_CLIENT_ID: 'app-1',
  SOCIAL_VK_CLIENT_SECRET: 'secret-1',
};

describe('parseSocialConfig', () => {
  it('configures nothing without variables, and a provider only with all of its own', () => {
    expect(parseSocialConfig({})).toEqual({});
    const config = parseSocialConfig(VK);
    expect(Object.keys(config)).toEqual(['vkontakte']);
    expect(config.vkontakte).toMatchObject({ kind: 'oauth2', clientId: 'app-1', scope: 'email' });
  });

  it('names the missing variables of a partly configured provider', () => {
    expect(() => parseSocialConfig({ SOCIAL_GOOGLE_ISSUER: 'https://accounts.google.example' })).toThrow(
      'SOCIAL_GOOGLE: set SOCIAL_GOOGLE_CLIENT_ID, SOCIAL_GOOGLE_CLIENT_SECRET too, or none of its variables',
    );
  });

  it('refuses an endpoint that is not an absolute URL', () => {
    expect(() => parseSocialConfig({ ...VK, SOCIAL_VK_TOKEN_URL: '/token' })).toThrow(
      'SOCIAL_VK_TOKEN_URL must be an absolute URL, got "/token"',
    );
  });

  it("offers the brand's providers that are configured, in the brand's order", () => {
    expect(availableProviders(brightpath, parseSocialConfig(VK))).toEqual(['vkontakte']);
    expect(
      availableProviders(
        { ...brightpath, socialAuth: { web: [], ios: [], android: [] } },
        parseSocialConfig(VK),
      ),
    ).toEqual([]);
  });
});

describe('appleClientSecret', () => {
  it('is an ES256 JWT from the team key: iss team, sub client, aud issuer, five minutes', () => {
    const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const config = parseSocialConfig({
      SOCIAL_APPLE_ISSUER: 'https://appleid.apple.com',
      SOCIAL_APPLE_CLIENT_ID: 'com.example.web',
      SOCIAL_APPLE_TEAM_ID: 'TEAM',
      SOCIAL_APPLE_KEY_ID: 'KEY',
      // As an environment file carries it: one line with \n.
      SOCIAL_APPLE_PRIVATE_KEY: keys.privateKey
        .export({ type: 'pkcs8', format: 'pem' })
        .toString()
        .replace(/\n/g, '\\n'),
    }).apple;
    if (config?.kind !== 'apple') throw new Error('Apple is not configured');
    const [header = '', payload = '', signature = ''] = appleClientSecret(config, 1_700_000_000_000).split(
      '.',
    );
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString());
    expect(decode(header)).toEqual({ alg: 'ES256', kid: 'KEY', typ: 'JWT' });
    expect(decode(payload)).toEqual({
      iss: 'TEAM',
      sub: 'com.example.web',
      aud: 'https://appleid.apple.com',
      iat: 1_700_000_000,
      exp: 1_700_000_300,
    });
    const signed = Buffer.from(`${header}.${payload}`);
    const key = { key: keys.publicKey, dsaEncoding: 'ieee-p1363' as const };
    expect(verify('sha256', signed, key, Buffer.from(signature, 'base64url'))).toBe(true);
  });
});
