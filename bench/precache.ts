import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the service worker precaches on a learner's device: the files vite-plugin-pwa listed in the
 * built worker, their size on disk and gzip (what travels), and whether the player chunk is among them.
 */
export function precacheSize(buildDir: string) {
  const worker = readFileSync(join(buildDir, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '');
  if (urls.length === 0) throw new Error(`no precache list in ${buildDir}/sw.js: is it built?`);
  let bytes = 0;
  let gzipBytes = 0;
  for (const url of urls) {
    const file = readFileSync(join(buildDir, url));
    bytes += statSync(join(buildDir, url)).size;
    gzipBytes += gzipSync(file, { level: 9 }).length;
  }
  return {
    files: urls.length,
    kb: Math.round(bytes / 1024),
    gzipKb: Math.round(gzipBytes / 1024),
    playerIncluded: urls.some((url) => /MuxVideo-/.test(url)),
  };
}
