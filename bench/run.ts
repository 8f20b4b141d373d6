// Benchmarks (not tests): JS shipped to the sign-in page, its Lighthouse mobile performance, HTTP
// load on PGlite and on PostgreSQL as ratios to the health route measured in the same run, and a
// larger fuzz run. Prints the figures and writes reports/bench.json, each figure beside its budget.
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { runFuzz } from './fuzz';
import { LOAD, loadAgainstHealth, ratio } from './load';
import { lighthousePerformance, pageJsGzipKb } from './page';
import { withBenchServer } from './server';

const BUDGET = {
  signInJsGzipKb: 130,
  lighthousePerformance: 0.95,
  userToHealth: 0.5,
  pgliteToPostgres: 0.6,
  fuzzFiveXX: 0,
};
const FUZZ = { runs: 3000, seconds: 180 };

const atMost = (value: number, budget: number) => ({ value, budget, ok: value <= budget });
const atLeast = (value: number, budget: number) => ({ value, budget, ok: value >= budget });

async function freshPostgresDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_PG_URL;
  if (!adminUrl) throw new Error('TEST_PG_URL is not set: run the bench with npm run bench');
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main() {
  const onPglite = await withBenchServer(18180, {}, async (origin) => {
    const jsKb = await pageJsGzipKb(`${origin}/v/`);
    console.log(`sign-in page JS: ${jsKb} KB gzip (budget ${BUDGET.signInJsGzipKb})`);
    const performance = await lighthousePerformance(`${origin}/v/`);
    console.log(`Lighthouse mobile performance: ${performance} (budget ${BUDGET.lighthousePerformance})`);
    return { jsKb, performance, load: await loadAgainstHealth(origin) };
  });
  const onPostgres = await withBenchServer(18181, { databaseUrl: await freshPostgresDatabase() }, (origin) =>
    loadAgainstHealth(origin),
  );
  for (const [name, load] of [
    ['PGlite', onPglite.load],
    ['PostgreSQL', onPostgres],
  ] as const) {
    console.log(
      `${name}: GET /healthz ${load.health.requestsPerSecond} req/s (p99 ${load.health.p99Ms} ms), ` +
        `GET /user ${load.user.requestsPerSecond} req/s (p99 ${load.user.p99Ms} ms), ` +
        `ratio ${load.userToHealth} (budget ${BUDGET.userToHealth})`,
    );
  }
  const pgliteToPostgres = ratio(onPglite.load.user.requestsPerSecond, onPostgres.user.requestsPerSecond);
  console.log(`GET /user PGlite / PostgreSQL: ${pgliteToPostgres} (budget ${BUDGET.pgliteToPostgres})`);

  const fuzz = {
    pglite: runFuzz('pglite', FUZZ.runs, FUZZ.seconds),
    postgres: runFuzz('postgres', FUZZ.runs, FUZZ.seconds),
  };
  for (const [name, figure] of Object.entries(fuzz)) {
    console.log(
      `fuzz on ${name}: ${figure.requests} requests in ${figure.seconds} s, ${figure.fiveXX} answered 5xx`,
    );
  }

  const report = {
    measuredAt: new Date().toISOString(),
    signInJsGzipKb: atMost(onPglite.jsKb, BUDGET.signInJsGzipKb),
    lighthousePerformance: atLeast(onPglite.performance, BUDGET.lighthousePerformance),
    load: {
      ...LOAD,
      pglite: { ...onPglite.load, userToHealth: atLeast(onPglite.load.userToHealth, BUDGET.userToHealth) },
      postgres: { ...onPostgres, userToHealth: atLeast(onPostgres.userToHealth, BUDGET.userToHealth) },
      pgliteToPostgres: atLeast(pgliteToPostgres, BUDGET.pgliteToPostgres),
    },
    fuzz: {
      pglite: { ...fuzz.pglite, fiveXX: atMost(fuzz.pglite.fiveXX, BUDGET.fuzzFiveXX) },
      postgres: { ...fuzz.postgres, fiveXX: atMost(fuzz.postgres.fiveXX, BUDGET.fuzzFiveXX) },
    },
  };
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/bench.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log('written to reports/bench.json');
}

await main();
