import { getTableName, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core';
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

const dialect = new PgDialect();

/**
 * A statement the query builder cannot express (data-modifying CTEs), with `sql.placeholder`s for
 * its values, prepared once per database under `name`. Its answer is the driver's (`{ rows }`).
 */
export function preparedStatement(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return preparedPerDatabase((db) => db._.session.prepareQuery(query, undefined, name, false));
}
