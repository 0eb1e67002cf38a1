import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { departments } from './departments';

export const zipCodes = pgTable('zip_codes', {
  zipCode: text('zip_code').primaryKey(),
  city: text('city').notNull(),
});

/** Which mobile-service department serves a zip code on which weekdays (Postnummer styring). */
export const zipCodeAvailability = pgTable(
  'zip_code_availability',
  {
    id: id(),
    zipCode: text('zip_code')
      .notNull()
      .references(() => zipCodes.zipCode),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    navResponsibilityCenter: text('nav_responsibility_center').notNull().default(''),
    monday: boolean('monday').notNull().default(false),
    tuesday: boolean('tuesday').notNull().default(false),
    wednesday: boolean('wednesday').notNull().default(false),
    thursday: boolean('thursday').notNull().default(false),
    friday: boolean('friday').notNull().default(false),
    saturday: boolean('saturday').notNull().default(false),
    sunday: boolean('sunday').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('zip_code_availability_zip_department').on(t.zipCode, t.departmentId),
    index('zip_code_availability_department').on(t.departmentId),
  ],
);
