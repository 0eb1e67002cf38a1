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
