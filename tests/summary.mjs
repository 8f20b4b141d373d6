// Adds up the JSON results of the vitest runs and the Playwright run into one closing line.
import { readFileSync } from 'node:fs';

/** Counts of one results file: vitest's JSON reporter, or Playwright's (which has `stats`). */
function counts(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if (r.stats) return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
  return { passed: r.numPassedTests, failed: r.numFailedTests };
}

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  const c = counts(file);
  if (!Number.isInteger(c.passed) || !Number.isInteger(c.failed)) throw new Error(`${file}: no test counts`);
  passed += c.passed;
  failed += c.failed;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
