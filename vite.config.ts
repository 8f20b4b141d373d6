import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

type ModuleGraph = { getModuleInfo: (id: string) => Rolldown.ModuleInfo | null };

/**
 * The modules the entry reaches through static imports: what the sign-in page runs at start. Every
 * other module is reached only through a dynamic import (a route's screen, a dialog, a catalog), so
 * it loads on demand with that chunk.
 */
function startModules(graph: ModuleGraph, anyModule: string): Set<string> {
  const entry = findEntry(graph, anyModule);
  const found = new Set<string>();
  const queue = entry ? [entry] : [];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/** Walks importers (static or dynamic) up from any module until it meets the entry. */
function findEntry(graph: ModuleGraph, from: string): string | undefined {
  const seen = new Set<string>();
  const queue = [from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (info?.isEntry) return id;
    queue.push(...(info?.importers ?? []), ...(info?.dynamicImporters ?? []));
  }
  return undefined;
}

/**
 * The chunk of a lazy module, by the area it belongs to: a signed-in page then loads its area's
 * chunk and the shared signed-in chunk instead of dozens of small ones, each a request (and, on a
 * phone's connection, a round trip). Left to the default splitting (null): the language catalogs
 * and the profile's tables of zone cities (only the learner's language loads), the brands list,
 * and what pulls in a heavy library (the player, the PDF viewer, the date and time fields) or
 * serves one rare page (the registration chat, the guest screens).
 */
function areaChunk(id: string): string | null {
  const path = id.replaceAll('\\', '/');
  if (path.includes('/node_modules/')) return path.includes('/idb-keyval/') ? 'signed-in' : null;
  if (/\/(locales|brands)\//.test(path)) return null;
  if (path.includes('/src/features/account/profile/zoneCities/')) return null;
  if (/\/learning\/player\/|\/DocumentViewer|\/PdfDocument|\/src\/ui\/dates\//.test(path)) return null;
  if (/\/src\/features\/(auth|registration|social)\//.test(path)) return null;
  // The start lists' calls: they leave as soon as the session starts, not after the whole signed-in chunk.
  // With them, the way they are started one task apart, which the learning pages share, and the
  // locale data's warm-up, which starts at the same moment.
  if (
    /\/src\/(api\/startLists|platform\/(startsInTurn|intlWarmUp)|features\/shell\/sessionStart\.provide)\.ts$/.test(
      path,
    )
  )
    return 'start-lists';
  // A stream's page opened directly reads ahead as the session starts (sessionStart.provide.ts): that
  // code and the calls it makes load then, without waiting for the signed-in chunk.
  if (path.endsWith('/src/features/learning/common/pageReadAhead.provide.ts')) return 'page-read-ahead';
  // The push offer is on every signed-in page, so its part of the account area is too.
  if (
    /\/account\/(notifications\/(PushPrompt|pushPrompt|notificationSettings)\.|(pushPrompt|notificationSettings)\.machine)/.test(
      path,
    )
  )
    return 'signed-in';
  // Guests run consent too: its chunks keep them from loading the signed-in one. The banner's
  // (`consent`) loads at start; what follows the choice (the runtime, the analytics sender, the
  // brand's tags) loads a few seconds later, and the cookie settings (the banner's dialog, the
  // settings page) when they open: neither rides with the banner.
  if (
    /\/features\/consent\/(consentRuntime|consentSync\.provide|analyticsSender\.provide|tagLoader)\./.test(
      path,
    )
  )
    return 'consent-runtime';
  // The menu's reported actions: signed-in pages send them and the analytics sender hears them. In a
  // small chunk of their own, so that signed-in pages load neither consent chunk for them.
  if (path.endsWith('/src/features/consent/reportAction.ts')) return 'report-action';
  if (/\/features\/consent\/(CookieSettingsDialog|CookieToggles|CookiePolicyScreen)\./.test(path))
    return 'cookie-settings';
  if (/\/(src\/features|machines)\/consent\//.test(path)) return 'consent';
  if (/\/(src\/features|machines)\/learning\//.test(path)) return 'learning';
  if (/\/(src\/features|machines)\/account\//.test(path)) return 'account';
  if (/\/(src|machines)\//.test(path)) return 'signed-in';
  return null;
}

/** The module through which Vite's build loads a lazy chunk's dependencies before the chunk itself. */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Vite's preload helper in the form this build needs, about 0.5 KB gzip lighter in the entry. A lazy
 * chunk's import lists only its stylesheets (`modulePreload.resolveDependencies` below), so the
 * helper only adds each stylesheet once and waits for it before the chunk runs; a stylesheet that
 * fails rejects with Vite's message, which src/domain/chunkLoad.ts recognises, and may be tried again.
 */
function stylesheetPreloadHelper(base: string): Plugin {
  const code = `const loading = {};
export const __vitePreload = (load, deps) =>
  Promise.all(
    (deps ?? []).filter((dep) => dep.endsWith('.css')).map((dep) =>
      (loading[dep] ??= new Promise((resolve, reject) => {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = ${JSON.stringify(base)} + dep;
        link.onload = resolve;
        link.onerror = () => {
          delete loading[dep];
          reject(new Error('Unable to preload CSS for ' + link.href));
        };
        document.head.append(link);
      })),
    ),
  ).then(load);`;
  return {
    name: 'stylesheet-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load: (id) => (id === PRELOAD_HELPER ? code : null),
  };
}

/**
 * The entry's stylesheet written into index.html as a <style> element instead of a link to it. A
 * linked stylesheet blocks the first paint until it has downloaded, and on a phone's connection it
 * comes in beside the entry script: the page (its splash, the server's cookie banner) then first
 * paints only once the script is there too. Inline, the page paints as soon as its HTML has arrived.
 * The styles go with each page rather than from the cache, about 5 KB gzip. A stylesheet that could
 * close its element early (`</style`) stays linked.
 *
 * Either way the entry's styles are in the page before any lazy chunk loads, yet Vite lists them
 * among the stylesheets of the chunks that import the entry's modules. The preload helper would then
 * link them again, after the brand's colours (server/static.ts) and the lazy chunks' own styles,
 * whose rules they would override: a calendar opened by its address lost the brand's colours. Their
 * names are blanked in those lists, which the helper passes over (it takes only `.css` names).
 */
function inlineEntryStylesheet(base: string): Plugin {
  return {
    name: 'inline-entry-stylesheet',
    apply: 'build',
    generateBundle: {
      // After Vite's import analysis, which writes the lists (`__vite__mapDeps`).
      order: 'post',
      handler(_options, bundle) {
        const entryStyles = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' && output.isEntry ? [...(output.viteMetadata?.importedCss ?? [])] : [],
        );
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          for (const file of entryStyles) output.code = output.code.replaceAll(JSON.stringify(file), '""');
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle, chunk }) => {
        let page = html;
        for (const file of chunk?.viteMetadata?.importedCss ?? []) {
          const asset = bundle?.[file];
          if (asset?.type !== 'asset' || typeof asset.source !== 'string') continue;
          const styles = asset.source;
          if (/<\/style/i.test(styles)) continue;
          page = page.replace(/<link rel="stylesheet"[^>]*>/g, (tag) =>
            tag.includes(`href="${base}${file}"`) ? `<style>${styles}</style>` : tag,
          );
        }
        return page;
      },
    },
  };
}

/** The built files the server sends compressed (server/static.ts): scripts, stylesheets, SVG. */
const COMPRESSED_FILE = /^assets\/.+\.(js|mjs|css|svg)$/;

/**
 * Writes a brotli (`.br`, at its best quality) and a gzip (`.gz`) copy beside each hashed file over
 * 1 KiB, which the server sends as they are instead of gzipping the file again for every request.
 * At `writeBundle`, once every plugin has changed the files (the compile hints, the entry's blanked
 * stylesheet names): a copy made before then would differ from the file.
 */
function precompressAssets(): Plugin {
  const toBrotli = promisify(brotliCompress);
  const toGzip = promisify(gzip);
  return {
    name: 'precompress-assets',
    apply: 'build',
    writeBundle: async (options, bundle) => {
      const written = Object.values(bundle).map(async (output) => {
        if (!COMPRESSED_FILE.test(output.fileName)) return;
        const content = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (content.length < 1024) return;
        const file = join(options.dir ?? '', output.fileName);
        const [brotli, gzipped] = await Promise.all([
          toBrotli(content, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          toGzip(content, { level: zlib.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
      });
      await Promise.all(written);
    },
  };
}

/** Chrome's explicit compile hint for a whole file (V8's magic comment). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Chrome's compile hint on the entry and the chunks of the signed-in pages' own code (`chunkNames`),
 * which a page runs as it opens. V8 then compiles all their functions while the file downloads, off
 * the main thread, instead of each one on the main thread at its first call, in the middle of the
 * start-up and the first render. Not on the chunks of a heavy library that opens on demand (the
 * player, the PDF viewer, the date fields), most of whose functions never run, nor on the language
 * catalogs (data). Nor on the consent chunks: small, and the sign-in page has no bytes to spare for
 * the hint. Other browsers read a comment.
 */
function compileHints(chunkNames: readonly string[]): Plugin {
  const hinted = (chunk: Rolldown.RenderedChunk) =>
    chunk.isEntry ||
    (chunkNames.includes(chunk.name) && !chunk.moduleIds.every((id) => /\.po($|\?)/.test(id)));
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    augmentChunkHash: (chunk) => (hinted(chunk) ? COMPILE_HINT : undefined),
    generateBundle: {
      // After Vite's own, which puts its table of the chunks' stylesheets first: the hint must come
      // before any code.
      order: 'post',
      handler: (_options, bundle) => {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !hinted(chunk)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // A build with source maps (`vite build --sourcemap`) has already written the chunk's map:
          // its lines move down by the one added.
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const content = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...content, mappings: `;${content.mappings}` });
          }
        }
      },
    },
  };
}

// Two builds of the same app: `/v/` (default) and `/class/` (`--mode class`). The router reads its
// base path from `import.meta.env.BASE_URL`, so only `base` and the output folder differ.
export default defineConfig(({ mode }) => {
  const base = mode === 'class' ? '/class/' : '/v/';
  // Computed once per build, on the first module the chunking asks about.
  let start: Set<string> | undefined;
  return {
    base,
    resolve: {
      // XState's React hooks import the shims of useSyncExternalStore for React before 18; React 19
      // has it built in, and the plain builds use React's own instead of carrying a copy.
      alias: [
        { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
        {
          find: /^use-sync-external-store\/shim\/with-selector$/,
          replacement: 'use-sync-external-store/with-selector',
        },
      ],
    },
    plugins: [
      stylesheetPreloadHelper(base),
      inlineEntryStylesheet(base),
      compileHints(['start-lists', 'signed-in', 'learning', 'account']),
      babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
      react(),
      lingui(),
      // The service worker is our own code (src/sw/sw.ts); the plugin builds it and injects the list
      // of files to precache. The manifest is the server's (per brand), and the app registers the
      // worker itself (src/platform/serviceWorker.ts).
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'sw.ts',
        injectRegister: false,
        manifest: false,
        injectManifest: {
          // The shell and every chunk (the player's too). The PDF worker (.mjs) is left out: documents
          // are read online.
          globPatterns: [
            'index.html',
            'favicon.svg',
            'assets/**/*.{js,css,woff2,svg,png}',
            'brands/**/*.svg',
          ],
          maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        },
      }),
      // Compressed once here instead of gzipped again for every request, which cost the server more
      // CPU than the page's own calls, and at brotli's best, which sends smaller files.
      precompressAssets(),
    ],
    build: {
      outDir: mode === 'class' ? 'dist/class' : 'dist/v',
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
      modulePreload: {
        // Every browser that runs ES2022 supports modulepreload; the polyfill would only add weight.
        polyfill: false,
        // A lazy screen's import lists only its stylesheets (they must be in place before it
        // renders), not the JS chunks it imports: those the browser fetches as it meets them. The
        // lists of every route's JS chunks would otherwise sit in the sign-in page's JS (over 1 KB
        // gzip, growing with each screen); the installed service worker serves later visits from
        // its cache either way, and links preload their route on intent.
        resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')),
      },
      rolldownOptions: {
        output: {
          // Everything the sign-in page needs at start goes into one chunk, by rule rather than by a
          // list of files: one request, and one gzip stream compresses several KB better than the
          // shared pieces the default splitting makes. A feature reached through a lazy route stays
          // out of it, whatever it imports, and goes to its area's chunk.
          // The start chunk is chosen first: a group also takes its modules' dependencies, and an
          // area must not take a start module (React, say) that way.
          codeSplitting: {
            groups: [
              {
                priority: 9,
                name: (id: string, graph: ModuleGraph) => {
                  start ??= startModules(graph, id);
                  return start.has(id) ? 'app' : null;
                },
              },
              // Then consent (a guest's page loads it too) and the shared chunk before the areas,
              // for the same reason: each takes only what is its own. The banner's chunk comes before
              // the runtime's, which shares the consent cookie's reading with it, and the cookie
              // settings come after the shared chunk, which takes the page parts they use.
              ...[
                'start-lists',
                'page-read-ahead',
                'report-action',
                'consent',
                'consent-runtime',
                'signed-in',
                'cookie-settings',
                'learning',
                'account',
              ].map((area, index) => ({
                priority: 8 - index,
                name: (id: string) => (areaChunk(id) === area ? area : null),
              })),
            ],
          },
        },
      },
    },
    server: {
      // `vite dev` talks to the reference server for API calls.
      proxy: { '/spa': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
    },
    preview: { proxy: { '/spa': { target: 'http://127.0.0.1:8080', changeOrigin: false } } },
  };
});
