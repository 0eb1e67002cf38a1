import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column builders, so every table keeps the same id and audit conventions. */
export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * A row's version: a new random value on every save, and a save names the one it read, so a stale copy is refused
 * (409) rather than written over another's change (src/server/db/versioned.ts).
 */
export const updateId = () => uuid('update_id').notNull().defaultRandom();
