import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { departments } from './departments';

/**
 * A department's own calendar event ('Ny Aftale'): a meeting, a closed afternoon, a delivery. A repeating
 * appointment is one row per day, sharing a series id.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: id(),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    seriesId: uuid('series_id'),
    createdBy: text('created_by').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('calendar_events_department_start').on(t.departmentId, t.startAt),
    check('calendar_events_span', sql`${t.startAt} <= ${t.endAt}`),
  ],
);
