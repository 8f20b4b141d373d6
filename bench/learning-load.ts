import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseOptions } from '../server/db/client';
import type { ServerDatabase } from '../tests/e2e/support/server-process';
import { loadLessonStatistics, loadStreamStatus } from './learning';
import { BENCH_LEARNER, type BenchLearning, prepareLearningData } from './learning-data';
import { bearer, higherOf, loadGet, loadHealth, ratio, signIn } from './load';
import { syncQueuedStatistics } from './statistics-sync';

/** A fresh database on the PostgreSQL cluster of TEST_PG_URL (`source tests/postgres.sh && start_postgres`). */
export async function freshPostgresDatabase(): Promise<string> {
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

/** A fresh database of either kind with the learning data written, and the server settings that open it. */
export async function learningDatabase(
  databaseUrl: string | undefined,
  timeImport: boolean,
): Promise<{ server: ServerDatabase; learning: BenchLearning }> {
  const mediaDir = mkdtempSync(join(tmpdir(), 'bench-media-'));
  const dataDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  const options: DatabaseOptions = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'pglite', dataDir };
  const learning = await prepareLearningData(options, mediaDir, { timeImport });
  return { server: { databaseUrl, dataDir, mediaDir }, learning };
}

/** The learning calls under load, each beside the health route of the same run. */
export async function learningLoad(origin: string, learning: BenchLearning) {
  const headers = bearer(await signIn(origin, BENCH_LEARNER));
  const healthBefore = await loadHealth(origin);
  const user = await loadGet(`${origin}/spa/api/v1/user?lang=en`, headers);
  const status = await loadStreamStatus(origin, headers, learning);
  const statistics = await loadLessonStatistics(origin, headers, learning);
  // 1,000 statistics synced through the app's queue; it throws unless exactly 1,000 are counted.
  const statisticsSync = await syncQueuedStatistics(origin, BENCH_LEARNER, learning);
  const healthAfter = await loadHealth(origin);
  const health = higherOf(healthBefore, healthAfter);
  return {
    healthBefore,
    healthAfter,
    health,
    user,
    userToHealth: ratio(user.requestsPerSecond, health.requestsPerSecond),
    status,
    statusToHealth: ratio(status.requestsPerSecond, health.requestsPerSecond),
    statistics,
    statisticsToHealth: ratio(statistics.requestsPerSecond, health.requestsPerSecond),
    statisticsSync,
  };
}

export type LearningLoad = Awaited<ReturnType<typeof learningLoad>>;

/** What `bench/load-run.ts` writes to BENCH_LOAD_JSON: the figures of each database it loaded. */
export type LoadRunFigures = {
  pglite?: LearningLoad;
  postgres?: LearningLoad;
  pgliteToPostgres: number | null;
};

/** The budgets of the load figures (the rest of the bench's are in bench/run.ts). */
export const LOAD_BUDGET = {
  userToHealth: 0.5,
  pgliteToPostgres: 0.6,
  statusToHealth: 0.3,
  statusP99MsPostgres: 100,
  statisticsToHealthPostgres: 0.4,
};

/** The load figures of one database, each beside its budget. */
export function printLearningLoad(name: string, load: LearningLoad) {
  console.log(
    `${name}: GET /healthz ${load.healthBefore.requestsPerSecond} req/s before the routes and ` +
      `${load.healthAfter.requestsPerSecond} after (the higher is the baseline), ` +
      `GET /user ${load.user.requestsPerSecond} req/s (p99 ${load.user.p99Ms} ms), ` +
      `ratio ${load.userToHealth} (budget ${LOAD_BUDGET.userToHealth})`,
  );
  console.log(
    `${name}: stream status ${load.status.requestsPerSecond} req/s (p99 ${load.status.p99Ms} ms), ` +
      `ratio ${load.statusToHealth} (budget ${LOAD_BUDGET.statusToHealth})`,
  );
  const stats = load.statistics;
  console.log(
    `${name}: save-lesson-stat ${stats.requestsPerSecond} req/s (p99 ${stats.p99Ms} ms), ratio ` +
      `${load.statisticsToHealth}; ${stats.sent} sent, ${stats.counted} counted, ` +
      `${stats.lost} lost, ${stats.doubled} doubled`,
  );
  const sync = load.statisticsSync;
  console.log(
    `${name}: ${sync.queued} queued statistics synced in ${sync.seconds} s (${sync.perSecond}/s), ` +
      `${sync.counted} counted`,
  );
}
