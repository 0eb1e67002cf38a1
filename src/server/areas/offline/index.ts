/** The offline area's public face (issue 38): idempotent changes by their key. */
export { idempotencyPlugin } from './idempotency.plugin';
export { deleteOldChanges } from './client-changes.repo';
export { ZOrderVersionHeaders, ifMatchOf, sendOrderVersion } from './version-headers';
