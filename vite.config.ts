import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Screen modules loaded on demand; the rest of the app (and its libraries) is needed at start. */
const LAZY_SCREEN =
  /src[\\/]features[\\/](?!auth[\\/](LoginScreen|GuestLayout|InstructionButton|SocialButtons|formText))|src[\\/]api[\\/]startLists|src[\\/]app[\\/]sectionTitles|locales[\\/]|machines[\\/](?!(app|session|routeGuard|login|formSupport|constants)\.)/;
const isLazyScreen = (id: string) => LAZY_SCREEN.test(id);

// Two builds of the same app: `/v/` (default) and `/class/` (`--mode class`). The router reads its
// base path from `import.meta.env.BASE_URL`, so only `base` and the output folder differ.
export default defineConfig(({ mode }) => {
  const base = mode === 'class' ? '/class/' : '/v/';
  return {
    base,
    plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), react(), lingui()],
    build: {
      outDir: mode === 'class' ? 'dist/class' : 'dist/v',
      emptyOutDir: true,
      target: 'es2022',
      // Every browser that runs ES2022 supports modulepreload; the polyfill would only add weight.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // Everything the sign-in page needs goes into one chunk: one request, and one gzip stream
          // compresses several KB better than the shared pieces the default splitting makes.
          codeSplitting: { groups: [{ name: 'app', test: (id: string) => !isLazyScreen(id) }] },
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
