import { defineConfig } from 'vitest/config';

// Three suites share one config: pure unit tests, API tests against the real server and database,
// and model tests generated from the machines. `npm test` runs each on its own (see tests/run-all.sh).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      { test: { name: 'model', include: ['model-tests/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
