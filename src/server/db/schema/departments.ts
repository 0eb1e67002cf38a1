import { sql, type AnyColumn } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updateId, updatedAt } from './columns';
import { debitors } from './parties';

/** Every field of the Department entity in document 3. */
export const departments = pgTable(
  'departments',
  {
    id: id(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    city: text('city').notNull().default(''),
    obs: text('obs').notNull().default(''),
    phone: text('phone').notNull().default(''),
    departmentEmail: text('department_email').notNull().default(''),
    mobileService: boolean('mobile_service').notNull().default(false),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    navLocationCode: text('nav_location_code').notNull().unique(),
    navResponsibilityCenter: text('nav_responsibility_center').notNull(),
    navBirthLocationCode: text('nav_birth_location_code').notNull().default(''),
    /** The department's cash account (customer number). */
    debitorNo: text('debitor_no').references(() => debitors.no, { onUpdate: 'cascade' }),
    /** Hours from now before the first bookable window-replace slot. */
    windowChangeTimeOffset: integer('window_change_time_offset').notNull().default(0),
    stoneChipTimeOffset: integer('stone_chip_time_offset').notNull().default(0),
    hasWaitingList: boolean('has_waiting_list').notNull().default(false),
    warehouseEmailList: text('warehouse_email_list').notNull().default(''),
    /** Fyn, Jylland or Sjaelland. */
    region: text('region').notNull(),
    /** Weekday numbers (0 Sunday … 6) the warehouse delivers on, comma separated. */
    deliveringDays: text('delivering_days').notNull().default('1,2,3,4,5'),
    nextDayDeliveryTime: text('next_day_delivery_time').notNull().default(''),
    dailyDeliveryTime: text('daily_delivery_time').notNull().default(''),
    coffee: boolean('coffee').notNull().default(false),
    loanCar: boolean('loan_car').notNull().default(false),
    wifi: boolean('wifi').notNull().default(false),
    inActive: boolean('in_active').notNull().default(false),
    maxNumberOfWorkers: integer('max_number_of_workers').notNull().default(3),
    parentDepartmentId: uuid('parent_department_id').references((): AnyPgColumn => departments.id, {
      onDelete: 'set null',
    }),
    calendarDepartmentId: uuid('calendar_department_id').references((): AnyPgColumn => departments.id, {
      onDelete: 'set null',
    }),
    /** Customers may book this department on the public booking page (issue 41). */
    webBooking: boolean('web_booking').notNull().default(false),
    /** How many days ahead the public booking page offers this department's places. */
    webBookingDaysAhead: integer('web_booking_days_ahead').notNull().default(21),
    /** Hours from now before the public booking page offers a place (on top of the job's own notice). */
    webBookingNoticeHours: integer('web_booking_notice_hours').notNull().default(24),
    alertMessages: text('alert_messages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Changes on every save, so an open client can tell its copy is stale. */
    updateId: uuid('update_id').notNull().defaultRandom(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('departments_region', sql`${t.region} in ('Fyn', 'Jylland', 'Sjaelland')`),
    check('departments_max_workers', sql`${t.maxNumberOfWorkers} >= 0`),
    check('departments_web_booking_days', sql`${t.webBookingDaysAhead} between 1 and 180 and ${t.webBookingNoticeHours} between 0 and 720`),
    index('departments_parent').on(t.parentDepartmentId),
  ],
);

function dayOrDate(t: { day: AnyColumn; date: AnyColumn }) {
  // A standard row has a weekday; an exception (specific) row has a date instead.
  return sql`(${t.day} is null) <> (${t.date} is null)`;
}

/** Opening hours: standard per weekday (0 Sunday … 6) or specific for one date; hours as decimals. */
export const departmentOpeningHours = pgTable(
  'department_opening_hours',
  {
    id: id(),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    day: smallint('day'),
    date: date('date'),
    from: doublePrecision('from').notNull(),
    to: doublePrecision('to').notNull(),
    closed: boolean('closed').notNull().default(false),
  },
  (t) => [
    index('department_opening_hours_department').on(t.departmentId),
    check('department_opening_hours_day_or_date', dayOrDate(t)),
    check('department_opening_hours_day', sql`${t.day} is null or ${t.day} between 0 and 6`),
    check('department_opening_hours_span', sql`${t.from} >= 0 and ${t.to} <= 24 and ${t.from} <= ${t.to}`),
  ],
);

/**
 * Bookable slots for window replacement (WINDOW_REPLACE) and stone-chip repair
 * (STONE_CHIP): standard per weekday, or specific (exception) for one date.
 */
export const timeSlots = pgTable(
  'time_slots',
  {
    id: id(),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    day: smallint('day'),
    date: date('date'),
    from: doublePrecision('from').notNull(),
    to: doublePrecision('to').notNull(),
    maxBookings: integer('max_bookings').notNull().default(1),
    /** Hours the repair takes, in steps of 0.5. */
    reperationTime: doublePrecision('reperation_time').notNull().default(0),
    /** How many stone-chip jobs one window-replace booking converts to. */
    stoneChipAlternativeWinReplace: doublePrecision('stone_chip_alternative_win_replace').notNull().default(0),
    hasFreeCar: boolean('has_free_car').notNull().default(false),
    /** For a specific slot: the standard slot it replaces on that date. */
    originalId: uuid('original_id'),
    parentSlotId: uuid('parent_slot_id'),
    /**
     * Raised when the days the slot applies on or the bookings on it change from outside the slot (a date's own plan
     * begins or is copied, a day closes): a booking checked against the slot as it was is then refused as changed
     * and checked again (orders' insert compares the slot row it read).
     */
    revision: integer('revision').notNull().default(0),
    /** Changes on every save from the slot editor, which names the version it read, so a stale edit is refused (409). */
    updateId: updateId(),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_slots_department').on(t.departmentId, t.type),
    check('time_slots_type', sql`${t.type} in ('WINDOW_REPLACE', 'STONE_CHIP')`),
    check('time_slots_day_or_date', dayOrDate(t)),
    check('time_slots_day', sql`${t.day} is null or ${t.day} between 0 and 6`),
    check('time_slots_span', sql`${t.from} >= 0 and ${t.to} <= 24 and ${t.from} < ${t.to}`),
    check('time_slots_max_bookings', sql`${t.maxBookings} >= 0`),
    check('time_slots_free_car_single', sql`not ${t.hasFreeCar} or ${t.maxBookings} <= 1`),
  ],
);

export const loanCars = pgTable(
  'loan_cars',
  {
    id: id(),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
    regNumber: text('reg_number').notNull().unique(),
    make: text('make').notNull().default(''),
    model: text('model').notNull().default(''),
    colour: text('colour').notNull().default(''),
    fuelType: text('fuel_type').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('loan_cars_department').on(t.departmentId)],
);

/** Damage markers on a loan car's drawing (x, y in percent of the drawing). */
export const loanCarDamages = pgTable('loan_car_damages', {
  id: id(),
  loanCarId: uuid('loan_car_id')
    .notNull()
    .references(() => loanCars.id, { onDelete: 'cascade' }),
  x: doublePrecision('x').notNull(),
  y: doublePrecision('y').notNull(),
  description: text('description').notNull().default(''),
  date: createdAt(),
});

export const departmentResourceRelations = pgTable('department_resource_relations', {
  id: id(),
  departmentId: uuid('department_id')
    .notNull()
    .references(() => departments.id, { onDelete: 'cascade' }),
  resourceId: uuid('resource_id')
    .notNull()
    .references(() => departments.id, { onDelete: 'cascade' }),
});
