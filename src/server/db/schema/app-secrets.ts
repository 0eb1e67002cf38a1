import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The application's own secrets, one row each by name (issue 41: the booking page's manage-link key). Kept in the
 * database, so every app instance on it shares them and a backup carries them.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
