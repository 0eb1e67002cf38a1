import { boolean, doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/** Coordinates of addresses already looked up at the address provider, so each is asked once (issue 42). */
export const addressCoordinates = pgTable('address_coordinates', {
  /** The address as looked up, trimmed and in lower case. */
  address: text('address').primaryKey(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  /** Which adapter answered (datafordeler, dawa, zip). */
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
