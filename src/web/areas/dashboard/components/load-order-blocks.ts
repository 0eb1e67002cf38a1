import { importAfterSchemas, orderSchemas } from '../../../lib/staged-import';
import type * as OrderBlocksModule from './order-blocks';

let loading: Promise<typeof OrderBlocksModule> | undefined;

/** The order blocks' chunk, after zod and the order's schemas (staged-import.ts); one load for the router and the dashboard. */
export function loadOrderBlocks(): Promise<typeof OrderBlocksModule> {
  loading ??= importAfterSchemas(orderSchemas, () => import('./order-blocks')).catch((error: unknown) => {
    // A failed download is tried again on the next render.
    loading = undefined;
    throw error;
  });
  return loading;
}
