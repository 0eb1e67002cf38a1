import { isSetGuid } from '../lib/guid';
import { MESSAGES, addFieldError, isDigits, isEmail, type FieldErrors } from '../lib/validation';
import { kronerToOre } from '../lib/money';
import { isAutomaticLine, isFixedLine } from './order-items';
import { ORDER_LIMITS, type TOrderStatus } from './order-enums';
import { LIFECYCLE_MESSAGES } from './order-lifecycle.schemas';
import { orderTotals } from './order-pricing';
import type { TCar, TCustomer, TOrder, TOrderDebitor, TTimeAndPlace } from './order.schemas';

/**
 * The form sets of document 1 section 5 as pure functions. Each returns FieldErrors keyed by
 * the field's path ('customer.phone', 'timeAndPlace.date', 'items', ...); an empty object
 * means valid. A field gets one message: the first rule it breaks, in the order
 * required, number, minimum length, maximum length, e-mail.
 */

export const ORDER_VALIDATION_MESSAGES = {
  noItems: 'Du skal vælge mindst ét produkt',
  chooseTimeslot: 'Du skal vælge et timeslot før du kan gemme ændringerne.',
  chooseTime: 'Du mangler at vælge en tid!',
  duplicateItem: (no: string) => `Varen ${no} står på ordren flere gange`,
  fixedLineNotMain: (no: string) => `Varen ${no} kan ikke være hovedvare`,
  oneMainItem: 'Kun én vare kan være hovedvare',
  oneDiscount: 'Brug enten rabat i procent eller rabat i kr, ikke begge',
  discountAboveTotal: 'Rabatten kan ikke være større end ordrens total',
  totalTooLarge: 'Ordrens total er for stor',
} as const;

export const DANISH_PHONE_PREFIX = '+45';
export const PHONE_LENGTH = 8;

const blank = (value: string | null | undefined) => value == null || value.trim() === '';

/** The message of a required text, or null. */
function requiredError(value: string | null | undefined): string | null {
  return blank(value) ? MESSAGES.required : null;
}

/** A Danish phone number (and a debitor's): required, digits only, exactly 8 digits. */
export function danishPhoneError(phone: string): string | null {
  const value = phone.trim();
  if (value === '') return MESSAGES.required;
  if (!isDigits(value)) return MESSAGES.number;
  if (value.length < PHONE_LENGTH) return MESSAGES.minLength(PHONE_LENGTH);
  if (value.length > PHONE_LENGTH) return MESSAGES.maxLength(PHONE_LENGTH);
  return null;
}

/** The customer's phone: with prefix +45 (or none chosen) a Danish number; with another prefix only required. */
export function customerPhoneError(customer: Pick<TCustomer, 'phonePrefix' | 'phone'>): string | null {
  const prefix = customer.phonePrefix.trim();
  return prefix === '' || prefix === DANISH_PHONE_PREFIX ? danishPhoneError(customer.phone) : requiredError(customer.phone);
}

function put(errors: FieldErrors, key: string, message: string | null): void {
  if (message) addFieldError(errors, key, message);
}

/**
 * The customer form. For an insurance case name, address, city, zip (numeric), e-mail and phone
 * are required; for any other payer only the phone. A given e-mail must be an e-mail and a given
 * zip code a number.
 */
export function validateCustomer(customer: TCustomer, whoIsPaying: TOrder['additionalData']['whoIsPaying']): FieldErrors {
  const errors: FieldErrors = {};
  const insurance = whoIsPaying === 'INSURANCE';
  if (insurance) {
    put(errors, 'customer.name', requiredError(customer.name));
    put(errors, 'customer.address', requiredError(customer.address));
    put(errors, 'customer.city', requiredError(customer.city));
  }
  const zip = customer.zipCode.trim();
  put(errors, 'customer.zipCode', zip === '' ? (insurance ? MESSAGES.required : null) : isDigits(zip) ? null : MESSAGES.number);
  const email = customer.email.trim();
  put(errors, 'customer.email', email === '' ? (insurance ? MESSAGES.required : null) : isEmail(email) ? null : MESSAGES.email);
  put(errors, 'customer.phone', customerPhoneError(customer));
  return errors;
}

/** The debitor form: name and address required; phone required, exactly 8 digits. */
export function validateDebitor(debitor: TOrderDebitor): FieldErrors {
  const errors: FieldErrors = {};
  put(errors, 'debitor.debitorName', requiredError(debitor.debitorName));
  put(errors, 'debitor.address', requiredError(debitor.address));
  put(errors, 'debitor.phone', danishPhoneError(debitor.phone));
  return errors;
}

/**
 * Time and place ('Tid og sted'): a real department, the date, a time (saveTimeErrors: a slot, or from and to
 * outside a slot) with its from and to (a chosen slot fills them), and for a mobile-service department the address
 * of the mobile-service location.
 */
export function validateTimeAndPlace(timeAndPlace: TTimeAndPlace): FieldErrors {
  const errors: FieldErrors = {};
  put(errors, 'timeAndPlace.department', isSetGuid(timeAndPlace.department.id) ? null : MESSAGES.required);
  put(errors, 'timeAndPlace.date', requiredError(timeAndPlace.date));
  Object.assign(errors, saveTimeErrors(timeAndPlace));
  if (isSetGuid(timeAndPlace.timeSlotId)) {
    put(errors, 'timeAndPlace.from', requiredError(timeAndPlace.from));
    put(errors, 'timeAndPlace.to', requiredError(timeAndPlace.to));
  }
  if (timeAndPlace.department.mobileService) {
    put(errors, 'timeAndPlace.mobileServiceLocation.address', requiredError(timeAndPlace.mobileServiceLocation.address));
  }
  return errors;
}

/**
 * The save rule of documents 1 and 2 (section 5), for the screens and the server alike: an order's time is a slot
 * (whose times are the booking's) or its own from and to outside a slot (the all-zero or empty slot id). Saving
 * with none of them (no timeSlotId, from or to) is refused with 'Du skal vælge et timeslot før du kan gemme
 * ændringerne.' on the slot; an own time needs both ends ('Saving requires from and to'): 'Du mangler at vælge en
 * tid!' on the one missing. Empty when saving may go on.
 */
export function saveTimeErrors(timeAndPlace: Pick<TTimeAndPlace, 'timeSlotId' | 'from' | 'to'>): FieldErrors {
  const errors: FieldErrors = {};
  if (isSetGuid(timeAndPlace.timeSlotId)) return errors;
  const noFrom = blank(timeAndPlace.from);
  const noTo = blank(timeAndPlace.to);
  if (noFrom && noTo) put(errors, 'timeAndPlace.timeSlotId', ORDER_VALIDATION_MESSAGES.chooseTimeslot);
  else {
    put(errors, 'timeAndPlace.from', noFrom ? ORDER_VALIDATION_MESSAGES.chooseTime : null);
    put(errors, 'timeAndPlace.to', noTo ? ORDER_VALIDATION_MESSAGES.chooseTime : null);
  }
  return errors;
}

/** The message a screen shows when saving breaks saveTimeErrors; null when saving may go on. */
export function slotRequiredError(timeAndPlace: Pick<TTimeAndPlace, 'timeSlotId' | 'from' | 'to'>): string | null {
  return Object.values(saveTimeErrors(timeAndPlace))[0]?.[0] ?? null;
}

/**
 * A copy, or a complaint with a slot (document 2 section 5), needs timeSlotId, from and to: 'Du mangler at vælge en
 * tid' on the slot (the all-zero slot id with from and to is a time outside a slot). Empty when the time is whole.
 */
export function copyTimeErrors(timeAndPlace: Pick<TTimeAndPlace, 'timeSlotId' | 'from' | 'to'>): FieldErrors {
  const missing = blank(timeAndPlace.timeSlotId) || blank(timeAndPlace.from) || blank(timeAndPlace.to);
  return missing ? { 'timeAndPlace.timeSlotId': [LIFECYCLE_MESSAGES.chooseTime] } : {};
}

/** The car: make and model required. */
export function validateCar(car: Pick<TCar, 'make' | 'model'>): FieldErrors {
  const errors: FieldErrors = {};
  put(errors, 'car.make', requiredError(car.make));
  put(errors, 'car.model', requiredError(car.model));
  return errors;
}

/**
 * Items: at least one product the user chose (the lines the rules add by themselves, service line UD,
 * free loan car BIL001 and the mobile-service zone REP6-REP8, do not count); each product once; at most
 * one main item, and never a fixed line (UD, BIL001, calibration, zones, limpuder).
 */
export function validateItems(items: TOrder['items']): FieldErrors {
  const errors: FieldErrors = {};
  put(errors, 'items', items.some((item) => !isAutomaticLine(item)) ? null : ORDER_VALIDATION_MESSAGES.noItems);
  const seen = new Set<string>();
  for (const item of items) {
    const no = item.itemNo || item.no;
    if (seen.has(no)) put(errors, 'items', ORDER_VALIDATION_MESSAGES.duplicateItem(no));
    seen.add(no);
    if (item.isMainItem && isFixedLine(item)) put(errors, 'items', ORDER_VALIDATION_MESSAGES.fixedLineNotMain(no));
  }
  if (items.filter((item) => item.isMainItem).length > 1) put(errors, 'items', ORDER_VALIDATION_MESSAGES.oneMainItem);
  return errors;
}

/**
 * The order discount: a percent or kr, not both; the kr discount not above the lines' total before it; and the
 * order's total within what the ERP and the database hold.
 */
export function validateDiscountAndTotal(order: Pick<TOrder, 'items' | 'additionalData'>): FieldErrors {
  const errors: FieldErrors = {};
  const a = order.additionalData;
  if (a.discountPercent > 0 && a.discountAmount > 0) {
    put(errors, 'additionalData.discountPercent', ORDER_VALIDATION_MESSAGES.oneDiscount);
    put(errors, 'additionalData.discountAmount', ORDER_VALIDATION_MESSAGES.oneDiscount);
  }
  const totals = orderTotals(order);
  if (kronerToOre(a.discountAmount) > totals.linesExclOre)
    put(errors, 'additionalData.discountAmount', ORDER_VALIDATION_MESSAGES.discountAboveTotal);
  if (totals.linesExclOre > kronerToOre(ORDER_LIMITS.maxOrderTotalKroner)) put(errors, 'items', ORDER_VALIDATION_MESSAGES.totalTooLarge);
  return errors;
}

function merge(...sets: FieldErrors[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const set of sets) for (const [key, messages] of Object.entries(set)) for (const m of messages) addFieldError(errors, key, m);
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The customer step ('Kontaktinformation'): the customer fields for the payer and the debitor fields. */
export function customerStepErrors(order: Pick<TOrder, 'customer' | 'debitor' | 'additionalData'>): FieldErrors {
  return merge(validateCustomer(order.customer, order.additionalData.whoIsPaying), validateDebitor(order.debitor));
}

/** Continue from the dashboard needs the car's make and model. */
export function canContinueFromDashboard(order: Pick<TOrder, 'car'>): boolean {
  return !hasErrors(validateCar(order.car));
}

/** Confirm ('Bekræftelse') is enabled only when the customer, debitor and time-and-place rules pass. */
export function confirmEnabled(order: Pick<TOrder, 'customer' | 'debitor' | 'additionalData' | 'timeAndPlace'>): boolean {
  return !hasErrors(customerStepErrors(order)) && !hasErrors(validateTimeAndPlace(order.timeAndPlace));
}

/** Everything an order must satisfy to be posted (Booking or Email Tilbud). */
export function validateOrderForSubmit(order: TOrder): FieldErrors {
  return merge(
    customerStepErrors(order),
    validateTimeAndPlace(order.timeAndPlace),
    validateCar(order.car),
    validateItems(order.items),
    validateDiscountAndTotal(order),
  );
}

export type TSubmitAction = 'BOOKING' | 'OFFER';

/** Booking sets PROCESSING; Email Tilbud sets OFFER. */
export function statusForSubmit(action: TSubmitAction): TOrderStatus {
  return action === 'BOOKING' ? 'PROCESSING' : 'OFFER';
}
