// `npx tsx bench/load-run.ts [pglite|postgres]`: the HTTP load figures alone (health, GET /user,
// stream status, save-lesson-stat and the queued statistics' sync) on both databases, or on the one
// named, against fresh servers. The full `npm run bench` runs it too, as a process of its own, and
// reads its figures from the file BENCH_LOAD_JSON names. PostgreSQL needs TEST_PG_URL
// (`source tests/postgres.sh && start_postgres`). BENCH_PORT moves the servers' ports (default 18192
// and the next one).
import { writeFileSync } from 'node:fs';
import { withServerProcess } from '../tests/e2e/support/server-process';
import {
  freshPostgresDatabase,
  type LearningLoad,
  LOAD_BUDGET,
  learningDatabase,
  learningLoad,
  printLearningLoad,
} from './learning-load';
import { ratio } from './load';

const only = process.argv[2];
if (only !== undefined && only !== 'pglite' && only !== 'postgres') {
  console.error('usage: npx tsx bench/load-run.ts [pglite|postgres]');
  process.exit(1);
}
const port = Number(process.env.BENCH_PORT ?? 18192);

async function loadOn(databaseUrl: string | undefined, serverPort: number): Promise<LearningLoad> {
  const { server, learning } = await learningDatabase(databaseUrl, false);
  return withServerProcess(serverPort, server, (origin) => learningLoad(origin, learning));
}

const onPglite = only === 'postgres' ? undefined : await loadOn(undefined, port);
const onPostgres = only === 'pglite' ? undefined : await loadOn(await freshPostgresDatabase(), port + 1);
if (onPglite) printLearningLoad('PGlite', onPglite);
if (onPostgres) printLearningLoad('PostgreSQL', onPostgres);
const pgliteToPostgres =
  onPglite && onPostgres ? ratio(onPglite.user.requestsPerSecond, onPostgres.user.requestsPerSecond) : null;
if (pgliteToPostgres !== null)
  console.log(`GET /user PGlite / PostgreSQL: ${pgliteToPostgres} (budget ${LOAD_BUDGET.pgliteToPostgres})`);
const jsonFile = process.env.BENCH_LOAD_JSON;
if (jsonFile)
  writeFileSync(jsonFile, JSON.stringify({ pglite: onPglite, postgres: onPostgres, pgliteToPostgres }));
