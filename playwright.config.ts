import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './tests/e2e/support/chromium';
import { E2E } from './tests/e2e/support/ports';

// The e2e run starts the real server on a fresh PGlite folder, with a real SMTP peer on loopback
// whose inbox the tests read over HTTP. Debian's Chromium (its headless shell; see chromium.ts),
// never a downloaded browser.
const dataDir = e2eDataDir();

/**
 * The e2e server's database and media folders: those E2E_DATA_DIR names, else a fresh folder. The
 * workers find it in E2E_DATA_DIR. A folder made here is the run's alone: it goes when the runner
 * exits, after it has stopped the servers, with the folder's lock (server/db/lock.ts), which the
 * server stopped at the run's end leaves.
 */
function e2eDataDir(): string {
  const named = process.env.E2E_DATA_DIR;
  if (named) return named;
  const made = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  process.env.E2E_DATA_DIR = made;
  process.on('exit', () => {
    for (const path of [made, `${made}-media`, `${made}.lock`])
      rmSync(path, { recursive: true, force: true });
  });
  return made;
}

/**
 * The specs that sign in with the seeded demo accounts on the shared e2e server, or change what
 * those accounts hold (their streams, points, password, language): one story at a time may use them,
 * so these run in one worker, in file order. Every other spec makes its own learners or runs its own
 * server, and runs beside them in the second worker.
 */
const SEEDED_ACCOUNT_SPECS = [
  'accessibility',
  'account-points',
  'brands',
  'email-prompt',
  'focus-visibility',
  'forced-steps',
  'learning-courses',
  'learning-day',
  'navigation',
  'offline-app',
  'offline-downloads',
  'shell-details',
  'sign-in',
  'support',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'tests/e2e',
  // A hang guard, not a speed check: several stories take 15-25 s on a two-core machine, too close
  // to Playwright's default 30 s (one timed out at 31 s in a full run while passing its checks).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers, one per core. One story already keeps the two cores mostly busy (the browser and
  // the server), so two at once save about a quarter of the time, not half. A spec's stories still
  // run in order in one worker.
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'seeded accounts', testMatch: SEEDED_ACCOUNT_SPECS, workers: 1 },
    { name: 'own accounts', testIgnore: SEEDED_ACCOUNT_SPECS },
  ],
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: 'reports/results-e2e.json' }]],
  use: {
    baseURL: `http://localhost:${E2E.appPort}/v/`,
    // No trace: recording one for every test (kept only on failure) took a fifth of the suite's
    // time, and CI's clone is thrown away with it. `npx playwright test --trace on` records them.
    trace: 'off',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: 'npx tsx tests/e2e/support/mail-peer.ts',
      url: `http://127.0.0.1:${E2E.mailHttpPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx server/main.ts',
      url: `http://127.0.0.1:${E2E.appPort}/v/`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: {
        PORT: String(E2E.appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        MEDIA_DIR: `${dataDir}-media`,
        SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
        // Reminders are due within a second in the push spec, not within the default 30 s.
        REMINDER_TICK_MS: '1000',
        // The push spec's push service runs on loopback (tests/push-service.ts).
        PUSH_LOCAL_SERVICE: '1',
      },
    },
  ],
});
