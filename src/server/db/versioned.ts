import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** A table whose rows carry a version (`update_id`, schema/columns.ts). */
type Versioned = PgTable & { id: PgColumn; updateId: PgColumn };

/** What a versioned save found: written, a stale copy (the row has another version), or no such row. */
export type TSaveOutcome = 'SAVED' | 'STALE' | 'MISSING';

/** The next version of a row, set by every save. */
export const nextVersion = sql`gen_random_uuid()`;

/**
 * Saves `values` over a row only while it still has the version the client read, in one statement
 * (`UPDATE … WHERE id = $1 AND update_id = $2`), and gives it a new version. A save racing another waits for the
 * other's row lock and then finds the version changed, so of saves of one copy exactly one is written. `scope`
 * narrows the rows a save may reach (a deleted user is none). The service turns STALE and MISSING into 409 and 404
 * (assertSaved) inside its transaction, so nothing of a refused save is written.
 */
export async function updateIfCurrent<T extends Versioned>(
  db: DbOrTx,
  table: T,
  where: { id: string; updateId: string; scope?: SQL | undefined },
  values: PgUpdateSetSource<T>,
): Promise<TSaveOutcome> {
  const { id, updateId, scope } = where;
  const t = table as Versioned;
  const saved = await db
    .update(t)
    .set({ ...values, updateId: nextVersion } as PgUpdateSetSource<Versioned>)
    .where(and(eq(t.id, id), eq(t.updateId, updateId), scope))
    .returning({ id: t.id });
  if (saved.length > 0) return 'SAVED';
  const found = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), scope));
  return found.length > 0 ? 'STALE' : 'MISSING';
}
