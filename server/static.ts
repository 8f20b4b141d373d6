import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { BrandConfig, Language } from '../brands/index';
import { tagSources } from '../src/domain/brandTags';
import type { CookiePolicy } from '../src/domain/consent';
import { LOGO_SIZE } from '../src/domain/logo';
import { CONSENT_COOKIE_NAME } from '../src/platform/consentCookieName';
import { LANGUAGE_COOKIE_NAME } from '../src/platform/languageCookie';
import { consentBannerHtml } from './consent-banner-page';
import { SESSION_COOKIE } from './http/auth';
import type { AppEnv } from './http/context';
import { pickLanguage, translate } from './infra/i18n';
import { buildManifestReader, NO_PAGE_PRELOADS, type PagePreloads, pagePreloads } from './pagePreloads';
import { BRAND_ICONS, brandIconStore, brandIconUrl } from './pwa/icons';
import { installRoutes } from './pwa/routes';

/** The two builds of the app (`npm run build`): the learner app under /v/ and the class variant. */
const BUILDS = ['/v', '/class'] as const;

/**
 * A brand's tag manager and pixel (src/domain/brandTags.ts): their origins, and the nonce their
 * injected scripts carry, are allowed only for a brand that configures them. The CSP is decided per
 * page load, before any choice: the app itself injects a tag only once its consent category allows.
 */
const brandTags =
  (directive: 'script' | 'connect' | 'img') =>
  (c: Context, _name: string): string => {
    const sources = tagSources((c as Context<AppEnv>).get('brand'), directive);
    if (!sources) return '';
    return directive === 'script' ? `${sources} ${NONCE(c, _name)}` : sources;
  };

const appPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", brandTags('script')],
  styleSrc: ["'self'", NONCE],
  // The video player (Mux's element, media-chrome inside) builds its shadow DOM with <style>
  // elements and style attributes it writes at run time, which no nonce can reach: inline styles are
  // allowed for elements and attributes (they run no code). Scripts stay 'self' only, never inline.
  styleSrcElem: ["'self'", "'unsafe-inline'"],
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', brandTags('img')],
  // hls.js plays through Media Source Extensions (blob: URLs) and may run its transmuxer in a worker.
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'", brandTags('connect')],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};
const appPageSecurity = secureHeaders({ contentSecurityPolicy: appPolicy });
// The brand's instruction pages open inside the app's own modal, so only they may be framed (by us).
const docPageSecurity = secureHeaders({
  contentSecurityPolicy: { ...appPolicy, frameAncestors: ["'self'"] },
});
const isDocPage = (path: string) => /^\/(v|class)\/docs\//.test(path);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** `low`: wanted soon, but after what the page asks for itself (the entry, the splash's image). */
const preloadLink = (base: string, kind: 'script' | 'style', priority?: 'low') => (file: string) => {
  const rel = kind === 'script' ? 'rel="modulepreload" crossorigin' : 'rel="preload" as="style"';
  const fetchPriority = priority ? `fetchpriority="${priority}" ` : '';
  return `<link ${fetchPriority}${rel} href="${base}${escapeHtml(file)}">`;
};

/** JSON that cannot end its <script> element early (`</script>`, `<!--`). */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * What the cookie banner starts from, read where the page is made (src/features/consent/consent.provide.ts):
 * the brand asks, and for the session the request's cookie names, whether it is live and its stored
 * choice.
 */
export type PageConsentStart = { isEnabled: true; session: boolean; stored: CookiePolicy | null };

/** What one page request adds to its brand's index.html (see brandIndexHtml). */
export type PageStart = {
  /** Scripts and stylesheets of the base the page will need early (server/pagePreloads.ts). */
  preloads?: PagePreloads;
  consentStart?: PageConsentStart;
  /** The cookie banner's first paint, at the end of the body, where the app's banner renders. */
  bannerHtml?: string;
  /** The language the app will start in; the brand's own by default. */
  language?: Language;
};

/**
 * Puts the brand into the built index.html of one app base (`/v/`): the page's language and
 * description, title, theme colour, icon, the brand's config (as JSON, which the app starts from),
 * the base's manifest and home-screen icon, the CSS variables, and what the request adds (`PageStart`).
 */
export function brandIndexHtml(
  html: string,
  brand: BrandConfig,
  nonce: string,
  base: string,
  {
    preloads = NO_PAGE_PRELOADS,
    consentStart,
    bannerHtml = '',
    language = brand.assets.defaultLanguage,
  }: PageStart = {},
): string {
  const { theme, title, logo } = brand.assets;
  const head = [
    ...preloads.scripts.map(preloadLink(base, 'script')),
    `<meta name="theme-color" content="${theme.primary}">`,
    `<meta name="app-brand" content="${escapeHtml(brand.id)}">`,
    // Data, not code (the page's CSP runs no inline script): the app reads its brand from here.
    `<script id="app-brand" type="application/json">${scriptJson(brand)}</script>`,
    ...(consentStart
      ? [`<script id="consent-start" type="application/json">${scriptJson(consentStart)}</script>`]
      : []),
    `<meta name="description" content="${escapeHtml(translate(language, 'pageDescription'))}">`,
    // The brand's mark in the tab, not the build's generic one.
    `<link rel="icon" type="image/png" sizes="192x192" href="${brandIconUrl(base, BRAND_ICONS.any192)}">`,
    `<link rel="manifest" href="${base}manifest.webmanifest">`,
    `<link rel="apple-touch-icon" href="${brandIconUrl(base, BRAND_ICONS.appleTouch)}">`,
    `<style nonce="${escapeHtml(nonce)}">:root{--color-primary:${theme.primary};--color-primary-text:${theme.primaryText};` +
      `--color-background:${theme.background};--color-surface:${theme.surface};--color-text:${theme.text}}` +
      `body{margin:0;background:var(--color-background)}.app-splash{min-height:100vh;display:grid;place-items:center}</style>`,
  ].join('');
  // The brand shows while the scripts load, where the page would otherwise stay blank: the app's
  // first render replaces it with its preloader, which shows the same logo in the same place. It is
  // the page's first paint, so it does not wait behind the scripts (an image's default is low).
  // A signed-in page's chunks come after the splash, at a low priority: a browser opens six
  // connections to a host, and the splash's image, the page's first paint, and the entry would
  // otherwise wait behind them. The stylesheets are fetched as the app's own links will ask for them
  // (no crossorigin), which then find them in the cache.
  const signedIn = [
    ...preloads.signedIn.scripts.map(preloadLink(base, 'script', 'low')),
    ...preloads.signedIn.styles.map(preloadLink(base, 'style', 'low')),
  ].join('');
  const splash =
    `<div class="app-splash"><img src="${escapeHtml(logo)}" alt="${escapeHtml(title)}" ` +
    `width="${LOGO_SIZE.width}" height="${LOGO_SIZE.height}" fetchpriority="high"></div>`;
  return (
    html
      // The build may carry its own manifest link, icon, description or theme colour; the brand's
      // replace them, and the page reads in the language the app starts in (screen readers too).
      .replace(/<html\b[^>]*>/i, `<html lang="${language}">`)
      .replace(/<link\b[^>]*\brel=["']?manifest["']?[^>]*>/gi, '')
      .replace(/<link\b[^>]*\brel=["']?icon["']?[^>]*>/gi, '')
      .replace(/<meta\b[^>]*\bname=["']?description["']?[^>]*>/gi, '')
      .replace(/<meta\b[^>]*\bname=["']?theme-color["']?[^>]*>/gi, '')
      .replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeHtml(title)}</title>`)
      .replace(/<\/head>/i, `${head}</head>`)
      // The build writes the entry's styles into the page (vite.config.ts): browsers that know only
      // style-src (not style-src-elem, which allows them) apply them by the nonce.
      .replace(/<style>/gi, `<style nonce="${escapeHtml(nonce)}">`)
      .replace(/<div id="root"><\/div>/i, `<div id="root">${splash}</div>${signedIn}`)
      .replace(/<\/body>/i, `${bannerHtml}</body>`)
  );
}

/**
 * Serves the built app: hashed assets with a long cache, everything else revalidated, and any other
 * page request answered with the brand's index.html so the client router can take over.
 */
export function appPages(
  distDir: string,
  sessionConsent: (token: string) => Promise<Omit<PageConsentStart, 'isEnabled'>>,
) {
  const pages = new Hono<AppEnv>();

  const icons = brandIconStore(distDir);

  pages.get('/', (c) => c.redirect('/v/'));

  for (const base of BUILDS) {
    const buildDir = join(distDir, base.slice(1));
    const indexFile = join(buildDir, 'index.html');
    const manifestOf = buildManifestReader(buildDir);

    const sendIndex = async (c: Context<AppEnv>) => {
      const html = await readFile(indexFile, 'utf8');
      const brand = c.get('brand');
      // A visitor without a choice gets the banner (src/features/consent/consentLink.ts), in the
      // language they chose on this browser, most often the brand's own.
      const showsBanner = brand.flags.isCookieEnable && getCookie(c, CONSENT_COOKIE_NAME) === undefined;
      // The visitor's choice on this browser (its cookie, src/platform/languageCookie.ts) where the
      // brand offers it, else the brand's own, as the app starts in (src/app/i18n.ts): not the
      // browser's Accept-Language, which the app does not follow either.
      const language = pickLanguage(brand, getCookie(c, LANGUAGE_COOKIE_NAME), undefined);
      const navigated = c.req.header('sec-fetch-mode') === 'navigate';
      // A signed-in page's chunks, for a page the browser navigates to with a session (whether it
      // is live the app finds out; a stale cookie costs a few requests the cache keeps). Not in the
      // page the service worker keeps, which serves every path and, after a sign-out, guests too.
      const signedInPath =
        navigated && getCookie(c, SESSION_COOKIE) ? c.req.path.slice(base.length + 1) : null;
      const preloads = pagePreloads(await manifestOf(html), language, { showsBanner, signedInPath });
      // Only in a page the browser navigates to: the one the service worker keeps (fetched at its
      // install) would carry a start that is stale by its next use. A page without one works as well,
      // its banner just asks the server first. A failed read leaves the start out in the same way.
      const consentStart =
        showsBanner && navigated
          ? await sessionConsent(getCookie(c, SESSION_COOKIE) ?? '').then(
              (known): PageConsentStart => ({ isEnabled: true, ...known }),
              () => undefined,
            )
          : undefined;
      // The banner itself where nothing stored says otherwise: the learner's stored choice is taken
      // into this browser by the app, which then shows none.
      const bannerHtml =
        consentStart && consentStart.stored === null
          ? consentBannerHtml(language, brand.cookiePolicyLink)
          : '';
      // The start of a session's page is that learner's: for no cache but the browser's.
      c.header(
        'Cache-Control',
        consentStart?.session || signedInPath !== null ? 'private, no-cache' : 'no-cache',
      );
      return c.html(
        brandIndexHtml(html, brand, c.get('secureHeadersNonce') ?? '', `${base}/`, {
          preloads,
          consentStart,
          bannerHtml,
          language,
        }),
      );
    };

    pages.get(base, (c) => c.redirect(`${base}/`));
    pages.route(base, installRoutes(`${base}/`, icons));
    pages.use(`${base}/*`, (c, next) =>
      isDocPage(c.req.path) ? docPageSecurity(c, next) : appPageSecurity(c, next),
    );
    // Created on first use: the build may appear after the server has started.
    let files: MiddlewareHandler<AppEnv> | undefined;
    pages.get(
      `${base}/*`,
      async (c, next) => {
        if (!existsSync(indexFile)) return c.text('App not built: run npm run build', 503);
        // The index is never sent raw: it always goes through the brand rewrite.
        if (c.req.path.endsWith('/') || c.req.path.endsWith('/index.html')) return sendIndex(c);
        files ??= serveStatic({
          root: distDir,
          // The build's .br and .gz beside a hashed file (vite.config.ts), in the client's best encoding.
          precompressed: true,
          onFound: (path, c) => {
            const hashed = path.startsWith(join(buildDir, 'assets'));
            c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
            // serveStatic appends the Vary the compression middleware has already set (http/compression.ts).
            c.header('Vary', 'Accept-Encoding');
          },
        });
        return files(c, next);
      },
      (c) => {
        if ((c.req.header('accept') ?? '').includes('text/html')) return sendIndex(c);
        return c.text('Not found', 404);
      },
    );
  }
  return pages;
}
