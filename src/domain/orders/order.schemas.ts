import { z } from 'zod';
import { isWireDateTime } from '../lib/dates';
import { ZERO_GUID } from '../lib/guid';
import { ORDER_STATUSES, ORDER_TYPES, WHO_PAYS, WINDOW_MANUFACTURERS } from './order-enums';

/**
 * The Order entity on the wire (document 1 section 3, document 2 section 3): the shape the
 * client posts and `GET /api/order/order/{id}` returns. Every field has a default, so a client
 * may send what it knows and always gets the whole order back. Money is kroner excl. VAT;
 * dates and times are `YYYY-MM-DDTHH:mm:ss` Copenhagen time; the all-zero GUID means none.
 * The business rules (required fields per payer, booking, items) are in order-validation.ts.
 */
const text = (max = 255) => z.string().max(max).default('');
const flag = () => z.boolean().default(false);
const guid = () => z.string().max(36).default(ZERO_GUID);
const kroner = () => z.number().finite().default(0);
export const zWireDateTime = z.string().refine(isWireDateTime, { error: 'Field must be a date dd/MM-YYYY' });
const wireOrNull = () => zWireDateTime.nullable().default(null);

export const ZDebitorPrice = z.object({
  price: kroner(),
  discountPercent: z.number().finite().default(0),
  discountAmount: kroner(),
  itemNo: text(50),
});
export type TDebitorPrice = z.infer<typeof ZDebitorPrice>;

export const ZItemStatus = z.object({ code: text(50), description: text(), amount: z.number().default(0) });

export const ZItemTips = z.object({ general: text(4000), mounting: text(4000), calibrating: text(4000) });

const itemFields = {
  /** The item number (ERP 'No.'); equal to `no` for every product of the catalogue. */
  itemNo: text(50),
  /** The product number shown as Varenummer. */
  no: text(50),
  name: text(),
  description: text(1000),
  amount: z.number().finite().min(0).default(1),
  /** Unit price excl. VAT, kroner. */
  itemPrice: kroner(),
  discountPercent: z.number().finite().min(0).max(100).default(0),
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
  /** '+45' (the default) or another country prefix, chosen beside the number. */
  phonePrefix: z.string().max(6).default('+45'),
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
  manuId: z.number().int().default(0),
  model: text(100),
  modId: z.number().int().default(0),
  modelYear: z.number().int().nullable().default(null),
  insurance: text(),
  /** PrivatLeaset, IkkeLeaset or empty. */
  leasing: text(50),
  leaser: text(),
  owner: text(),
  user: text(),
  equipmentLine: text(),
  segment: text(100),
  vehicleIdentificationNumber: text(17),
  doorQuantity: z.number().int().nullable().default(null),
  colour: text(50),
  bodywork: text(50),
  firstRegistrationDate: wireOrNull(),
  currentOrdersOnReg: z.array(z.object({ id: z.string(), orderNo: z.string() })).default([]),
});
export type TCar = z.infer<typeof ZCar>;

export const ZChange = z.object({ date: z.string(), by: z.string(), text: z.string() });

export const ZAdditionalData = z.object({
  orderId: guid(),
  orderNr: text(20),
  bookingNr: text(20),
  orderType: z.enum(ORDER_TYPES).default('REPLACE_FRONT'),
  orderStatus: z.enum(ORDER_STATUSES).default('DRAFT'),
  whoIsPaying: z.enum(WHO_PAYS).default('INSURANCE'),
  /** 'Tilbuds debitor': a cash payment goes to the insurer's cash account. */
  offerDebitor: flag(),
  internalOrderComment: text(4000),
  externalOrderComment: text(4000),
  discountAmount: kroner(),
  discountPercent: z.number().finite().default(0),
  rekvNr: text(50),
  twoManJob: flag(),
  /** The fitter (a user id), the all-zero GUID when none. */
  worker: guid(),
  helper: guid(),
  windowManufacturer: z.enum(WINDOW_MANUFACTURERS).default('NONE'),
  workKM: z.number().finite().nullable().default(null),
  timeSpent: z.number().int().nullable().default(null),
  onHoldComment: text(4000),
  /** The reason chosen in the hold dialog (HOLD_REASONS), '' when none. */
  onHoldReason: text(100),
  guaranteeId: guid(),
  obs: flag(),
  priority: z.number().int().default(0),
  createdBy: text(),
  created: wireOrNull(),
  createdDateTime: wireOrNull(),
  workCompleted: wireOrNull(),
  workInsuranceNr: text(50),
  autoValidTicketId: text(100),
  changes: z.array(ZChange).default([]),
  internalImages: z.array(z.string()).default([]),
  externalImages: z.array(z.string()).default([]),
});
export type TAdditionalData = z.infer<typeof ZAdditionalData>;

export const ZNotificationStatus = z.object({
  smsOnMyWay: flag(),
  smsArriveBetween8And12: flag(),
  smsArriveBetween10And14: flag(),
  smsArriveBetween12And16: flag(),
  smsOffer: flag(),
});

export const ZOrderProperties = z.object({
  /** 1 only OE obtainable, 2 calibration problems with aftermarket, 3 customer wish. */
  oeWindowReason: z.number().int().nullable().default(null),
  /** Flyttet, Ikke flyttet or Besked lagt. */
  customerContacted: text(50),
  signCalibrationChallenges: text(500),
  signedLoanCar: text(500),
  loanCarId: guid(),
});

export const ZComplaint = z.object({
  complaintType: text(30),
  issues: z.array(z.object({ issue: z.string(), art: z.string() })).default([]),
  otherIssue: text(1000),
  workerFault: z.boolean().nullable().default(null),
  referenceWorker: guid(),
  referenceJobType: text(30),
  oldManufacturer: text(30),
  logs: z.array(z.object({ date: z.string(), log: z.string(), by: z.string() })).default([]),
});

export const ZOrder = z.object({
  additionalData: ZAdditionalData.default(() => ZAdditionalData.parse({})),
  timeAndPlace: ZTimeAndPlace.default(() => ZTimeAndPlace.parse({})),
  customer: ZCustomer.default(() => ZCustomer.parse({})),
  debitor: ZOrderDebitor.default(() => ZOrderDebitor.parse({})),
  car: ZCar.default(() => ZCar.parse({})),
  items: z.array(ZOrderItem).max(200).default([]),
  notificationStatus: ZNotificationStatus.default(() => ZNotificationStatus.parse({})),
  orderProperties: ZOrderProperties.default(() => ZOrderProperties.parse({})),
  complaint: ZComplaint.nullable().default(null),
});
export type TOrder = z.infer<typeof ZOrder>;
export type TOrderInput = z.input<typeof ZOrder>;

/** A new order with every default filled in. */
export function emptyOrder(): TOrder {
  return ZOrder.parse({});
}
