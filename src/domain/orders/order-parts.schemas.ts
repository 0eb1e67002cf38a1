import { z } from 'zod';
import { isWireDateTime } from '../lib/dates';
import { ZERO_GUID, isGuid } from '../lib/guid';
import { INPUT_MESSAGES } from '../lib/validation';
import { LEASING_OPTIONS, ORDER_LIMITS } from './order-enums';

/*
 * The order's parts (items, department, time and place, customer, debitor, car) and the field schemas they share; the
 * order itself is in order.schemas.ts, which re-exports all of this. Two modules, so a page that loads them builds
 * them in two tasks of its own (web/lib/staged-import.ts; issue 17: blocking time).
 */
/**
 * One schema per kind and bound, shared by every field that has it: zod's schemas never change once built, and
 * building the order's few hundred alike ones one by one cost a phone's first order page tens of milliseconds
 * (issue 17: blocking time).
 */
const TEXTS = new Map<number, ReturnType<typeof textSchema>>();
/**
 * A text where null is none, read as '': so a rule answers an empty field in the spec's words ('Kommentar skal
 * udfyldes'), not a schema's 'Feltet er påkrævet'. A codec, not a transform: the answers are checked on their way
 * out (encoded), and a transform cannot be.
 */
export const zNullAsEmpty = (schema: z.ZodString) => z.codec(schema.nullable(), schema, { decode: (v) => v ?? '', encode: (v) => v });
const textSchema = (max: number) => zNullAsEmpty(z.string().max(max)).default('');
const text = (max = 255) => {
  let schema = TEXTS.get(max);
  if (!schema) {
    schema = textSchema(max);
    TEXTS.set(max, schema);
  }
  return schema;
};
const FLAG = z.boolean().default(false);
const flag = () => FLAG;
export const ORDER_SCHEMA_MESSAGES = {
  id: 'Ugyldigt id',
  notAllowed: INPUT_MESSAGES.notAllowed,
  phonePrefix: 'Landekoden skal skrives som + og 1-3 cifre, fx +45',
  timeSpent: 'Tidsforbruget skal være 15-180 minutter i trin af 15, eller 180+',
  modelYear: (max: number) => `Årgangen skal ligge mellem ${ORDER_LIMITS.modelYearMin} og ${max}`,
} as const;
/**
 * An id: a GUID, or '' / the all-zero GUID for none. A null is none too and is read as the all-zero GUID, so the
 * order's rules answer it in the spec's words ('Du mangler at vælge en montør !'), as zNullAsEmpty does for a text.
 */
const GUID_TEXT = z
  .string()
  .max(36)
  .refine((v) => v === '' || isGuid(v), { error: ORDER_SCHEMA_MESSAGES.id });
const GUID = z.codec(GUID_TEXT.nullable(), GUID_TEXT, { decode: (v) => v ?? ZERO_GUID, encode: (v) => v }).default(ZERO_GUID);
export const zGuid = () => GUID;
const guid = zGuid;
/** Kroner excl. VAT: never negative, within what the ERP and the database take. */
const KRONER = z.number().finite().min(0).max(ORDER_LIMITS.maxKroner).default(0);
const kroner = () => KRONER;
/** A value of a fixed list, '' for none. */
const oneOfOrEmpty = (values: readonly string[]) =>
  z
    .string()
    .refine((v) => v === '' || values.includes(v), { error: ORDER_SCHEMA_MESSAGES.notAllowed })
    .default('');
const PERCENT = z.number().finite().min(0).max(100).default(0);
const percent = () => PERCENT;
export const zWireDateTime = z.string().refine(isWireDateTime, { error: 'Field must be a date dd/MM-YYYY' });
const WIRE_OR_NULL = zWireDateTime.nullable().default(null);
const wireOrNull = () => WIRE_OR_NULL;
/** The field schemas above, for the rest of the order (order.schemas.ts). */
export const ORDER_FIELDS = { text, flag, guid, kroner, oneOfOrEmpty, percent, wireOrNull } as const;

export const ZDebitorPrice = z.object({
  price: kroner(),
  discountPercent: percent(),
  discountAmount: kroner(),
  itemNo: text(50),
});
export type TDebitorPrice = z.infer<typeof ZDebitorPrice>;

export const ZItemStatus = z.object({
  code: text(50),
  description: text(),
  amount: z.number().finite().min(-ORDER_LIMITS.maxAmount).max(ORDER_LIMITS.maxAmount).default(0),
});

export const ZItemTips = z.object({ general: text(4000), mounting: text(4000), calibrating: text(4000) });

const itemFields = {
  /** The item number (ERP 'No.'); equal to `no` for every product of the catalogue. */
  itemNo: text(50),
  /** The product number shown as Varenummer. */
  no: text(50),
  name: text(),
  description: text(1000),
  amount: z.number().finite().min(0).max(ORDER_LIMITS.maxAmount).default(1),
  /** Unit price excl. VAT, kroner. */
  itemPrice: kroner(),
  discountPercent: percent(),
  /** 0 none, 1 addon, 2 accessory (2 is also the free-loan-car line), 3 calibration. */
  type: z.number().int().min(0).max(3).default(0),
  twoPersonJob: flag(),
  isMainItem: flag(),
};

export const ZSubItem = z.object({ ...itemFields });

export const ZOrderItem = z.object({
  ...itemFields,
  debitorPrice: ZDebitorPrice.nullable().default(null),
  isService: flag(),
  isVINitem: flag(),
  /** Stock per location: code, description, amount. */
  status: z.array(ZItemStatus).default([]),
  subItems: z.array(ZSubItem).default([]),
  tips: ZItemTips.nullable().default(null),
  previouslyPurchased: flag(),
  material: text(),
  oEnumber: text(100),
  euroCode: text(100),
  description2: text(1000),
  description3: text(1000),
  description4: text(1000),
});
export type TOrderItem = z.infer<typeof ZOrderItem>;
export type TOrderItemInput = z.input<typeof ZOrderItem>;

export const ZDepartmentRef = z.object({
  id: guid(),
  name: text(),
  address: text(),
  navLocationCode: text(20),
  mobileService: flag(),
  parentDepartmentId: guid(),
  debitorId: text(50),
});
export type TDepartmentRef = z.infer<typeof ZDepartmentRef>;

export const ZTimeAndPlace = z.object({
  department: ZDepartmentRef.default(() => ZDepartmentRef.parse({})),
  /** The booked day at midnight. */
  date: wireOrNull(),
  /** Start and end of the booking on that day. */
  from: wireOrNull(),
  to: wireOrNull(),
  /** The booked slot; the all-zero GUID with from and to set means booked outside a slot. */
  timeSlotId: guid(),
  zipCode: text(10),
  waitingList: flag(),
  bookingCalenderTime: wireOrNull(),
  mobileServiceLocation: z.object({ address: text(), covered: flag() }).default({ address: '', covered: false }),
});
export type TTimeAndPlace = z.infer<typeof ZTimeAndPlace>;

export const ZCustomer = z.object({
  name: text(),
  address: text(),
  city: text(100),
  zipCode: text(10),
  /** '+45' (the default) or another country calling code, chosen beside the number; '' counts as +45. */
  phonePrefix: z
    .string()
    .max(6)
    .refine((v) => v.trim() === '' || /^\+[1-9]\d{0,2}$/.test(v.trim()), { error: ORDER_SCHEMA_MESSAGES.phonePrefix })
    .default('+45'),
  phone: text(30),
  email: text(254),
  allowSms: flag(),
  allowEmail: flag(),
});
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZOrderDebitor = z.object({
  no: text(50),
  debitorName: text(),
  address: text(),
  zipCode: text(10),
  city: text(100),
  phone: text(30),
  email: text(254),
  cvr: text(20),
});
export type TOrderDebitor = z.infer<typeof ZOrderDebitor>;

export const ZCar = z.object({
  registrationNumber: text(20),
  make: text(100),
  manuId: z.number().int().min(0).max(ORDER_LIMITS.maxId).default(0),
  model: text(100),
  modId: z.number().int().min(0).max(ORDER_LIMITS.maxId).default(0),
  modelYear: z
    .number()
    .int()
    .refine((v) => v >= ORDER_LIMITS.modelYearMin && v <= new Date().getFullYear() + 1, {
      error: () => ORDER_SCHEMA_MESSAGES.modelYear(new Date().getFullYear() + 1),
    })
    .nullable()
    .default(null),
  insurance: text(),
  /** PrivatLeaset, IkkeLeaset or empty. */
  leasing: oneOfOrEmpty(LEASING_OPTIONS),
  leaser: text(),
  owner: text(),
  /**
   * The owner's home from the registration look-up (a person's only): the customer step starts from it. The order does
   * not keep it, so an order's car has none (optional, not defaulted: an answer is checked as it is sent).
   */
  ownerAddress: z.string().max(255).optional(),
  ownerZipCode: z.string().max(10).optional(),
  ownerCity: z.string().max(100).optional(),
  user: text(),
  equipmentLine: text(),
  segment: text(100),
  vehicleIdentificationNumber: text(17),
  doorQuantity: z.number().int().min(0).max(10).nullable().default(null),
  colour: text(50),
  bodywork: text(50),
  firstRegistrationDate: wireOrNull(),
  currentOrdersOnReg: z
    .array(z.object({ id: z.string().max(36), orderNo: z.string().max(20) }))
    .max(ORDER_LIMITS.maxListed)
    .default([]),
});
export type TCar = z.infer<typeof ZCar>;
