import { servedWeekdays, type TZipCodeAvailability } from '../departments';
import { danishList } from './order-customer';
import type { TOrder } from './order.schemas';

/**
 * Where a booking goes, as the booking rules ask it: the zip code a mobile-service van drives to (Postnummer
 * styring) and the job a department's rule sets judge the car for.
 */

const ZIP = /^\d{4}$/;

/**
 * The zip code of a Danish address written as the address look-up writes it ('Vestergade 12, 8000 Aarhus C'): the
 * last four digits standing before a town name, or alone after a comma or as the whole text; '' when there is none. A
 * house number of four digits is not a zip code ('Strandvejen 1001, 2900 Hellerup' gives 2900; 'Strandvejen 1001' none).
 */
export function zipCodeOfAddress(address: string): string {
  const found = [...address.matchAll(/(?:^|[\s,])(\d{4})(?=\s+\p{L})|(?:^|,)\s*(\d{4})\s*$/gu)];
  const last = found.at(-1);
  return last?.[1] ?? last?.[2] ?? '';
}

/**
 * The zip code a booking is made for (`timeAndPlace.zipCode`, the availability's `zipCode`): at a mobile-service
 * van the zip code of its address when the address has one, else the zip code the van was found for, else the
 * customer's; '' when none is a 4-digit zip code.
 */
export function bookingZipCode(order: Pick<TOrder, 'timeAndPlace' | 'customer'>): string {
  const t = order.timeAndPlace;
  const candidates = [
    t.department.mobileService ? zipCodeOfAddress(t.mobileServiceLocation.address) : '',
    t.zipCode,
    order.customer.zipCode,
  ];
  return candidates.map((zip) => zip.trim()).find((zip) => ZIP.test(zip)) ?? '';
}

/**
 * The time and place as saved: at a mobile-service van booked for the booking's zip code (the server refuses a day
 * the van does not drive there); elsewhere the zip code is left as it is (it means nothing to a workshop).
 */
export function timeAndPlaceToSave(order: Pick<TOrder, 'timeAndPlace' | 'customer'>): TOrder['timeAndPlace'] {
  const t = order.timeAndPlace;
  return t.department.mobileService ? { ...t, zipCode: bookingZipCode(order) || t.zipCode } : t;
}

/** The job the rule sets judge the car for: a complaint's is the job it is about. */
export function carJobOf(order: Pick<TOrder, 'additionalData' | 'complaint' | 'car'>): {
  carMake: string;
  carModel: string;
  orderType: string;
} {
  return {
    carMake: order.car.make,
    carModel: order.car.model,
    orderType: order.complaint?.referenceJobType.trim() || order.additionalData.orderType,
  };
}

const WEEKDAY_NAMES = ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'];

/** The weekdays a zip-code row serves, Monday first: 'tirsdag og torsdag', 'alle ugens dage'; '' for none. */
export function servedWeekdayNames(
  row: Pick<TZipCodeAvailability, 'sunday' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday'>,
): string {
  const served = servedWeekdays(row);
  const mondayFirst = [1, 2, 3, 4, 5, 6, 0].filter((day) => served[day]);
  if (mondayFirst.length === 7) return 'alle ugens dage';
  return danishList(mondayFirst.map((day) => WEEKDAY_NAMES[day]!));
}
