import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * Messages waiting for, or done with, delivery. They are written in the same
 * transaction as the change that causes them; a worker delivers them.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    /** SMS, EMAIL or ERP (the order export to the ERP system). */
    channel: text('channel').notNull(),
    /** What caused it, e.g. PASSWORD_RESET, NEW_USER_PASSWORD, ORDER_RECEIPT. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    html: text('html'),
    orderId: uuid('order_id'),
    /** PENDING, SENDING, SENT (handed to a gateway), KEPT (no gateway configured: kept here), FAILED. */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error').notNull().default(''),
    /** Which adapter delivered it (smtp, sms-http, local). */
    transport: text('transport').notNull().default(''),
    /** The provider's id of the message (e.g. GatewayAPI's message id), to match its delivery reports. */
    providerMessageId: text('provider_message_id'),
    /** What the provider last reported: '' (nothing yet), DELIVERED or UNDELIVERED (issue 42). */
    deliveryStatus: text('delivery_status').notNull().default(''),
    /** The provider's own words on a report (e.g. an error code), shown in Udbakke. */
    deliveryDetail: text('delivery_detail').notNull().default(''),
    deliveryReportedAt: timestamp('delivery_reported_at', { withTimezone: true }),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('PENDING', 'SENDING')`),
    index('outbox_created').on(t.createdAt),
    index('outbox_order').on(t.orderId),
    index('outbox_provider_message')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    check('outbox_delivery_status', sql`${t.deliveryStatus} in ('', 'DELIVERED', 'UNDELIVERED')`),
    check('outbox_channel', sql`${t.channel} in ('SMS', 'EMAIL', 'ERP')`),
    check('outbox_status', sql`${t.status} in ('PENDING', 'SENDING', 'SENT', 'KEPT', 'FAILED')`),
  ],
);
