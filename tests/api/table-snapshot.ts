import { getTableName, is, type SQL, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';

/** The database seen as one row count and one hash of all rows per table of the schema. */

export const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table));

const SNAPSHOT: SQL = sql.join(
  TABLES.map(
    (name) =>
      sql`select ${name} as name, count(*)::int as rows, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as hash from ${sql.identifier(name)} t`,
  ),
  sql` union all `,
);

export async function snapshot(db: Db): Promise<Record<string, string>> {
  const result = (await db.execute(SNAPSHOT)) as unknown as {
    rows: { name: string; rows: number; hash: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, `${row.rows} ${row.hash}`]));
}
