import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A statement prepared once per database (and per transaction handle it is asked for), for the
 * calls every screen makes: building a query with the ORM costs more CPU than the database spends
 * answering it, so hot paths build theirs once.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

/**
 * A column named with its table. A query over one table renders its columns without the table's
 * name, so a correlated subquery written in it would read its own table's columns instead.
 */
export const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** A moment as epoch milliseconds, for values built as JSON (where a timestamp would be a string). */
export const epochMs = (column: AnyPgColumn) =>
  sql`(extract(epoch from ${qualified(column)}) * 1000)::float8`;

/**
 * A table's row as one JSON column (`row_to_json`), read back into the row a select of the table
 * gives, each value through its column's own mapping (a moment's ISO text becomes the same Date);
 * null when the row is missing (a left join that found none). The drivers' cost of a result grows
 * with its columns (node-postgres reads every column's description on every run): for a wide row read
 * on every request, one JSON column costs less.
 */
export function rowAsJson<T extends PgTable>(table: T): SQL<T['$inferSelect']> {
  const columns = Object.entries(getTableColumns(table));
  return sql<T['$inferSelect']>`row_to_json(${table})`.mapWith((json: Record<string, unknown>) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = json[column.name];
      row[key] = value === null ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}

/** `rowAsJson` of a left-joined table: null when the join found no row. */
export const joinedRowAsJson = <T extends PgTable>(table: T) =>
  rowAsJson(table) as SQL<T['$inferSelect'] | null>;

const dialect = new PgDialect();

/**
 * A statement the query builder cannot express (data-modifying CTEs), with `sql.placeholder`s for
 * its values, prepared once per database under `name`. Its answer is the driver's (`{ rows }`).
 */
export function preparedStatement(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return preparedPerDatabase((db) => db._.session.prepareQuery(query, undefined, name, false));
}
