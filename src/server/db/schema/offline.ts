import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * Changes a device sent with an `Idempotency-Key` (issue 38: a fitter's queued offline changes). The first request
 * with a key claims the row and runs; its answer is kept, so a resend after a lost answer gets the same answer instead
 * of applying the change twice. Keys are the device's own ids, so they are unique per user only.
 */
export const clientChanges = pgTable(
  'client_changes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changeId: uuid('change_id').notNull(),
    /** Method and path of the first request: a key resent with another request is refused. */
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** Null while the first request runs. */
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    /** The answer's ETag (the order's version after the change), which the device's next change names in If-Match. */
    etag: text('etag'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.changeId] }),
    index('client_changes_created').on(t.createdAt),
    check('client_changes_status', sql`${t.status} is null or ${t.status} between 100 and 599`),
  ],
);
