import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { stockBins, stockLocations } from '@/server/db/schema';

/** A department's shop as a stock location (kind DEPARTMENT). */
export async function insertDepartmentLocation(tx: DbOrTx, location: { code: string; name: string; departmentId: string }): Promise<void> {
  await tx.insert(stockLocations).values({ ...location, kind: 'DEPARTMENT' });
}

/** A location no department holds any more (its department was deleted) is given to a department. */
export async function adoptDepartmentLocation(tx: DbOrTx, code: string, departmentId: string, name: string): Promise<void> {
  await tx
    .update(stockLocations)
    .set({ departmentId, name })
    .where(and(eq(stockLocations.code, code), isNull(stockLocations.departmentId)));
}

/** Adds the bins a location does not have yet. */
export async function insertMissingBins(tx: DbOrTx, locationCode: string, codes: readonly string[]): Promise<void> {
  if (codes.length === 0) return;
  await tx
    .insert(stockBins)
    .values(codes.map((code) => ({ locationCode, code })))
    .onConflictDoNothing();
}

/** Deletes a department's location (its bins with it) when it never held stock nor took part in a transfer. */
export async function deleteUnusedDepartmentLocation(tx: DbOrTx, departmentId: string): Promise<void> {
  await tx.execute(
    sql`delete from stock_locations as l where l.department_id = ${departmentId}
      and not exists (select 1 from stock_movements as m where m.location_code = l.code)
      and not exists (select 1 from transfer_orders as t where t.from_code = l.code or t.to_code = l.code)`,
  );
}
