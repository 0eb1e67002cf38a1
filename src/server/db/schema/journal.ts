import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * The task journal: one row per change to an order, with who made it, when, a short text and the
 * field-level diff ([{field, label, from, to}], see src/domain/journal/journal.ts).
 */
export const orderJournal = pgTable(
  'order_journal',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id),
    /** The actor's initials as they were ('WEB' for the web shop). */
    by: text('by').notNull().default(''),
    text: text('text').notNull().default(''),
    changes: jsonb('changes').notNull().default([]),
  },
  (t) => [index('order_journal_order_at').on(t.orderId, t.at)],
);

/**
 * The log dialog's entries (moved, cancelled, main item changed, sale): why a booking changed.
 * Kept as posted (order number, original date and time as text) so reports read them as written.
 */
export const orderLogs = pgTable(
  'order_logs',
  {
    id: id(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    logDate: timestamp('log_date', { withTimezone: true }).notNull().defaultNow(),
    logType: text('log_type').notNull(),
    logReason: text('log_reason').notNull(),
    logComment: text('log_comment').notNull().default(''),
    jobType: text('job_type').notNull().default(''),
    logUser: text('log_user').notNull().default(''),
    userId: uuid('user_id').references(() => users.id),
    navLocationCode: text('nav_location_code').notNull().default(''),
    orderNo: text('order_no').notNull().default(''),
    orgDate: text('org_date').notNull().default(''),
    orgTime: text('org_time').notNull().default(''),
    regNr: text('reg_nr').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('order_logs_date').on(t.logDate), index('order_logs_order').on(t.orderId)],
);

/**
 * The reason lists an administrator maintains: one list per log type (MOVED, CANCELLED, ...) and the
 * complaint issue lists (COMPLAINT_INTERNAL, COMPLAINT_CUSTOMER). A list is replaced as a whole.
 */
export const reasons = pgTable(
  'reasons',
  {
    id: id(),
    list: text('list').notNull(),
    text: text('text').notNull(),
    sortOrder: integer('sort_order').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('reasons_list_text').on(t.list, t.text), index('reasons_list_sort').on(t.list, t.sortOrder)],
);
