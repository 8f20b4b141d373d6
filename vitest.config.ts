import { availableParallelism } from 'node:os';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * API test files that test PGlite itself (its worker thread, and the CLI, which always opens a PGlite
 * folder): the same run whatever TEST_DB says, so the PostgreSQL suite leaves them to the PGlite one.
 */
const PGLITE_ONLY = [
  'tests/api/course-cli.test.ts',
  'tests/api/crash-durability.test.ts',
  'tests/api/pglite-thread.test.ts',
];

// Three suites share one config: pure unit tests, API tests against the real server and database,
// and model tests generated from the machines. `npm test` runs each with its own command, the
// PostgreSQL API suite and the model suites beside the PGlite one (see tests/run-all.sh).
// Model tests also render the screens bound to the machines, so they compile JSX, Lingui macros and
// catalogs the way the app build does, in a browser-like DOM.
export default defineConfig({
  test: {
    // One worker per core: vitest's default leaves one core to its main process, which on a
    // two-core machine halves the model suite's speed while that process sits idle.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: process.env.TEST_DB === 'postgres' ? PGLITE_ONLY : [],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          isolate: false,
        },
      },
      {
        plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), react(), lingui()],
        test: {
          name: 'model',
          include: ['model-tests/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['model-tests/setup.ts'],
          // The suites run beside the PGlite API suite on a two-core machine (tests/run-all.sh), so
          // a coverage test that replays every extension on the screen (about 4 s alone for the
          // registration chat) can take several times longer than alone; 5 s was too tight.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
