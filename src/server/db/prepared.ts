import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbOrTx } from './client';

/**
 * Statements built once per database handle. Drizzle builds a query's SQL on every call, which for the
 * wide tables (orders has some eighty columns) is a good share of a request's CPU; a prepared statement is
 * built once, and PostgreSQL parses it once per connection (named statements). Use it for the hot
 * read paths; a transaction handle gets its own set (it lives for one transaction, so nothing is saved there).
 */
export function preparedFor<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const cache = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statements = cache.get(db);
    if (!statements) {
      statements = build(db);
      cache.set(db, statements);
    }
    return statements;
  };
}

const statementNames = new Map<string, string>();

/**
 * Runs SQL text with $1…$n placeholders, for the hot statements written by hand (the booking's): on the
 * pool-backed database as a named prepared statement, so PostgreSQL parses and plans it once per connection
 * instead of on every call (planning a statement of several CTEs costs more than running it); the name comes
 * from the text, so each variant of a statement gets its own. A transaction handle has no pool of its own
 * (drizzle keeps its connection private); there the statement runs unnamed through drizzle.
 */
export async function queryText<R>(db: DbOrTx, text: string, values: unknown[]): Promise<R[]> {
  const pool = '$client' in db ? (db.$client as pg.Pool) : null;
  if (pool) {
    let name = statementNames.get(text);
    if (!name) {
      name = `q_${createHash('sha1').update(text).digest('base64url')}`;
      statementNames.set(text, name);
    }
    return (await pool.query<R & pg.QueryResultRow>({ name, text, values })).rows;
  }
  // $n (a placeholder) becomes the n-th value as a parameter; the text between stays as it is.
  const chunks = text.split(/\$(\d+)/).map((part, i) => (i % 2 ? sql.param(values[Number(part) - 1]) : sql.raw(part)));
  return (await db.execute<Record<string, unknown>>(sql.join(chunks))).rows as R[];
}

const dialect = new PgDialect();

/**
 * Runs a statement built with drizzle's sql template as a named prepared statement (see queryText): for a hot
 * statement whose text takes a few shapes (a list filter's conditions) and whose plan does not depend on its
 * values, so PostgreSQL plans each shape once per connection.
 */
export function queryPrepared<R>(db: DbOrTx, statement: SQL): Promise<R[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return queryText<R>(db, text, params);
}

/**
 * A statement built once with drizzle's sql template, as text for queryText: its values are written in it as $n
 * (sql.raw), so nothing is rendered per call (rendering a large template cost a quarter of a hot read, issue 17).
 */
export function sqlText(statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  if (params.length) throw new Error('sqlText: the statement has values of its own; write them as $n');
  return text;
}
