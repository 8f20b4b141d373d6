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
export function bannerScripts(manifest: Manifest, language: Language): string[] {
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
 * Reads a build's manifest, again only when its index.html changed (a new build); a build without
 * one (or an unreadable one) preloads nothing, and the banner simply loads as the app asks for it.
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
