import { SHOP_BINS } from '@/domain/transfers';
import type { DbOrTx } from '@/server/db/client';
import * as locations from './stock-locations.repo';
import { findLocation } from './transfers.repo';

/**
 * A department's own stock location (issue 15): a workshop's shop is a place goods are kept, sent from and received
 * at, as the demo data gives every workshop (seed/reference/stock.ts); a mobile-service van uses its parent's.
 */

/** The bins a new shop starts with: the demo data's shop shelves (A windscreens, B other glass, C small parts). */
const DEFAULT_SHOP_BINS: readonly string[] = [...SHOP_BINS.windscreen, ...SHOP_BINS.glass, ...SHOP_BINS.shelf];

/**
 * A new workshop's shop as a stock location (its location code, '<name> afdeling') with the default bins, in the
 * caller's transaction, so it can send and receive transfers at once. A location of that code left by a deleted
 * department is taken over; 'TAKEN' when the code is a warehouse's or another department's.
 */
export async function createDepartmentStockLocation(
  tx: DbOrTx,
  department: { id: string; code: string; name: string },
): Promise<'CREATED' | 'TAKEN'> {
  const existing = await findLocation(tx, department.code);
  if (existing && (existing.kind !== 'DEPARTMENT' || (existing.departmentId !== null && existing.departmentId !== department.id)))
    return 'TAKEN';
  const name = `${department.name} afdeling`;
  if (existing) await locations.adoptDepartmentLocation(tx, department.code, department.id, name);
  else await locations.insertDepartmentLocation(tx, { code: department.code, name, departmentId: department.id });
  await locations.insertMissingBins(tx, department.code, DEFAULT_SHOP_BINS);
  return 'CREATED';
}

/**
 * A deleted department's stock location goes with it when it never held stock nor took part in a transfer (its
 * bins with it); otherwise it stays, without a department, for the history (and a new department of the same
 * code takes it over).
 */
export async function deleteDepartmentStockLocation(tx: DbOrTx, departmentId: string): Promise<void> {
  await locations.deleteUnusedDepartmentLocation(tx, departmentId);
}
