import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; services pass it to repos so one change and its side effects commit together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the pool-backed db or a transaction: what repo functions accept. */
export type DbOrTx = Db | Tx;

// Dates and timestamps stay as the database wrote them; the repos convert them to the wire format.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// bigint counts fit in a JS number for every table we have.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Runs `work` on one connection of the pool, for what must stay on one session (session-level advisory locks);
 * a connection that broke meanwhile is dropped rather than handed back to the pool.
 */
export async function withConnection<T>(db: Db, work: (session: Db) => Promise<T>): Promise<T> {
  const pool = (db as Db & { $client: pg.Pool }).$client;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await work(drizzle(client, { schema, casing: 'snake_case' }));
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // Any failure may have left the session in a state (a lock, an aborted transaction) the next user must not inherit.
    client.release(broken);
  }
}

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Fail fast instead of hanging a request when the database is gone.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor may one that is checked out between two statements (a transaction's client while its code runs): pg emits
  // 'error' on it too, and the pool listens only to idle clients. Its statements fail instead, and the pool drops
  // it when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return {
    db,
    pool,
    close: () => pool.end(),
  };
}
