import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { Db } from '../db/client';
import type { AppEnv } from './context';
import { type Paging, sendPage } from './respond';

export interface ListQuery<Rows extends PgSelect, Wire> {
  /** The table whose rows `where` picks: counted for the pagination headers. */
  table: PgTable;
  /** The select of the listed rows, made `$dynamic()` so the page can be cut from it. */
  rows: Rows;
  /** Which rows belong to the list; applied alike to the count and to the rows. */
  where?: SQL;
  orderBy: (PgColumn | SQL)[];
  /** Turns a row into its wire form; without it the selected rows are the wire form. */
  toWire?: (row: Awaited<Rows>[number]) => Wire;
}

/** A list call's answer: the page asked for by `page`/`per-page`, with the `x-pagination-*` headers. */
export async function sendListPage<Rows extends PgSelect, Wire>(
  c: Context<AppEnv>,
  db: Db,
  paging: Paging,
  list: ListQuery<Rows, Wire>,
) {
  const total = await db.$count(list.table, list.where);
  const rows = await list.rows
    .where(list.where)
    .orderBy(...list.orderBy)
    .limit(paging['per-page'])
    .offset((paging.page - 1) * paging['per-page']);
  return sendPage(c, paging, total, list.toWire ? rows.map(list.toWire) : rows);
}
