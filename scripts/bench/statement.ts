/**
 * The booking's own statement under pgbench (issue 17): what PostgreSQL alone makes of the bookings the app just
 * made, with pgbench's C client in place of the app. Set beside pgbench's tpcb-like transactions, it shows how much
 * of the distance to them is the database's work and how much is the app's.
 *
 * Each booking the app stored becomes one pgbench transaction: its parameters are read by number (as the app's checks
 * read the slot) and the app's booking statement (bookingStatementText, every column) books the same place again
 * with the same order, lines and messages under a new id, the app's bookings having been removed first.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { LOCKED_STATUSES } from '@/domain/orders';
import { bookingStatementText } from '@/server/areas/orders';
import { FLOOR_CONCURRENCY, findPgbench, pgbenchConnection, pgbenchTps } from './floor';

const PARAMS = 'bench_booking_params';
const NEXT = 'bench_booking_param_seq';
/** The statement's parameters in its order ($1 … $8), as pgbench variables read by \gset. */
const VARIABLES = ['slot', 'date', 'count', 'as_read', 'rec', 'lines', 'msgs', 'closed'];

export interface StatementAlone {
  perSecond: number;
  /** Orders the statement stored, of `attempts`. */
  booked: number;
  attempts: number;
}

/**
 * A checkpoint before each booking measurement, so each starts alike: the first change of an index page after one
 * writes the whole page to the WAL, and without it the run after another would find those pages already written.
 * Needs a superuser (or pg_checkpoint); without one the measurements run as they are.
 */
export async function checkpoint(client: pg.Client): Promise<void> {
  await client.query('checkpoint').catch(() => undefined);
}

/** Columns a statement may write: not generated, and not those the statement sets itself. */
async function writableColumns(client: pg.Client, table: string, except: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER' and column_name <> all($2::text[])
      order by ordinal_position`,
    [table, except],
  );
  return rows.map((r) => r.name);
}

/**
 * Runs the bookings of `mailDomain` again through pgbench, after `remove` has taken them out; `remove` takes out
 * pgbench's copies afterwards too. Answers why instead when pgbench is missing or gave no figure.
 */
export async function bookingStatementAlone(
  client: pg.Client,
  databaseUrl: string,
  mailDomain: string,
  remove: () => Promise<number>,
): Promise<StatementAlone | string> {
  const pgbench = findPgbench();
  if (!pgbench) return 'not measured (no pgbench installed; Debian: apt install postgresql)';
  const columns = await writableColumns(client, 'orders', ['order_nr', 'booking_nr']);
  const lineColumns = await writableColumns(client, 'order_items', ['id']);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-statement-'));
  try {
    // Every stored booking with a slot, as the app's statement takes it; the id is new, the place the same.
    await client.query(`drop table if exists ${PARAMS}`);
    await client.query(`drop sequence if exists ${NEXT}`);
    await client.query(
      `create table ${PARAMS} as
       select row_number() over (order by (x.o).order_nr)::int as i,
         (x.o).time_slot_id::text as slot, (x.o).booking_date::text as date, (x.o).holds_place::text as count,
         (select to_jsonb(s) from time_slots s where s.id = (x.o).time_slot_id)::text as as_read,
         (to_jsonb(x.o) - 'order_nr' - 'booking_nr' || jsonb_build_object('id', x.new_id))::text as rec,
         coalesce((select jsonb_agg(to_jsonb(l) - 'id' || jsonb_build_object('order_id', x.new_id) order by l.line_no)
           from order_items l where l.order_id = (x.o).id), '[]')::text as lines,
         coalesce((select jsonb_agg(jsonb_build_object('channel', m.channel, 'kind', m.kind, 'recipient', jsonb_build_array(m.recipient),
             'subject', jsonb_build_array(coalesce(m.subject, '')), 'body', jsonb_build_array(m.body)) order by m.created_at)
           from outbox m where m.order_id = (x.o).id), '[]')::text as msgs,
         $2::text as closed
       from (select o, uuid_v7() as new_id from orders o where o.customer_email like $1 and o.time_slot_id is not null) as x`,
      [`%@${mailDomain}`, `{${LOCKED_STATUSES.join(',')}}`],
    );
    await client.query(`alter table ${PARAMS} add primary key (i)`);
    await client.query(`create sequence ${NEXT}`);
    const attempts = Number((await client.query<{ n: string }>(`select count(*) as n from ${PARAMS}`)).rows[0]!.n);
    const perClient = Math.floor(attempts / FLOOR_CONCURRENCY);
    if (perClient < 1) return 'not measured (no bookings to run again)';
    await remove();
    await client.query(`analyze ${PARAMS}`);
    await checkpoint(client);
    const script = path.join(dir, 'booking.sql');
    const statement = bookingStatementText(columns, lineColumns).replace(/\$(\d+)/g, (_, n: string) => `:p_${VARIABLES[Number(n) - 1]}`);
    await fs.writeFile(
      script,
      `select ${VARIABLES.join(', ')} from ${PARAMS} where i = (select nextval('${NEXT}')) \\gset p_\n${statement};\n`,
    );
    const { args, env } = pgbenchConnection(databaseUrl);
    const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
    const perSecond = await pgbenchTps(
      pgbench,
      [...args, '-n', '-f', script, '-c', String(FLOOR_CONCURRENCY), '-j', '2', '-t', String(perClient), '-M', 'prepared', database],
      env,
    );
    if (typeof perSecond === 'string') return perSecond;
    const booked = Number(
      (await client.query<{ n: string }>(`select count(*) as n from orders where customer_email like $1`, [`%@${mailDomain}`])).rows[0]!.n,
    );
    return { perSecond: Math.round(perSecond), booked, attempts: perClient * FLOOR_CONCURRENCY };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
    await client.query(`drop table if exists ${PARAMS}`);
    await client.query(`drop sequence if exists ${NEXT}`);
    await remove();
  }
}
