import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The fuzz test's own figures, written by tests/api/fuzz.test.ts when FUZZ_REPORT names a file. */
export type FuzzFigure = { requests: number; fiveXX: number; seconds: number };

/**
 * A larger run of the API fuzz test than `npm test` makes (more cases, a seed of its own), on one
 * database. It is bounded by FUZZ_SECONDS; a 5xx fails the test, and the count is still reported.
 */
export function runFuzz(database: 'pglite' | 'postgres', runs: number, seconds: number): FuzzFigure {
  const report = `reports/fuzz-${database}.json`;
  try {
    execFileSync('npx', ['vitest', 'run', '--project', 'api', 'tests/api/fuzz.test.ts'], {
      stdio: 'inherit',
      env: {
        ...process.env,
        TEST_DB: database,
        FUZZ_RUNS: String(runs),
        FUZZ_SECONDS: String(seconds),
        FUZZ_SEED: String(Date.now() % 2_147_483_647),
        FUZZ_REPORT: report,
      },
    });
  } catch {
    // The figures below say what failed; the report must still be written.
  }
  return JSON.parse(readFileSync(report, 'utf8')) as FuzzFigure;
}
