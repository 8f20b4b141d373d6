import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '../brands/schema';

/** An entry of the build's manifest (`dist/<base>/.vite/manifest.json`), as far as it is read here. */
type ManifestChunk = { file: string; name?: string; src?: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * The scripts the cookie banner needs, by the build's manifest: the banner's chunk (`consent`, see
 * vite.config.ts), what it imports besides the entry, and its texts in one language. A page that will
 * show the banner names them in its HTML (modulepreload), so they download beside the entry instead
 * of after it has run: on a first visit the banner is the largest thing the page paints.
 */
function bannerScripts(manifest: Manifest, language: Language): string[] {
  const banner = Object.values(manifest).find((chunk) => chunk.name === 'consent' && !chunk.src);
  const texts = manifest[`locales/${language}/consent.po`];
  if (!banner || !texts) return [];
  const files = new Set<string>();
  const add = (chunk: ManifestChunk | undefined) => {
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const key of chunk.imports ?? []) add(manifest[key]);
  };
  add(banner);
  add(texts);
  return [...files];
}

/**
 * The scripts a page names in its HTML to have them download beside the entry: the core texts in
 * `language` (src/app/i18n.ts), which every page waits for before its first call and render, asked
 * otherwise only once the entry has run; and the cookie banner's when the page will show it.
 * `language` is the brand's own: the server cannot see a visitor's other choice (kept in the
 * browser's storage), whose page then loads its texts as it would without this.
 */
export function pagePreloads(manifest: Manifest, language: Language, showsBanner: boolean): string[] {
  const core = manifest[`locales/${language}/messages.po`]?.file;
  return [...(core ? [core] : []), ...(showsBanner ? bannerScripts(manifest, language) : [])];
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
