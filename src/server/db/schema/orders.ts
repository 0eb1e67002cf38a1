import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { CAPACITY_STATUSES } from '../../../domain/orders/order-enums';
import { createdAt, id, updatedAt } from './columns';
import { departments } from './departments';
import { users } from './users';

/**
 * Order numbers. A sequence, not a locked counter row: bookings of different slots must not wait for
 * each other's commit. A number is taken only after every check has passed, so a gap appears only
 * when the final insert itself fails.
 */
export const orderNrSequence = pgSequence('order_nr_seq', { startWith: 100_001, minValue: 100_001 });

/**
 * One order with every part of the Order entity. The parts the lists search
 * (plate, e-mail, phone, debitor number) are plain columns with trigram indexes.
 */
/**
 * The e-mail's punctuation, and the letters that stand for it in orders.search_email (in this order). pg_trgm
 * takes only ASCII letters and digits as parts of words, so in the plain address 'hanne.h' is two words and its
 * trigrams say nothing of the dot between them: every Hanne with a word starting in h (hotmail) is a candidate.
 * Written as capitals, which the lower-cased address never holds, the dot joins the words, the term's trigrams
 * find the few that match, and LIKE (which minds case) still tells a dot from a d.
 */
export const EMAIL_SEARCH_PUNCTUATION = '.@-_+';
export const EMAIL_SEARCH_LETTERS = 'DAHUP';

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNr: integer('order_nr').notNull().unique(),
    bookingNr: text('booking_nr').notNull().default(''),
    orderType: text('order_type').notNull(),
    orderStatus: text('order_status').notNull(),
    whoIsPaying: text('who_is_paying').notNull(),
    offerDebitor: boolean('offer_debitor').notNull().default(false),
    internalComment: text('internal_comment').notNull().default(''),
    externalComment: text('external_comment').notNull().default(''),
    discountAmountOre: integer('discount_amount_ore').notNull().default(0),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    rekvNr: text('rekv_nr').notNull().default(''),
    twoManJob: boolean('two_man_job').notNull().default(false),
    workerId: uuid('worker_id').references(() => users.id),
    helperId: uuid('helper_id').references(() => users.id),
    windowManufacturer: text('window_manufacturer').notNull().default('NONE'),
    workKm: doublePrecision('work_km'),
    timeSpent: integer('time_spent'),
    onHoldComment: text('on_hold_comment').notNull().default(''),
    onHoldReason: text('on_hold_reason').notNull().default(''),
    guaranteeId: uuid('guarantee_id'),
    obs: boolean('obs').notNull().default(false),
    priority: integer('priority').notNull().default(0),
    /** The place of an all-day booking in its day's calendar row, set by dragging; null keeps priority then title order. */
    calendarPosition: integer('calendar_position'),
    createdBy: text('created_by').notNull().default(''),
    createdById: uuid('created_by_id').references(() => users.id),
    workCompletedAt: timestamp('work_completed_at', { withTimezone: true }),
    workInsuranceNr: text('work_insurance_nr').notNull().default(''),
    autoValidTicketId: text('auto_valid_ticket_id').notNull().default(''),

    departmentId: uuid('department_id').references(() => departments.id),
    bookingDate: date('booking_date'),
    fromAt: timestamp('from_at', { withTimezone: true }),
    toAt: timestamp('to_at', { withTimezone: true }),
    /** The booked slot; null with from/to set is a booking outside a slot. No FK: slot deletion checks bookings itself. */
    timeSlotId: uuid('time_slot_id'),
    zipCode: text('zip_code').notNull().default(''),
    waitingList: boolean('waiting_list').notNull().default(false),
    /**
     * The order holds a place in its slot's capacity: the one SQL source of the domain's holdsSlotPlace (a real
     * slot, a capacity status, not on the waiting list), which lock_slot_for_booking and the availability count.
     */
    holdsPlace: boolean('holds_place')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `time_slot_id is not null and not waiting_list and order_status in (${CAPACITY_STATUSES.map((status) => `'${status}'`).join(', ')})`,
        ),
      ),
    bookingCalendarTime: timestamp('booking_calendar_time', { withTimezone: true }),
    mobileAddress: text('mobile_address').notNull().default(''),
    mobileCovered: boolean('mobile_covered').notNull().default(false),

    customerName: text('customer_name').notNull().default(''),
    customerAddress: text('customer_address').notNull().default(''),
    customerCity: text('customer_city').notNull().default(''),
    customerZipCode: text('customer_zip_code').notNull().default(''),
    customerPhonePrefix: text('customer_phone_prefix').notNull().default('+45'),
    customerPhone: text('customer_phone').notNull().default(''),
    customerEmail: text('customer_email').notNull().default(''),
    /**
     * The e-mail and the plate as the list's free-text search compares them (see EMAIL_SEARCH_PUNCTUATION), kept
     * by PostgreSQL: LIKE on these costs a third of ILIKE on the columns, which counts when a common term is
     * checked on every order of a walk through the list-order index (orders_list_walk, migration 0012).
     */
    searchEmail: text('search_email')
      .notNull()
      .generatedAlwaysAs(sql.raw(`translate(lower(customer_email), '${EMAIL_SEARCH_PUNCTUATION}', '${EMAIL_SEARCH_LETTERS}')`)),
    searchPlate: text('search_plate')
      .notNull()
      .generatedAlwaysAs(sql`upper(car_registration_number)`),
    customerAllowSms: boolean('customer_allow_sms').notNull().default(false),
    customerAllowEmail: boolean('customer_allow_email').notNull().default(false),

    debitorNo: text('debitor_no').notNull().default(''),
    debitorName: text('debitor_name').notNull().default(''),
    debitorAddress: text('debitor_address').notNull().default(''),
    debitorZipCode: text('debitor_zip_code').notNull().default(''),
    debitorCity: text('debitor_city').notNull().default(''),
    debitorPhone: text('debitor_phone').notNull().default(''),
    debitorEmail: text('debitor_email').notNull().default(''),
    debitorCvr: text('debitor_cvr').notNull().default(''),

    carRegistrationNumber: text('car_registration_number').notNull().default(''),
    carMake: text('car_make').notNull().default(''),
    carManuId: integer('car_manu_id').notNull().default(0),
    carModel: text('car_model').notNull().default(''),
    carModId: integer('car_mod_id').notNull().default(0),
    carModelYear: integer('car_model_year'),
    carInsurance: text('car_insurance').notNull().default(''),
    carLeasing: text('car_leasing').notNull().default(''),
    carLeaser: text('car_leaser').notNull().default(''),
    carOwner: text('car_owner').notNull().default(''),
    carUser: text('car_user').notNull().default(''),
    carEquipmentLine: text('car_equipment_line').notNull().default(''),
    carSegment: text('car_segment').notNull().default(''),
    carVin: text('car_vin').notNull().default(''),
    carDoorQuantity: integer('car_door_quantity'),
    carColour: text('car_colour').notNull().default(''),
    carBodywork: text('car_bodywork').notNull().default(''),
    carFirstRegistrationDate: date('car_first_registration_date'),

    smsOnMyWay: boolean('sms_on_my_way').notNull().default(false),
    smsArriveBetween8And12: boolean('sms_arrive_8_12').notNull().default(false),
    smsArriveBetween10And14: boolean('sms_arrive_10_14').notNull().default(false),
    smsArriveBetween12And16: boolean('sms_arrive_12_16').notNull().default(false),
    smsOffer: boolean('sms_offer').notNull().default(false),

    /** Worksheet details of document 2 (OE-window reason, customer contacted, signed PDFs, loan car). */
    orderProperties: jsonb('order_properties').notNull().default({}),
    complaint: jsonb('complaint'),
    /** Order total excl. VAT after discounts, øre: kept for lists and reports. */
    totalOre: integer('total_ore').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_slot_date').on(t.timeSlotId, t.bookingDate),
    // The places held in a slot on a day: what every booking counts under the slot's lock.
    index('orders_slot_places')
      .on(t.timeSlotId, t.bookingDate)
      .where(sql`${t.holdsPlace}`),
    index('orders_status_date').on(t.orderStatus, t.bookingDate),
    index('orders_booking_date').on(t.bookingDate),
    index('orders_created_at').on(t.createdAt),
    index('orders_reg_trgm').using('gin', sql`${t.searchPlate} gin_trgm_ops`),
    index('orders_email_trgm').using('gin', sql`${t.searchEmail} gin_trgm_ops`),
    // The list's phone-or-mail search compares lower(e-mail); the trigram index answers that slowly on common trigrams.
    index('orders_customer_email_lower').on(sql`lower(${t.customerEmail})`),
    // Open orders on a plate (car look-up, every order read): equality, which a btree answers at once.
    index('orders_car_registration_number').on(t.carRegistrationNumber),
    index('orders_phone_trgm').using('gin', sql`${t.customerPhone} gin_trgm_ops`),
    index('orders_debitor_no').on(t.debitorNo),
    index('orders_worker').on(t.workerId, t.bookingDate),
    // orders_list_walk (booking date, start time, order number, carrying the list's filter columns) is created by the
    // custom migration 0012, and orders_department_date (department, booking date, carrying the slot and whether the
    // order holds a place, so the places held by many departments over days are counted from the index alone) by
    // 0026: the index builder has no INCLUDE.
    check('orders_discount_percent', sql`${t.discountPercent} between 0 and 100`),
    check('orders_discount_amount', sql`${t.discountAmountOre} >= 0`),
    check('orders_booking_span', sql`${t.fromAt} is null or ${t.toAt} is null or ${t.fromAt} <= ${t.toAt}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemNo: text('item_no').notNull(),
    no: text('no').notNull(),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull().default(1),
    /** Unit price excl. VAT, øre. */
    itemPriceOre: integer('item_price_ore').notNull().default(0),
    discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    type: smallint('type').notNull().default(0),
    twoPersonJob: boolean('two_person_job').notNull().default(false),
    isMainItem: boolean('is_main_item').notNull().default(false),
    isService: boolean('is_service').notNull().default(false),
    isVinItem: boolean('is_vin_item').notNull().default(false),
    material: text('material').notNull().default(''),
    oeNumber: text('oe_number').notNull().default(''),
    euroCode: text('euro_code').notNull().default(''),
    description2: text('description2').notNull().default(''),
    description3: text('description3').notNull().default(''),
    description4: text('description4').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    unique('order_items_line').on(t.orderId, t.lineNo),
    index('order_items_item_no').on(t.itemNo),
    check('order_items_amount', sql`${t.amount} >= 0`),
    check('order_items_price', sql`${t.itemPriceOre} >= 0`),
    check('order_items_discount', sql`${t.discountPercent} between 0 and 100`),
  ],
);
