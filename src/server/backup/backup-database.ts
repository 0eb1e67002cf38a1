import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { MIGRATIONS_FOLDER } from '@/server/db/migrate';
import { measure, type TBackupManifest, type TTableDump } from './backup-archive';

/**
 * The database half of backup and restore, through an ordinary connection (no pg_dump needed):
 * the rows of every table in schema `public` with COPY, the sequences' values and the migration state.
 * See docs/decisions.md, 'Backup and restore'.
 */

/** The migrations' own bookkeeping, as drizzle keeps it (drizzle-orm/pg-core dialect.migrate). */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/** Settings that make COPY's text output the same on every server and read back exactly (as pg_dump sets them). */
const COPY_SETTINGS = [
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  'set local extra_float_digits = 3',
  "set local timezone = 'UTC'",
];

/** One connection for a whole backup or restore; a connection lost meanwhile fails its statement, not the process. */
export async function connectClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

const NOT_IN_EXTENSION = (oid: string, catalog: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

interface TableInfo {
  name: string;
  /** The columns COPY writes and reads: generated columns are left out (the database computes them). */
  columns: string[];
}

async function listTables(client: pg.Client): Promise<TableInfo[]> {
  const result = await client.query<TableInfo>(`
    select c.relname::text as name,
           array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and ${NOT_IN_EXTENSION('c.oid', 'pg_class')}
     group by c.relname
     order by c.relname`);
  return result.rows;
}

async function listSequences(client: pg.Client): Promise<string[]> {
  const result = await client.query<{ name: string }>(`
    select c.relname::text as name from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' and ${NOT_IN_EXTENSION('c.oid', 'pg_class')}
     order by c.relname`);
  return result.rows.map((r) => r.name);
}

/** The migrations applied to the database, oldest first; none when it has no Rudeplan schema. */
async function appliedMigrations(client: pg.Client): Promise<number[]> {
  const exists = await client.query<{ found: boolean }>(`select to_regclass('${MIGRATIONS_TABLE}') is not null as found`);
  if (!exists.rows[0]?.found) return [];
  const result = await client.query<{ created_at: string }>(`select created_at::text from ${MIGRATIONS_TABLE} order by created_at`);
  return result.rows.map((r) => Number(r.created_at));
}

export type DatabaseDump = Pick<TBackupManifest, 'tables' | 'sequences' | 'migrations'> & { serverVersion: string };

/**
 * Writes every table to `<into>/data/<table>.copy` from one REPEATABLE READ READ ONLY transaction: a
 * consistent snapshot, taken while the app may go on working.
 */
export async function dumpDatabase(client: pg.Client, into: string): Promise<DatabaseDump> {
  await client.query('begin isolation level repeatable read read only');
  try {
    for (const setting of COPY_SETTINGS) await client.query(setting);
    const migrations = await appliedMigrations(client);
    if (migrations.length === 0)
      throw new Error('The database holds no Rudeplan data (no migrations have been applied): there is nothing to back up.');
    const serverVersion = (await client.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]!.v;

    const tables: TTableDump[] = [];
    for (const table of await listTables(client)) {
      const file = `data/${table.name}.copy`;
      const counter = measure();
      const source = client.query(copyTo(`copy ${quote(table.name)} (${table.columns.map(quote).join(', ')}) to stdout`));
      await pipeline(source, counter.transform, createWriteStream(path.join(into, file), { mode: 0o600 }));
      tables.push({
        name: table.name,
        file,
        columns: table.columns,
        rows: counter.totals.rows,
        bytes: counter.totals.bytes,
        sha256: counter.digest(),
      });
    }

    const sequences: TBackupManifest['sequences'] = [];
    for (const name of await listSequences(client)) {
      const row = (await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${quote(name)}`))
        .rows[0]!;
      sequences.push({ name, lastValue: row.last_value, isCalled: row.is_called });
    }
    await client.query('commit');
    return { tables, sequences, migrations: { count: migrations.length, lastCreatedAt: migrations.at(-1)! }, serverVersion };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** Thrown when the target database holds orders and the restore was not forced. */
export class RestoreRefusedError extends Error {}

/** Refuses a database that holds orders, unless forced. */
export async function assertReplaceable(client: pg.Client, force: boolean): Promise<void> {
  if (force) return;
  const table = await client.query<{ found: boolean }>(`select to_regclass('public.orders') is not null as found`);
  if (!table.rows[0]?.found) return;
  const orders = await client.query<{ n: string }>('select count(*)::text as n from public.orders');
  const count = Number(orders.rows[0]?.n ?? 0);
  if (count > 0) {
    throw new RestoreRefusedError(
      `The database already holds ${count} orders. Nothing was changed. Run the restore with --force to replace everything in it.`,
    );
  }
}

/** Drops what the migrations made (tables, views, sequences, functions, types, the migration table); extensions stay. */
async function dropEverything(client: pg.Client): Promise<void> {
  await client.query('drop schema if exists drizzle cascade');
  const objects = await client.query<{ statement: string }>(`
    select format('drop %s if exists %s cascade',
                  case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end,
                  c.oid::regclass) as statement
      from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${NOT_IN_EXTENSION('c.oid', 'pg_class')}
    union all
    select format('drop routine if exists %s cascade', p.oid::regprocedure)
      from pg_proc p
     where p.pronamespace = 'public'::regnamespace and ${NOT_IN_EXTENSION('p.oid', 'pg_proc')}
    union all
    select format('drop type if exists %s cascade', t.oid::regtype)
      from pg_type t
     where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd', 'r', 'c') and ${NOT_IN_EXTENSION('t.oid', 'pg_type')}
       and (t.typrelid = 0 or (select relkind from pg_class where oid = t.typrelid) = 'c')`);
  // 'if exists': a cascade may already have dropped what a later statement names.
  for (const { statement } of objects.rows) await client.query(statement);
}

/** Applies the app's first `count` migrations as drizzle's migrator does, inside the caller's transaction. */
async function applyMigrations(client: pg.Client, count: number): Promise<void> {
  await client.query('create schema if not exists drizzle');
  await client.query(`create table if not exists ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`);
  for (const migration of readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).slice(0, count)) {
    for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
    await client.query(`insert into ${MIGRATIONS_TABLE} (hash, created_at) values ($1, $2)`, [migration.hash, migration.folderMillis]);
  }
}

/** Checks that this version of the app has the migrations the backup was made at; returns how many the app has. */
export function checkMigrations(manifest: TBackupManifest): number {
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const { count, lastCreatedAt } = manifest.migrations;
  if (count > known.length) {
    throw new RestoreRefusedError(
      `The backup was made by a newer version of Rudeplan (${manifest.app.version}, ${count} migrations; this one has ${known.length}). Restore it with that version or a later one.`,
    );
  }
  if (known[count - 1]?.folderMillis !== lastCreatedAt) {
    throw new RestoreRefusedError(
      `The backup's database schema (migration ${count}) is not one this version of Rudeplan knows. Nothing was changed.`,
    );
  }
  return known.length;
}

/** Tables in an order where every table comes after the tables it references (self-references allowed). */
async function loadOrder(client: pg.Client, tables: string[]): Promise<string[]> {
  const edges = await client.query<{ child: string; parent: string }>(`
    select distinct src.relname::text as child, ref.relname::text as parent
      from pg_constraint k
      join pg_class src on src.oid = k.conrelid
      join pg_class ref on ref.oid = k.confrelid
     where k.contype = 'f' and src.relnamespace = 'public'::regnamespace and ref.relnamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges.rows) if (parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !done.has(t) && [...parents.get(t)!].every((p) => done.has(p)));
    if (ready.length === 0)
      throw new Error(
        `The tables ${tables.filter((t) => !done.has(t)).join(', ')} reference each other in a cycle; they cannot be loaded in order.`,
      );
    for (const t of ready) {
      ordered.push(t);
      done.add(t);
    }
  }
  return ordered;
}

/**
 * Replaces the database's contents with the dump in `from`, in one transaction: drops what is there, runs the
 * app's migrations up to the backup's, loads every table in foreign-key order with its triggers off (the rows
 * already hold what the triggers would write) and sets the sequences. `beforeCommit` runs last inside the
 * transaction (the media swap). Any failure leaves the database as it was.
 */
export async function loadDatabase(
  client: pg.Client,
  from: string,
  manifest: TBackupManifest,
  force: boolean,
  beforeCommit: () => Promise<void> = async () => undefined,
): Promise<void> {
  await client.query('begin');
  try {
    await client.query('set local client_min_messages = warning');
    await assertReplaceable(client, force);
    await dropEverything(client);
    await applyMigrations(client, manifest.migrations.count);
    for (const setting of COPY_SETTINGS) await client.query(setting);

    const present = new Map((await listTables(client)).map((t) => [t.name, t.columns]));
    for (const table of manifest.tables) {
      const columns = present.get(table.name);
      if (!columns || table.columns.some((c) => !columns.includes(c))) {
        throw new RestoreRefusedError(`The backup's table ${table.name} does not match this version's schema. Nothing was changed.`);
      }
    }
    const sequences = new Set(await listSequences(client));
    for (const sequence of manifest.sequences) {
      if (!sequences.has(sequence.name))
        throw new RestoreRefusedError(`The backup's sequence ${sequence.name} is not in this version's schema. Nothing was changed.`);
    }

    // Rows some migrations insert (reference lists) are replaced by the backup's.
    await client.query(`truncate ${[...present.keys()].map(quote).join(', ')}`);
    const triggers = await client.query<{ table: string; name: string }>(`
      select c.relname::text as table, t.tgname::text as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where c.relnamespace = 'public'::regnamespace and not t.tgisinternal and t.tgenabled <> 'D'`);
    for (const t of triggers.rows) await client.query(`alter table ${quote(t.table)} disable trigger ${quote(t.name)}`);

    const byName = new Map(manifest.tables.map((t) => [t.name, t]));
    for (const name of await loadOrder(client, [...byName.keys()])) {
      const table = byName.get(name)!;
      const target = client.query(copyFrom(`copy ${quote(table.name)} (${table.columns.map(quote).join(', ')}) from stdin`));
      await pipeline(createReadStream(path.join(from, table.file)), target);
      if (target.rowCount !== table.rows)
        throw new Error(`Table ${table.name}: ${target.rowCount} rows loaded, the backup holds ${table.rows}.`);
    }
    for (const s of manifest.sequences)
      await client.query('select setval($1::regclass, $2::bigint, $3)', [quote(s.name), s.lastValue, s.isCalled]);
    for (const t of triggers.rows) await client.query(`alter table ${quote(t.table)} enable trigger ${quote(t.name)}`);
    await beforeCommit();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
