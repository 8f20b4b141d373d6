import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { consoleLogger, type Logger } from '../infra/logger';
import { lockDataDir } from './lock';
import { PgliteThreadClient } from './pglite-thread-client';
import * as schema from './schema';

/** Both drivers share this type, so routes and services never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** `pglite` with no dataDir keeps everything in memory (tests); `postgres` needs a connection URL. */
export type DatabaseOptions = { kind: 'pglite'; dataDir?: string } | { kind: 'postgres'; url: string };

export interface Database {
  db: Db;
  /** A short description for the start-up line, e.g. "PGlite (.data/pglite)". */
  label: string;
  close(): Promise<void>;
}

/**
 * How many statements of one batched read (db/batch.ts) run at once: PGlite has one connection, so
 * a second statement would only wait behind the first instead of joining its batch; PostgreSQL's
 * pool keeps the other connections for every other call.
 */
export const readBatchSlots = (db: Db): number =>
  (db as { $client?: unknown }).$client instanceof pg.Pool ? 2 : 1;

/**
 * How many statements of one batched write run at once, on every database: each commits, so each
 * pays a flush of the log, and the calls of one learner touch the same rows, so a second statement
 * in flight waits on the first's row locks and then flushes on its own. One at a time, every call
 * arriving meanwhile joins the next commit instead (the statistics' writes: a sixth more a second
 * on PostgreSQL under the bench's load than with two).
 */
export const WRITE_BATCH_SLOTS = 1;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Ends the pool and resolves once every connection has said goodbye to the database. `pool.end()`
 * alone resolves when the last connection is asked to close, before it has: a database dropped or
 * stopped right then (a test's teardown, a deploy) ended those connections mid-goodbye.
 */
function closeWhenDisconnected(pool: pg.Pool): () => Promise<void> {
  let connected = 0;
  let lastClosed: (() => void) | undefined;
  pool.on('connect', () => {
    connected += 1;
  });
  // Emitted once a connection that left the pool (ended, idle too long, broken) has closed.
  pool.on('remove', () => {
    connected -= 1;
    if (connected === 0) lastClosed?.();
  });
  return async () => {
    const allClosed = new Promise<void>((resolve) => {
      lastClosed = resolve;
    });
    const waitForAll = connected > 0;
    await pool.end();
    // Bounded: a connection that never reports back must not hold the server's shutdown for ever.
    if (waitForAll)
      await Promise.race([allClosed, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  };
}

/** Opens the database and applies every committed migration that has not run yet. */
export async function openDatabase(options: DatabaseOptions, log: Logger = consoleLogger): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the database ends (a restart, an administrator, a failover) leaves the pool,
    // which opens a new one for the next query. Unheard, its error would end the server's process.
    pool.on('error', (error) => log.error('PostgreSQL ended an idle connection', error.message));
    const close = closeWhenDisconnected(pool);
    const db = drizzleNodePg(pool, { schema });
    try {
      await migrateNodePg(db, { migrationsFolder });
    } catch (error) {
      await close();
      throw error;
    }
    return { db, label: `PostgreSQL (${redactPassword(options.url)})`, close };
  }
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  // PGlite runs on a worker thread so queries do not take CPU from HTTP handling on this one.
  let client: PgliteThreadClient;
  try {
    client = await PgliteThreadClient.open(options.dataDir ?? 'memory://');
  } catch (error) {
    unlock();
    throw error;
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      unlock();
    }
  };
  // The driver only calls `query` and `transaction` (with `query` on the transaction), which the
  // thread client provides with PGlite's signatures and results.
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return { db, label: `PGlite (${options.dataDir ?? 'in memory'})`, close };
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'invalid URL';
  }
}
