// Benchmarks (not tests): JS shipped to the sign-in page, Lighthouse mobile performance of it, and
// an HTTP load run of GET /user on PGlite and on PostgreSQL in the same run. Prints the figures
// and writes reports/bench.json with each figure beside its budget.
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { withBenchServer } from './server';

const BUDGET = { signInJsGzipKb: 130, lighthousePerformance: 0.95, pgliteToPostgresRatio: 0.6 };
const LOAD = { durationSeconds: 10, connections: 16 };

async function signInPageJsGzipKb(origin: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const scripts: Promise<number>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      scripts.push(res.body().then((b) => gzipSync(b, { level: 9 }).length));
  });
  await page.goto(`${origin}/v/`, { waitUntil: 'networkidle' });
  const sizes = await Promise.all(scripts);
  await browser.close();
  return sizes.reduce((a, b) => a + b, 0) / 1024;
}

async function lighthousePerformance(origin: string): Promise<number> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(`${origin}/v/`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
    });
    return result?.lhr.categories.performance?.score ?? 0;
  } finally {
    await chrome.kill();
  }
}

async function loadGetUser(origin: string) {
  const login = await fetch(`${origin}/spa/api/v1/auth/login?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'learner@example.com', password: 'learner-demo' }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const result = await autocannon({
    url: `${origin}/spa/api/v1/user?lang=en`,
    headers: { authorization: `Bearer ${data.token}` },
    connections: LOAD.connections,
    duration: LOAD.durationSeconds,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`load run got ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { requestsPerSecond: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}

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
  const { jsKb, performance, onPglite } = await withBenchServer(18180, {}, async (origin) => {
    const jsKb = await signInPageJsGzipKb(origin);
    console.log(`sign-in page JS: ${jsKb.toFixed(1)} KB gzip (budget ${BUDGET.signInJsGzipKb})`);
    const performance = await lighthousePerformance(origin);
    console.log(`Lighthouse mobile performance: ${performance} (budget ${BUDGET.lighthousePerformance})`);
    return { jsKb, performance, onPglite: await loadGetUser(origin) };
  });
  console.log(`GET /user on PGlite: ${onPglite.requestsPerSecond} req/s, p99 ${onPglite.p99Ms} ms`);

  const databaseUrl = await freshPostgresDatabase();
  const onPostgres = await withBenchServer(18181, { databaseUrl }, loadGetUser);
  console.log(`GET /user on PostgreSQL: ${onPostgres.requestsPerSecond} req/s, p99 ${onPostgres.p99Ms} ms`);

  const ratio = Number((onPglite.requestsPerSecond / onPostgres.requestsPerSecond).toFixed(2));
  console.log(`PGlite / PostgreSQL throughput: ${ratio} (budget ${BUDGET.pgliteToPostgresRatio})`);

  const report = {
    measuredAt: new Date().toISOString(),
    signInJsGzipKb: {
      value: Number(jsKb.toFixed(1)),
      budget: BUDGET.signInJsGzipKb,
      ok: jsKb <= BUDGET.signInJsGzipKb,
    },
    lighthousePerformance: {
      value: performance,
      budget: BUDGET.lighthousePerformance,
      ok: performance >= BUDGET.lighthousePerformance,
    },
    load: {
      ...LOAD,
      pglite: onPglite,
      postgres: onPostgres,
      ratio: {
        value: ratio,
        budget: BUDGET.pgliteToPostgresRatio,
        ok: ratio >= BUDGET.pgliteToPostgresRatio,
      },
    },
  };
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/bench.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log('written to reports/bench.json');
}

await main();
