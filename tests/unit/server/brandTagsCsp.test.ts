import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../../brands';
import { brightpath } from '../../../brands/brightpath';
import type { AppEnv } from '../../../server/http/context';
import { appPages } from '../../../server/static';
import { tagSources } from '../../../src/domain/brandTags';

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'csp-dist-'));
  await mkdir(join(dist, 'v'), { recursive: true });
  await writeFile(
    join(dist, 'v', 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
});
afterAll(() => rm(dist, { recursive: true, force: true }));

/** The app page of `brand` as the server sends it: its CSP and the nonce of its style element. */
async function appPage(brand: BrandConfig) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('brand', brand);
    await next();
  });
  app.route(
    '/',
    appPages(dist, async () => ({ session: false, stored: null })),
  );
  const answer = await app.request('/v/');
  const csp = answer.headers.get('content-security-policy') ?? '';
  const nonce = /<style nonce="([^"]+)"/.exec(await answer.text())?.[1];
  const directive = (name: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? '';
  return { directive, nonce };
}

describe("the CSP and a brand's tags", () => {
  it('admits no tag host for a brand without tags (the demo brands)', async () => {
    const { directive } = await appPage(brightpath);
    expect(directive('script-src').trim()).toBe("script-src 'self'");
    expect(directive('connect-src').trim()).toBe("connect-src 'self'");
    expect(directive('script-src')).not.toContain('nonce');
  });

  it("admits the tag manager's host and the page's nonce for scripts where the brand configures it", async () => {
    const { directive, nonce } = await appPage({ ...brightpath, gtm: 'GTM-TEST1' });
    expect(nonce).toBeTruthy();
    expect(directive('script-src')).toBe(
      `script-src 'self' https://www.googletagmanager.com 'nonce-${nonce}'`,
    );
    expect(directive('connect-src')).toContain('https://*.google-analytics.com');
    expect(directive('connect-src')).not.toContain('facebook');
  });

  it("admits the pixel's hosts where the brand configures one", async () => {
    const { directive } = await appPage({ ...brightpath, fbq: '1234567890' });
    expect(directive('script-src')).toContain('https://connect.facebook.net');
    expect(directive('img-src')).toContain('https://www.facebook.com');
    expect(directive('script-src')).not.toContain('googletagmanager');
  });

  it('names each origin once when both tags are configured', () => {
    expect(tagSources({ gtm: 'GTM-1', fbq: '1' }, 'script')).toBe(
      'https://www.googletagmanager.com https://connect.facebook.net',
    );
    expect(tagSources({}, 'connect')).toBe('');
  });
});
