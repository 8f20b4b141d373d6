import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brightpath } from '../../brands/brightpath';
import { parseBrand } from '../../brands/schema';
import { apiClient } from './client';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let distDir: string;
const api = apiClient(() => server.api);

const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>Learning</title>
<link rel="manifest" href="/v/manifest.webmanifest"><script type="module" src="/v/assets/index-AbC123.js"></script></head>
<body><div id="root"></div></body></html>`;

/**
 * The build's manifest as far as the preloaded scripts go: the core texts, the cookie banner's, and a
 * signed-in page's (the shared chunk, the areas, their texts and stylesheets; see vite.config.ts).
 */
const MANIFEST = {
  'index.html': { file: 'assets/index-AbC123.js', name: 'index', isEntry: true },
  '_consent-Xy1.js': {
    file: 'assets/consent-Xy1.js',
    name: 'consent',
    imports: ['index.html', '_shared-Q2.js'],
  },
  '_shared-Q2.js': { file: 'assets/shared-Q2.js', name: 'shared', imports: ['index.html'] },
  'locales/en/consent.po': { file: 'assets/consent-En3.js', name: 'consent', src: 'locales/en/consent.po' },
  'locales/ru/consent.po': { file: 'assets/consent-Ru4.js', name: 'consent', src: 'locales/ru/consent.po' },
  'locales/en/messages.po': {
    file: 'assets/messages-En5.js',
    name: 'messages',
    src: 'locales/en/messages.po',
  },
  'locales/ru/messages.po': {
    file: 'assets/messages-Ru6.js',
    name: 'messages',
    src: 'locales/ru/messages.po',
  },
  '_signed-in-Si7.js': {
    file: 'assets/signed-in-Si7.js',
    name: 'signed-in',
    imports: ['index.html', '_consent-Xy1.js'],
    css: ['assets/signed-in-Si8.css'],
  },
  '_learning-Le9.js': {
    file: 'assets/learning-Le9.js',
    name: 'learning',
    imports: ['index.html', '_signed-in-Si7.js'],
    css: ['assets/learning-Le10.css'],
  },
  '_account-Ac11.js': { file: 'assets/account-Ac11.js', name: 'account', imports: ['_signed-in-Si7.js'] },
  'locales/en/pages.po': { file: 'assets/pages-En12.js', name: 'pages', src: 'locales/en/pages.po' },
  'locales/en/learning.po': {
    file: 'assets/learning-En13.js',
    name: 'learning',
    src: 'locales/en/learning.po',
  },
  'locales/en/account.po': { file: 'assets/account-En14.js', name: 'account', src: 'locales/en/account.po' },
};

/** A hashed script the build has compressed: its copies are what go out, as they are. */
const SCREEN = `export const screen = ${JSON.stringify('x'.repeat(4096))};`;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(distDir, 'v/assets'), { recursive: true });
  mkdirSync(join(distDir, 'class'), { recursive: true });
  writeFileSync(join(distDir, 'v/index.html'), INDEX);
  writeFileSync(join(distDir, 'v/assets/index-AbC123.js'), 'console.log("app");');
  // The build's compressed copies beside a hashed file (vite.config.ts), as it writes them.
  writeFileSync(join(distDir, 'v/assets/screen-Sc1.js'), SCREEN);
  writeFileSync(join(distDir, 'v/assets/screen-Sc1.js.br'), brotliCompressSync(SCREEN));
  writeFileSync(join(distDir, 'v/assets/screen-Sc1.js.gz'), gzipSync(SCREEN));
  writeFileSync(join(distDir, 'v/sw.js'), 'self.addEventListener("fetch", () => {});');
  mkdirSync(join(distDir, 'v/.vite'));
  writeFileSync(join(distDir, 'v/.vite/manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(distDir, 'class/index.html'), INDEX.replace('/v/assets/', '/class/assets/'));
  server = await startTestServer({ distDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const page = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { Accept: 'text/html', ...headers }, redirect: 'manual' });

/** A GET with a chosen Host header (fetch does not allow setting it). */
function getWithHost(
  path: string,
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const req = request(
      { host: url.hostname, port: url.port, path, headers: { Host: host, Accept: 'text/html', ...headers } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the app pages', () => {
  it('redirects / to /v/', async () => {
    const response = await page('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/v/');
  });

  it('answers /v/ with the brand-rewritten index, a nonce and a strict CSP, never cached', async () => {
    const response = await page('/v/', { 'X-App-Id': 'web' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<title>Brightpath Academy</title>');
    expect(html).not.toContain('<title>Learning</title>');
    expect(html).toContain('<meta name="theme-color" content="#1d4ed8">');
    expect(html).toContain('<meta name="app-brand" content="brightpath">');
    // The app starts from this brand's config, and from no other brand's.
    const embedded = /<script id="app-brand" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(parseBrand(JSON.parse(embedded ?? 'null'))).toEqual(brightpath);
    expect(html).not.toContain('kite');
    expect(html.match(/rel="manifest"/g)).toHaveLength(1);
    const nonce =
      /<style nonce="([^"]+)">:root\{--color-primary:#1d4ed8;--color-primary-text:#ffffff;--color-background:#f5f7fb;--color-surface:#ffffff;--color-text:#111827\}[^<]*<\/style><\/head>/.exec(
        html,
      )?.[1];
    expect(nonce).toBeTruthy();
    // The brand's logo stands in the root until the app's first render.
    expect(html).toContain(
      '<div id="root"><div class="app-splash"><img src="/v/brands/brightpath/logo.svg" alt="Brightpath Academy" width="160" height="40" fetchpriority="high"></div></div>',
    );
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      `style-src 'self' 'nonce-${nonce}'`,
      "img-src 'self' data:",
      "connect-src 'self'",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    const again = await (await page('/v/', { 'X-App-Id': 'web' })).text();
    expect(again).not.toContain(`nonce="${nonce}"`);
  });

  it('picks the brand by host name', async () => {
    const kite = await getWithHost('/v/', '127.0.0.1');
    expect(kite.body).toContain('<title>Kite School</title>');
    expect(kite.body).toContain('--color-primary:#b45309');
    const bright = await getWithHost('/v/home', `localhost:${new URL(server.url).port}`);
    expect(bright.body).toContain('<title>Brightpath Academy</title>');
  });

  it("names the core texts in the brand's language, and the cookie banner's scripts until a choice is stored", async () => {
    const brightHost = `localhost:${new URL(server.url).port}`;
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    // Brightpath asks for consent (English by default): the core texts, then the banner's chunk, what
    // it imports besides the entry, and its English texts.
    expect(preloads((await getWithHost('/v/home', brightHost)).body)).toEqual([
      '/v/assets/messages-En5.js',
      '/v/assets/consent-Xy1.js',
      '/v/assets/shared-Q2.js',
      '/v/assets/consent-En3.js',
    ]);
    // A visitor who has chosen gets no banner, and Kite (Russian by default) does not ask.
    const chosen = await getWithHost('/v/home', brightHost, { Cookie: 'cookie_consent=%7B%7D' });
    expect(preloads(chosen.body)).toEqual(['/v/assets/messages-En5.js']);
    expect(preloads((await getWithHost('/v/', '127.0.0.1')).body)).toEqual(['/v/assets/messages-Ru6.js']);
  });

  it("names a signed-in page's chunks, texts and stylesheets after the splash, for a navigation with a session", async () => {
    const brightHost = `localhost:${new URL(server.url).port}`;
    // The banner's scripts are the head's; a learner who has chosen sees no banner.
    const learner = { 'Sec-Fetch-Mode': 'navigate', Cookie: 'auth_token=any; cookie_consent=%7B%7D' };
    const afterSplash = (body: string) =>
      [
        ...(body.split('<div class="app-splash">')[1] ?? '').matchAll(
          /<link fetchpriority="low" rel="(?:modulepreload" crossorigin|preload" as="style") href="([^"]+)">/g,
        ),
      ].map((match) => match[1]);
    const signedIn = ['/v/assets/signed-in-Si7.js', '/v/assets/consent-Xy1.js', '/v/assets/shared-Q2.js'];
    const calendar = await getWithHost('/v/course/5/calendar', brightHost, learner);
    expect(afterSplash(calendar.body)).toEqual([
      ...signedIn,
      '/v/assets/learning-Le9.js',
      '/v/assets/learning-En13.js',
      '/v/assets/pages-En12.js',
      '/v/assets/signed-in-Si8.css',
      '/v/assets/learning-Le10.css',
    ]);
    expect(calendar.headers['cache-control']).toBe('private, no-cache');
    expect(afterSplash((await getWithHost('/v/', brightHost, learner)).body)).toContain(
      '/v/assets/learning-Le9.js',
    );
    expect(afterSplash((await getWithHost('/v/user/edit', brightHost, learner)).body)).toEqual([
      ...signedIn,
      '/v/assets/account-Ac11.js',
      '/v/assets/account-En14.js',
      '/v/assets/pages-En12.js',
      '/v/assets/signed-in-Si8.css',
    ]);
    // By the page's route: a downloaded lesson plays in the learning area, the registration chat is the account's.
    expect(afterSplash((await getWithHost('/v/user/downloads/7', brightHost, learner)).body)).toContain(
      '/v/assets/learning-Le9.js',
    );
    expect(afterSplash((await getWithHost('/v/welcome', brightHost, learner)).body)).toContain(
      '/v/assets/account-Ac11.js',
    );
    // A page outside the areas gets the shared chunk and the frame's texts.
    expect(afterSplash((await getWithHost('/v/chat', brightHost, learner)).body)).toEqual([
      ...signedIn,
      '/v/assets/pages-En12.js',
      '/v/assets/signed-in-Si8.css',
    ]);
    // A script the head names already (the banner's, for a visitor who has not chosen) is named once.
    const undecided = await getWithHost('/v/course/5/calendar', brightHost, {
      'Sec-Fetch-Mode': 'navigate',
      Cookie: 'auth_token=any',
    });
    expect(undecided.body.match(/consent-Xy1\.js/g)).toHaveLength(1);
    expect(afterSplash(undecided.body)).toEqual([
      '/v/assets/signed-in-Si7.js',
      '/v/assets/learning-Le9.js',
      '/v/assets/learning-En13.js',
      '/v/assets/pages-En12.js',
      '/v/assets/signed-in-Si8.css',
      '/v/assets/learning-Le10.css',
    ]);
    // Not for a guest, nor in a page fetched but not navigated to (the one the service worker keeps).
    const guest = await getWithHost('/v/course/5/calendar', brightHost, { 'Sec-Fetch-Mode': 'navigate' });
    expect(afterSplash(guest.body)).toEqual([]);
    const kept = await getWithHost('/v/', brightHost, { Cookie: 'auth_token=any; cookie_consent=%7B%7D' });
    expect(afterSplash(kept.body)).toEqual([]);
    expect(kept.headers['cache-control']).toBe('no-cache');
  });

  it('tells a page the browser navigates to where the banner shows what the banner starts from', async () => {
    const brightHost = `localhost:${new URL(server.url).port}`;
    const navigate = { 'Sec-Fetch-Mode': 'navigate' };
    const startOf = (body: string) => {
      const json = /<script id="consent-start" type="application\/json">(.*?)<\/script>/.exec(body)?.[1];
      return json === undefined ? undefined : JSON.parse(json);
    };
    const answerOf = (headers: Record<string, string>) => getWithHost('/v/home', brightHost, headers);

    // A guest: the brand asks, nobody is signed in, and the answer may be cached like any page.
    const guest = await answerOf(navigate);
    expect(startOf(guest.body)).toEqual({ isEnabled: true, session: false, stored: null });
    expect(guest.headers['cache-control']).toBe('no-cache');

    // A learner who chose on another browser: their choice comes with the page, for their browser only.
    const learner = await api.signUp('page-consent');
    const choice = { essential: true, analytics: true, marketing: false };
    expect((await api.post('/cookie/update-policy', choice, { token: learner.token })).status).toBe(200);
    const signedIn = await answerOf({ ...navigate, Cookie: `auth_token=${learner.token}` });
    expect(startOf(signedIn.body)).toEqual({ isEnabled: true, session: true, stored: choice });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');

    // A session that is not live counts as none.
    const forged = await answerOf({ ...navigate, Cookie: 'auth_token=forged' });
    expect(startOf(forged.body)).toEqual({ isEnabled: true, session: false, stored: null });

    // Not for the service worker's copy (no navigation), a visitor who has chosen, or a brand that does not ask.
    expect(startOf((await answerOf({ Cookie: `auth_token=${learner.token}` })).body)).toBeUndefined();
    expect(startOf((await answerOf({ ...navigate, Cookie: 'cookie_consent=%7B%7D' })).body)).toBeUndefined();
    expect(startOf((await getWithHost('/v/', '127.0.0.1', navigate)).body)).toBeUndefined();
  });

  it("paints the banner in the visitor's language where it will show, until a choice is stored", async () => {
    const brightHost = `localhost:${new URL(server.url).port}`;
    const navigate = { 'Sec-Fetch-Mode': 'navigate' };
    const bannerOf = (body: string) =>
      /<div class="consent-host" id="consent-host"><section lang="(\w+)" (class="consent-banner".*?)<\/section><\/div><\/body>/.exec(
        body,
      );
    const answerOf = (headers: Record<string, string>) => getWithHost('/v/home', brightHost, headers);

    // A guest: in the brand's language (English), at the end of the body, its buttons waiting for the app.
    const guest = bannerOf((await answerOf(navigate)).body);
    expect(guest?.[1]).toBe('en');
    expect(guest?.[2]).toContain(
      '<h2 id="consent-banner-title" class="consent-banner__title">We use cookies</h2>',
    );
    expect(guest?.[2]).toContain(`href="${brightpath.cookiePolicyLink}"`);
    expect(guest?.[2]?.match(/<button type="button" class="btn btn--\w+" disabled="">/g)).toHaveLength(3);

    // A visitor who chose Russian on this browser (the app keeps it in a cookie too): in Russian, with
    // that language's texts preloaded. A language the brand does not offer counts as none.
    const russian = await answerOf({ ...navigate, Cookie: 'lp_language=ru' });
    expect(bannerOf(russian.body)?.[1]).toBe('ru');
    expect(russian.body).toContain('Мы используем cookie');
    expect(russian.body).toContain('<link rel="modulepreload" crossorigin href="/v/assets/consent-Ru4.js">');
    expect(bannerOf((await answerOf({ ...navigate, Cookie: 'lp_language=de' })).body)?.[1]).toBe('en');

    // None for a learner whose stored choice comes with the page, a visitor who has chosen, the
    // service worker's copy, or a brand that does not ask.
    const learner = await api.signUp('page-banner');
    const choice = { essential: true, analytics: false, marketing: false };
    expect((await api.post('/cookie/update-policy', choice, { token: learner.token })).status).toBe(200);
    expect(
      bannerOf((await answerOf({ ...navigate, Cookie: `auth_token=${learner.token}` })).body),
    ).toBeNull();
    expect(bannerOf((await answerOf({ ...navigate, Cookie: 'cookie_consent=%7B%7D' })).body)).toBeNull();
    expect(bannerOf((await answerOf({})).body)).toBeNull();
    expect(bannerOf((await getWithHost('/v/', '127.0.0.1', navigate)).body)).toBeNull();
  });

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const asset = await fetch(`${server.url}/v/assets/index-AbC123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("app");');
    const worker = await fetch(`${server.url}/v/sw.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it("sends the build's compressed copy of a file in the best encoding the client accepts", async () => {
    const url = `${server.url}/v/assets/screen-Sc1.js`;
    for (const [accepted, encoding, length] of [
      ['gzip, deflate, br, zstd', 'br', brotliCompressSync(SCREEN).length],
      ['gzip, deflate', 'gzip', gzipSync(SCREEN).length],
      ['identity', null, SCREEN.length],
    ] as const) {
      const answer = await fetch(url, { headers: { 'Accept-Encoding': accepted } });
      expect(answer.headers.get('content-encoding'), accepted).toBe(encoding);
      expect(answer.headers.get('content-length'), accepted).toBe(String(length));
      expect(answer.headers.get('vary'), accepted).toBe('Accept-Encoding');
      expect(answer.headers.get('cache-control'), accepted).toBe('public, max-age=31536000, immutable');
      expect(await answer.text(), accepted).toBe(SCREEN);
    }
  });

  it('falls back to the index for page requests and answers 404 for missing files', async () => {
    for (const path of ['/v/home', '/v/course/1/calendar/2', '/class/user/settings', '/v/index.html']) {
      const response = await page(path, { 'X-App-Id': 'kite-web' });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<title>Kite School</title>');
    }
    const classIndex = await (await page('/class/whatever')).text();
    expect(classIndex).toContain('/class/assets/');
    const missing = await fetch(`${server.url}/v/assets/missing.js`, { headers: { Accept: '*/*' } });
    expect(missing.status).toBe(404);
    const traversal = await fetch(`${server.url}/v/..%2f..%2fetc/passwd`, { headers: { Accept: '*/*' } });
    expect(traversal.status).toBe(404);
  });
});

it('answers 503 with a hint while the app is not built', async () => {
  const bare = await startTestServer({ distDir: join(distDir, 'nothing-here'), seed: false });
  try {
    const response = await fetch(`${bare.url}/v/`);
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('App not built: run npm run build');
  } finally {
    await bare.close();
  }
});
