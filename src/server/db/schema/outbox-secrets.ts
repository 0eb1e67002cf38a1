import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { outbox } from './outbox';

/**
 * The secret part of an outbox message (a password, a reset link's token, a reset code). The message
 * body holds a placeholder instead; the worker puts the secret in when it hands the message to the
 * adapter and deletes it once delivered, so Udbakke and its API never see it.
 */
export const outboxSecrets = pgTable('outbox_secrets', {
  messageId: uuid('message_id')
    .primaryKey()
    .references(() => outbox.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
