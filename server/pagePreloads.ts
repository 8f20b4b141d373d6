import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '../brands/schema';
import { type AppRouteName, ROUTE_PATHS } from '../src/app/routeNames';

/** An entry of the build's manifest (`dist/<base>/.vite/manifest.json`), as far as it is read here. */
type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  isEntry?: boolean;
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** What a page names in its HTML to have it download beside the entry. */
export type Preloads = { scripts: string[]; styles: string[] };
const NO_PRELOADS: Preloads = { scripts: [], styles: [] };

/** A chunk the build names by rule (vite.config.ts `areaChunk`), not a module's own chunk. */
const namedChunk = (manifest: Manifest, name: string) =>
  Object.values(manifest).find((chunk) => chunk.name === name && !chunk.src);

/** The files of some chunks and of what they import besides the entry, each once, with their stylesheets. */
function withImports(manifest: Manifest, chunks: readonly (ManifestChunk | undefined)[]): Preloads {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const add = (chunk: ManifestChunk | undefined) => {
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const style of chunk.css ?? []) styles.add(style);
    for (const key of chunk.imports ?? []) add(manifest[key]);
  };
  for (const chunk of chunks) add(chunk);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The scripts the cookie banner needs, by the build's manifest: the banner's chunk (`consent`, see
 * vite.config.ts), what it imports besides the entry, and its texts in one language. A page that will
 * show the banner names them in its HTML (modulepreload), so they download beside the entry instead
 * of after it has run: on a first visit the banner is the largest thing the page paints.
 */
function bannerScripts(manifest: Manifest, language: Language): string[] {
  const banner = namedChunk(manifest, 'consent');
  const texts = manifest[`locales/${language}/consent.po`];
  if (!banner || !texts) return [];
  return withImports(manifest, [banner, texts]).scripts;
}

/**
 * The area whose chunk each signed-in page's screen is in (the `lazyAreaScreen` of its route in
 * src/features/<area>/routes.ts); a page of neither loads only the shared signed-in chunk. The sign-in
 * page's path is a signed-in learner's way home, which is my courses.
 */
const AREA_OF_ROUTE: Partial<Record<AppRouteName, 'learning' | 'account'>> = {
  login: 'learning',
  home: 'learning',
  'home-courses': 'learning',
  courses: 'learning',
  calendar: 'learning',
  courseFreeze: 'learning',
  day: 'learning',
  materials: 'learning',
  downloadedLesson: 'learning',
  downloads: 'account',
  userEdit: 'account',
  userSettings: 'account',
  userPassword: 'account',
  settingsNotifications: 'account',
  settingsReminders: 'account',
  settingsReminderNew: 'account',
  settingsReminderUpdate: 'account',
  points: 'account',
  'points-history': 'account',
  socialNetworks: 'account',
  linkSocialNetworks: 'account',
  updateProfile: 'account',
  registrationChat: 'account',
  support: 'account',
  supportCategory: 'account',
  supportCategoryStream: 'account',
};

/** Each route's path (src/app/routeNames.ts) as a pattern of a path within the base; `$id` takes one segment. */
const ROUTE_PATTERNS = (Object.keys(ROUTE_PATHS) as AppRouteName[]).map((name) => ({
  name,
  pattern: new RegExp(`^${ROUTE_PATHS[name].replace(/\$[^/]+/g, '[^/]+')}/?$`),
}));

/** The area of the page at `path` (within its base, without the leading slash), by its route. */
function pageArea(path: string): 'learning' | 'account' | null {
  const route = ROUTE_PATTERNS.find(({ pattern }) => pattern.test(`/${path}`));
  return (route && AREA_OF_ROUTE[route.name]) ?? null;
}

/**
 * What a signed-in page loads before it draws, besides the entry: the shared signed-in chunk, the
 * page's area chunk, what they import, their stylesheets, and the texts of the signed-in frame and
 * of the area. The app asks for each only when the one before has come (a screen's stylesheet before
 * its chunk, a chunk before its imports, the entry before them all), one round trip after another;
 * named in the page, they come side by side.
 */
function signedInPage(manifest: Manifest, language: Language, path: string): Preloads {
  const area = pageArea(path);
  return withImports(manifest, [
    namedChunk(manifest, 'signed-in'),
    ...(area ? [namedChunk(manifest, area), manifest[`locales/${language}/${area}.po`]] : []),
    manifest[`locales/${language}/pages.po`],
  ]);
}

/** What a page names in its HTML: scripts every page of its kind needs first, and a signed-in page's. */
export type PagePreloads = { scripts: string[]; signedIn: Preloads };
export const NO_PAGE_PRELOADS: PagePreloads = { scripts: [], signedIn: NO_PRELOADS };

/**
 * What a page names in its HTML to have it download beside the entry: the core texts in `language`
 * (src/app/i18n.ts), which every page waits for before its first call and render, asked otherwise
 * only once the entry has run; the cookie banner's scripts when the page will show it; and a
 * signed-in page's (`signedInPath`, the page's path within its base, for a request with a session).
 * `language` is the brand's own or the one chosen on this browser: the server cannot see a choice
 * kept only in the browser's storage, whose page then loads its texts as it would without this.
 */
export function pagePreloads(
  manifest: Manifest,
  language: Language,
  { showsBanner, signedInPath }: { showsBanner: boolean; signedInPath: string | null },
): PagePreloads {
  const core = manifest[`locales/${language}/messages.po`]?.file;
  const scripts = [...(core ? [core] : []), ...(showsBanner ? bannerScripts(manifest, language) : [])];
  if (signedInPath === null) return { scripts, signedIn: NO_PRELOADS };
  const signedIn = signedInPage(manifest, language, signedInPath);
  return {
    scripts,
    signedIn: { ...signedIn, scripts: signedIn.scripts.filter((file) => !scripts.includes(file)) },
  };
}

/**
 * Reads a build's manifest, again only when its index.html changed (a new build); a build without
 * one (or an unreadable one) preloads nothing, and its scripts simply load as the app asks for them.
 */
export function buildManifestReader(buildDir: string) {
  let cached: { html: string; manifest: Manifest } | undefined;
  return async (html: string): Promise<Manifest> => {
    if (cached?.html !== html) {
      const manifest = await readFile(join(buildDir, '.vite', 'manifest.json'), 'utf8')
        .then((text) => JSON.parse(text) as Manifest)
        .catch(() => ({}));
      cached = { html, manifest };
    }
    return cached.manifest;
  };
}
