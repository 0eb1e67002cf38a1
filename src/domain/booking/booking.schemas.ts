import { z } from 'zod';
import { ORDER_TYPES } from '../orders/order-enums';
import { ZDepartmentRef } from '../orders/order.schemas';

/**
 * A bookable slot on one day (document 2 "Timeslot"): from/to are wire date-times of that day,
 * `available` the places left, `alreadyBooked` the places taken.
 */
export const ZTimeslot = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  available: z.number().int(),
  hasFreeCar: z.boolean(),
  reperationTime: z.number(),
  alreadyBooked: z.number().int(),
});
export type TTimeslot = z.infer<typeof ZTimeslot>;

/** A kind's state on a day (free-places.ts placeStateOf): a day without slots is not a full day. */
export const PLACE_STATES = ['FREE', 'FULL', 'OVER', 'NO_SLOTS', 'CLOSED'] as const;
export const ZPlaceState = z.enum(PLACE_STATES);
export type TPlaceState = z.infer<typeof ZPlaceState>;

/** One day of a month's availability (document 1 section 3, document 2 section 3). */
export const ZDayAvailability = z.object({
  dayOfMonth: z.number().int().min(1).max(31),
  windowReplaceAvailable: z.number().int(),
  stoneChipAvailable: z.number().int(),
  windowReplaceSlots: z.array(ZTimeslot),
  stoneChipSlots: z.array(ZTimeslot),
  /** Closed all day (holiday, no opening hours). */
  closed: z.boolean(),
  /** Beyond the spec: each kind's state that day (FREE, FULL, OVER: its time is over, NO_SLOTS, CLOSED). */
  windowReplaceState: ZPlaceState,
  stoneChipState: ZPlaceState,
});
export type TDayAvailability = z.infer<typeof ZDayAvailability>;

/** The body of POST /api/timeslot/{departmentId}/{year}/{month}. */
export const ZAvailabilityRequest = z.object({
  inStockLocation: z.string().max(50).default(''),
  carMake: z.string().max(100).default(''),
  carModel: z.string().max(100).default(''),
  OrderType: z.enum(ORDER_TYPES).default('REPLACE_FRONT'),
  /** The customer's zip code: at a mobile-service van, the days it does not serve it are closed. */
  zipCode: z.string().trim().max(10).default(''),
});

/** POST /api/timeslot/nearest: departments that can take the car, nearest first. */
export const ZNearestRequest = z.object({
  carMake: z.string().max(100).default(''),
  carModel: z.string().max(100).default(''),
  orderType: z.enum(ORDER_TYPES).default('REPLACE_FRONT'),
  /** Item numbers on the order (calibration items exclude mobile departments). */
  items: z.array(z.string().max(50)).max(200).default([]),
  searchCriteria: z.object({ zipCode: z.string().max(10).default(''), city: z.string().max(100).default('') }),
  /** Only mobile-service departments (the mobile-service location search). */
  onlyMobile: z.boolean().default(false),
});

export const ZNearestDepartment = z.object({
  department: ZDepartmentRef,
  distanceKm: z.number().nullable(),
  /** Days until the first free slot of the order's kind; null when none in the next two months. */
  deliveryDays: z.number().int().nullable(),
  firstFreeDate: z.string().nullable(),
});
export type TNearestDepartment = z.infer<typeof ZNearestDepartment>;

export const ZZipCity = z.object({ zipCode: z.string(), city: z.string() });

/** GET /api/zipcode/{zip}: the mobile-service departments serving a zip code, per weekday. */
export const ZZipCodeAvailability = z.object({
  /** The row's id (a zip code and the van that serves it). */
  id: z.string(),
  zipCode: z.string(),
  city: z.string(),
  departmentId: z.string(),
  departmentName: z.string(),
  navResponsibilityCenter: z.string(),
  monday: z.boolean(),
  tuesday: z.boolean(),
  wednesday: z.boolean(),
  thursday: z.boolean(),
  friday: z.boolean(),
  saturday: z.boolean(),
  sunday: z.boolean(),
  isActive: z.boolean(),
});
export type TZipCodeAvailability = z.infer<typeof ZZipCodeAvailability>;

export const ZIP_MESSAGES = {
  notMobile: 'Kun en mobilservice-afdeling kan betjene et postnummer',
  unknownZip: 'Postnummeret findes ikke',
  rowNotFound: 'Postnummeret findes ikke for den valgte afdeling',
  taken: 'Afdelingen betjener allerede postnummeret',
} as const;

/** POST /api/zipcode/: one row of Postnummer styring: which van serves the zip code on which weekdays. */
export const ZZipCodeAvailabilityUpdate = z.object({
  /** The row changed; without it a new row is made for the zip code and department. */
  id: z.uuid().optional(),
  zipCode: z.string().trim().regex(/^\d{4}$/, { error: 'Feltet skal være et tal' }),
  departmentId: z.uuid(),
  monday: z.boolean().default(false),
  tuesday: z.boolean().default(false),
  wednesday: z.boolean().default(false),
  thursday: z.boolean().default(false),
  friday: z.boolean().default(false),
  saturday: z.boolean().default(false),
  sunday: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export type TZipCodeAvailabilityUpdate = z.infer<typeof ZZipCodeAvailabilityUpdate>;

/** The weekday flags of a row in weekday order (0 Sunday … 6 Saturday). */
export function servedWeekdays(row: Pick<TZipCodeAvailability, 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday'>): boolean[] {
  return [row.sunday, row.monday, row.tuesday, row.wednesday, row.thursday, row.friday, row.saturday];
}

export const BOOKING_MESSAGES = {
  noMatch: 'Kunne ikke finde noget match',
  noMobileForCar: 'Der er ingen mobil afdeling, der kan arbejde på den valgte bil.',
  fullyBookedConfirm: 'Der er ikke flere ledige tider på den valgte dag, ønsker du at fortsætte?',
  fullyBooked: 'Der er ikke flere ledige tider på den valgte dag',
  chooseTimeslot: 'Du skal vælge et timeslot før du kan gemme ændringerne.',
  chooseTime: 'Du mangler at vælge en tid!',
} as const;
