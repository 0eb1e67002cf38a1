import { ORDER_VERSION_MESSAGES, versionMatches, type TIfMatch } from '@/domain/offline';
import type { DbOrTx } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { findEditVersion } from './orders.repo';

/**
 * Refuses a change whose If-Match names another version of the order than the current one (409, the contract's
 * message): call it under the order row's lock, before anything is written, so no other writer slips between the
 * comparison and the change. Without If-Match nothing is compared; a missing order is the caller's 404.
 */
export async function assertOrderVersion(tx: DbOrTx, orderId: string, ifMatch: TIfMatch | null): Promise<void> {
  if (!ifMatch) return;
  const current = await findEditVersion(tx, orderId);
  if (current !== null && !versionMatches(ifMatch, current)) throw AppError.conflict(ORDER_VERSION_MESSAGES.changed);
}

/** The order's version after a change, read in the change's transaction (its ETag). */
export async function orderVersionAfter(tx: DbOrTx, orderId: string): Promise<string> {
  const version = await findEditVersion(tx, orderId);
  if (version === null) throw new Error(`order ${orderId} vanished inside its own change`);
  return version;
}
