import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages, PGlite, type Results, types } from '@electric-sql/pglite';
import { count, DrizzleQueryError, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  interval,
  json,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '../../server/db/client';
import { PgliteThreadClient, type ThreadQueryOptions } from '../../server/db/pglite-thread-client';
import * as schema from '../../server/db/schema';

/**
 * PGlite on a worker thread must be indistinguishable from PGlite in-process: every check runs the
 * same work on both and compares, besides asserting the expected value itself.
 */

const samples = pgTable('samples', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  at: timestamp('at', { withTimezone: true }),
  localAt: timestamp('local_at', { mode: 'string' }),
  day: date('day', { mode: 'date' }),
  span: interval('span'),
  doc: jsonb('doc'),
  plain: json('plain'),
  amount: numeric('amount'),
  amounts: numeric('amounts').array(),
  big: bigint('big', { mode: 'bigint' }),
  tags: text('tags').array(),
  moments: timestamp('moments', { withTimezone: true }).array(),
  flag: boolean('flag'),
});

const CREATE_SAMPLES = `create table samples (
  id serial primary key,
  label text not null constraint samples_label_unique unique,
  at timestamptz, local_at timestamp, day date, span interval, doc jsonb, plain json,
  amount numeric, amounts numeric[], big bigint, tags text[], moments timestamptz[], flag boolean
)`;

let inProcessClient: PGlite;
let inProcess: Db;
let onThread: Database;
let threadClient: PgliteThreadClient;

beforeAll(async () => {
  inProcessClient = new PGlite();
  inProcess = drizzle(inProcessClient, { schema });
  onThread = await openDatabase({ kind: 'pglite' });
  threadClient = await PgliteThreadClient.open('memory://');
  for (const db of [inProcess, onThread.db]) await db.execute(sql.raw(CREATE_SAMPLES));
});

afterAll(async () => {
  await inProcessClient?.close();
  await onThread?.close();
  await threadClient?.close();
});

/** Runs the same work in-process and on the thread; returns both outcomes, in-process first. */
async function onBoth<T>(work: (db: Db) => Promise<T>): Promise<[T, T]> {
  return [await work(inProcess), await work(onThread.db)];
}

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected the work to fail');
}

/** The properties PGlite puts on a Postgres error that callers read. */
function databaseErrorFacts(error: unknown) {
  expect(error).toBeInstanceOf(messages.DatabaseError);
  const e = error as messages.DatabaseError & { query?: string; params?: unknown[]; queryOptions?: unknown };
  return {
    message: e.message,
    name: e.name,
    severity: e.severity,
    code: e.code,
    detail: e.detail,
    constraint: e.constraint,
    table: e.table,
    schema: e.schema,
    position: e.position,
    routine: e.routine,
    query: e.query,
    params: e.params,
    rowMode: (e.queryOptions as ThreadQueryOptions | undefined)?.rowMode,
  };
}

describe('PGlite on a worker thread, compared with PGlite in-process', () => {
  it('returns the same typed values through Drizzle (dates, json, numerics, bigints, arrays)', async () => {
    const [expected, actual] = await onBoth(async (db) => {
      await db.insert(samples).values([
        {
          label: 'typed',
          at: new Date('2024-02-29T23:59:58.123Z'),
          localAt: '2024-03-01 10:00:00.5',
          day: new Date('2024-03-01T00:00:00Z'),
          span: '1 day 02:03:04',
          doc: { nested: { list: [1, 'two', null] }, ok: true },
          plain: ['a', 1],
          amount: '12345678901234567890.0123',
          amounts: ['1.5', '-2'],
          big: 9007199254740993n,
          tags: ['x', 'y "quoted"', ''],
          moments: [new Date('2020-01-01T00:00:00Z'), new Date('2021-06-15T12:30:00Z')],
          flag: true,
        },
        { label: 'nulls' },
      ]);
      return db.select().from(samples).orderBy(samples.id);
    });
    expect(actual).toEqual(expected);
    const [typed, nulls] = actual;
    expect(typed?.at).toEqual(new Date('2024-02-29T23:59:58.123Z'));
    expect(typed?.localAt).toBe('2024-03-01 10:00:00.5');
    expect(typed?.span).toBe('1 day 02:03:04');
    expect(typed?.doc).toEqual({ nested: { list: [1, 'two', null] }, ok: true });
    expect(typed?.amount).toBe('12345678901234567890.0123');
    expect(typed?.amounts).toEqual(['1.5', '-2']);
    expect(typed?.big).toBe(9007199254740993n);
    expect(typed?.tags).toEqual(['x', 'y "quoted"', '']);
    expect(typed?.moments).toEqual([new Date('2020-01-01T00:00:00Z'), new Date('2021-06-15T12:30:00Z')]);
    expect(nulls).toMatchObject({ at: null, doc: null, amounts: null, big: null, flag: null });
  });

  it('returns the same rows, fields and affected row counts for raw SQL', async () => {
    const [expected, actual] = await onBoth(async (db) => {
      await db.insert(samples).values([{ label: 'raw-1' }, { label: 'raw-2' }]);
      const updated = await db.execute(
        sql`update ${samples} set amount = ${'3.25'} where ${samples.label} like 'raw-%' returning label, amount, at`,
      );
      const selected = await db.execute(
        sql`select '\\x01ff'::bytea as bytes, ${'2024-05-06'}::date as day, 42::int8 as big, 1.5::float8 as f, null::timestamptz as nothing`,
      );
      const deleted = await db.execute(sql`delete from ${samples} where ${samples.label} like 'raw-%'`);
      return { updated, selected, deleted } as Record<'updated' | 'selected' | 'deleted', Results>;
    });
    expect(actual).toEqual(expected);
    expect(actual.updated.affectedRows).toBe(2);
    expect(actual.updated.fields.map((f) => f.dataTypeID)).toEqual([
      types.TEXT,
      types.NUMERIC,
      types.TIMESTAMPTZ,
    ]);
    expect(actual.deleted.affectedRows).toBe(2);
    expect(actual.selected.rows).toEqual([
      { bytes: new Uint8Array([1, 255]), day: '2024-05-06', big: 42, f: 1.5, nothing: null },
    ]);
  });

  it("applies the caller's parsers by type id, never to NULL, in array and object row modes", async () => {
    const query = `select '2024-01-02 03:04:05+00'::timestamptz as a, null::timestamptz as b,
      '2000-01-01 00:00:00+00'::timestamptz as c, 7 as c`;
    const outcomes = [];
    for (const client of [inProcessClient, threadClient]) {
      const calls: string[] = [];
      const parsers = {
        [types.TIMESTAMPTZ]: (value: string, typeId?: number) => {
          calls.push(`${typeId} ${value}`);
          return `parsed ${value}`;
        },
      };
      outcomes.push({
        arrays: await client.query(query, [], { rowMode: 'array', parsers }),
        objects: await client.query(query, [], { rowMode: 'object', parsers }),
        calls,
      });
    }
    const [expected, actual] = outcomes;
    expect(actual).toEqual(expected);
    expect(actual?.arrays.rows).toEqual([
      ['parsed 2024-01-02 03:04:05+00', null, 'parsed 2000-01-01 00:00:00+00', 7],
    ]);
    // Object mode: the later column "c" (an int) replaced the earlier one, after that one was parsed.
    expect(actual?.objects.rows).toEqual([{ a: 'parsed 2024-01-02 03:04:05+00', b: null, c: 7 }]);
    expect(actual?.calls).toEqual([
      `${types.TIMESTAMPTZ} 2024-01-02 03:04:05+00`,
      `${types.TIMESTAMPTZ} 2000-01-01 00:00:00+00`,
      `${types.TIMESTAMPTZ} 2024-01-02 03:04:05+00`,
      `${types.TIMESTAMPTZ} 2000-01-01 00:00:00+00`,
    ]);
  });

  it('passes database errors on with their class, code, constraint and detail', async () => {
    const [expected, actual] = await onBoth(async (db) => {
      await db.insert(samples).values({ label: 'unique' });
      return failureOf(db.insert(samples).values({ label: 'unique' }));
    });
    expect(actual).toBeInstanceOf(DrizzleQueryError);
    const facts = databaseErrorFacts((actual as DrizzleQueryError).cause);
    expect(facts).toEqual(databaseErrorFacts((expected as DrizzleQueryError).cause));
    expect(facts).toMatchObject({
      code: '23505',
      constraint: 'samples_label_unique',
      detail: 'Key (label)=(unique) already exists.',
      table: 'samples',
      params: ['unique'],
      rowMode: 'object',
    });

    const [expectedSyntax, actualSyntax] = await onBoth((db) => failureOf(db.execute(sql.raw('selec 1'))));
    const syntaxFacts = databaseErrorFacts((actualSyntax as DrizzleQueryError).cause);
    expect(syntaxFacts).toEqual(databaseErrorFacts((expectedSyntax as DrizzleQueryError).cause));
    expect(syntaxFacts).toMatchObject({ code: '42601', position: '1', query: 'selec 1' });
  });

  it('rolls a transaction back when its callback throws, rethrowing the same error', async () => {
    const [expected, actual] = await onBoth(async (db) => {
      const stop = new Error('stop');
      const error = await failureOf(
        db.transaction(async (tx) => {
          await tx.insert(samples).values({ label: 'rolled-back' });
          throw stop;
        }),
      );
      const left = await db.select().from(samples).where(eq(samples.label, 'rolled-back'));
      return { sameError: error === stop, left };
    });
    expect(actual).toEqual(expected);
    expect(actual).toEqual({ sameError: true, left: [] });
  });

  it('commits, undoes a failed nested transaction to its savepoint, and honours tx.rollback()', async () => {
    const [expected, actual] = await onBoth(async (db) => {
      await db.transaction(async (tx) => {
        await tx.insert(samples).values({ label: 'outer' });
        await failureOf(
          tx.transaction(async (inner) => {
            await inner.insert(samples).values({ label: 'inner' });
            throw new Error('inner fails');
          }),
        );
      });
      const rollback = await failureOf(
        db.transaction(async (tx) => {
          await tx.insert(samples).values({ label: 'dropped' });
          tx.rollback();
        }),
      );
      const labels = await db
        .select({ label: samples.label })
        .from(samples)
        .where(sql`${samples.label} in ('outer', 'inner', 'dropped')`);
      return { labels, rolledBack: rollback instanceof TransactionRollbackError };
    });
    expect(actual).toEqual(expected);
    expect(actual).toEqual({ labels: [{ label: 'outer' }], rolledBack: true });
  });

  it('keeps queries from outside an open transaction waiting until it ends', async () => {
    const [expected, actual] = await onBoth(async (db) => {
      const events: string[] = [];
      let outside: Promise<void> | undefined;
      const countIsolated = () =>
        db
          .select({ n: count() })
          .from(samples)
          .where(eq(samples.label, 'isolated'))
          .then(([row]) => {
            events.push(`outside saw ${row?.n}`);
          });
      await failureOf(
        db.transaction(async (tx) => {
          await tx.insert(samples).values({ label: 'isolated' });
          outside = countIsolated();
          await new Promise((resolve) => setTimeout(resolve, 50));
          const [inside] = await tx.select({ n: count() }).from(samples).where(eq(samples.label, 'isolated'));
          events.push(`inside saw ${inside?.n}`);
          throw new Error('roll back');
        }),
      );
      await outside;
      return events;
    });
    expect(actual).toEqual(expected);
    // Had the outside query run inside the transaction, it would have seen the row before the rollback.
    expect(actual).toEqual(['inside saw 1', 'outside saw 0']);
  });

  it('answers a statement asked again and again (planned once on the thread) as in-process, also after its table changes', async () => {
    const [expected, actual] = await onBoth(async (db) => {
      await db.insert(samples).values([{ label: 'again-1' }, { label: 'again-2' }]);
      type Row = Record<string, unknown>;
      const labelled = async (label: string) =>
        ((await db.execute(sql`select * from ${samples} where label = ${label}`)) as { rows: Row[] }).rows;
      const before: Row[][] = [];
      for (const label of ['again-1', 'again-2', 'again-1', 'missing']) before.push(await labelled(label));
      // Postgres refuses a named statement whose `*` now means more columns; the thread must not.
      await db.execute(sql.raw('alter table samples add column extra text'));
      const after = await labelled('again-2');
      await db.execute(sql.raw('alter table samples drop column extra'));
      return { before, after };
    });
    expect(actual).toEqual(expected);
    expect(actual.before.map((rows) => rows.map((row) => row.label))).toEqual([
      ['again-1'],
      ['again-2'],
      ['again-1'],
      [],
    ]);
    expect(actual.after).toEqual([expect.objectContaining({ label: 'again-2', extra: null })]);
  });

  it('ends the worker on close, after which queries fail as on a closed PGlite', async () => {
    const closedInProcess = new PGlite();
    await closedInProcess.close();
    const closedThread = await PgliteThreadClient.open('memory://');
    await closedThread.close();
    const expected = (await failureOf(closedInProcess.query('select 1'))) as Error;
    const actual = (await failureOf(closedThread.query('select 1'))) as Error;
    expect(actual.message).toBe(expected.message);
    expect(actual.message).toBe('PGlite is closed');
  });
});

describe('openDatabase on a PGlite folder', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'pglite-thread-')), 'db');
  });

  afterAll(() => {
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  it('keeps its data across a restart and releases the folder lock on close', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    await first.db.insert(schema.users).values({ email: 'kept@example.com', passwordHash: 'x' });
    await first.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);

    const second = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await second.db.select({ email: schema.users.email }).from(schema.users);
      expect(rows).toEqual([{ email: 'kept@example.com' }]);
    } finally {
      await second.close();
    }
  });

  it('fails to open on an unusable folder, ending the worker and releasing the lock', async () => {
    const notAFolder = join(dataDir, '..', 'plain-file');
    writeFileSync(notAFolder, 'not a database');
    const inProcessFailure = (await failureOf(new PGlite(notAFolder).waitReady)) as { message: string };
    const failure = await failureOf(openDatabase({ kind: 'pglite', dataDir: notAFolder }));
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(inProcessFailure.message);
    expect(inProcessFailure.message).toMatch(/exit/);
    expect(existsSync(`${notAFolder}.lock`)).toBe(false);
  });
});
