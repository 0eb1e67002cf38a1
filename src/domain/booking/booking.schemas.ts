import { z } from 'zod';
import { ORDER_TYPES, ORDER_VALIDATION_MESSAGES, ZDepartmentRef } from '../orders';

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

export const BOOKING_MESSAGES = {
  noMatch: 'Kunne ikke finde noget match',
  noMobileForCar: 'Der er ingen mobil afdeling, der kan arbejde på den valgte bil.',
  fullyBookedConfirm: 'Der er ikke flere ledige tider på den valgte dag, ønsker du at fortsætte?',
  fullyBooked: 'Der er ikke flere ledige tider på den valgte dag',
  chooseTimeslot: ORDER_VALIDATION_MESSAGES.chooseTimeslot,
  chooseTime: ORDER_VALIDATION_MESSAGES.chooseTime,
} as const;
