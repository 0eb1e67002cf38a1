import { z } from 'zod';
import {
  COMPLAINT_ISSUE_ARTS,
  CUSTOMER_CONTACTED,
  OE_WINDOW_REASON_KEYS,
  ORDER_LIMITS,
  ORDER_STATUSES,
  ORDER_TYPES,
  TIME_SPENT_MINUTES,
  WHO_PAYS,
  WINDOW_MANUFACTURERS,
} from './order-enums';
import { ORDER_FIELDS, ORDER_SCHEMA_MESSAGES, ZCar, ZCustomer, ZOrderDebitor, ZOrderItem, ZTimeAndPlace } from './order-parts.schemas';

/**
 * The Order entity on the wire (document 1 section 3, document 2 section 3): the shape the
 * client posts and `GET /api/order/order/{id}` returns. Every field has a default, so a client
 * may send what it knows and always gets the whole order back. Money is kroner excl. VAT;
 * dates and times are `YYYY-MM-DDTHH:mm:ss` Copenhagen time; the all-zero GUID means none.
 * The business rules (required fields per payer, booking, items) are in order-validation.ts. The order's
 * parts are in order-parts.schemas.ts, re-exported here: the order is imported from this one module.
 */
export * from './order-parts.schemas';

const { text, flag, guid, kroner, oneOfOrEmpty, percent, wireOrNull } = ORDER_FIELDS;

export const ZChange = z.object({ date: z.string().max(30), by: z.string().max(100), text: z.string().max(4000) });

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
  discountPercent: percent(),
  rekvNr: text(50),
  twoManJob: flag(),
  /** The fitter (a user id), the all-zero GUID when none. */
  worker: guid(),
  helper: guid(),
  /** NONE when none was chosen; null is read as NONE, so finishing answers 'Du mangler at vælge en rudefabrikat !'. */
  windowManufacturer: z
    .codec(z.enum(WINDOW_MANUFACTURERS).nullable(), z.enum(WINDOW_MANUFACTURERS), { decode: (v) => v ?? 'NONE', encode: (v) => v })
    .default('NONE'),
  workKM: z.number().finite().min(0).max(ORDER_LIMITS.maxWorkKm).nullable().default(null),
  /** Minutes: 15 to 180 in steps of 15, or 999 for '180+'. */
  timeSpent: z
    .number()
    .int()
    .refine((v) => TIME_SPENT_MINUTES.includes(v), { error: ORDER_SCHEMA_MESSAGES.timeSpent })
    .nullable()
    .default(null),
  onHoldComment: text(4000),
  /** The reason chosen in the hold dialog (HOLD_REASONS), '' when none. */
  onHoldReason: text(100),
  guaranteeId: guid(),
  obs: flag(),
  priority: z.number().int().min(0).max(ORDER_LIMITS.maxPriority).default(0),
  createdBy: text(),
  created: wireOrNull(),
  createdDateTime: wireOrNull(),
  workCompleted: wireOrNull(),
  workInsuranceNr: text(50),
  autoValidTicketId: text(100),
  changes: z.array(ZChange).max(ORDER_LIMITS.maxListed).default([]),
  internalImages: z.array(z.string().max(500)).max(ORDER_LIMITS.maxListed).default([]),
  externalImages: z.array(z.string().max(500)).max(ORDER_LIMITS.maxListed).default([]),
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
  oeWindowReason: z
    .number()
    .int()
    .refine((v) => (OE_WINDOW_REASON_KEYS as readonly number[]).includes(v), { error: ORDER_SCHEMA_MESSAGES.notAllowed })
    .nullable()
    .default(null),
  /** Flyttet, Ikke flyttet or Besked lagt. */
  customerContacted: oneOfOrEmpty(CUSTOMER_CONTACTED),
  signCalibrationChallenges: text(500),
  signedLoanCar: text(500),
  loanCarId: guid(),
});

export const COMPLAINT_SCHEMA_MESSAGES = {
  issueOrOther: 'Vælg årsager fra listen eller skriv en anden årsag, ikke begge',
  duplicateIssue: 'Den samme årsag er valgt flere gange',
} as const;

export const ZComplaint = z
  .object({
    complaintType: text(30),
    /** Reasons from the complaint reason lists (art INTERNAL or CUSTOMER, as the order is an internal complaint or not). */
    issues: z
      .array(
        z.object({
          issue: z.string().trim().min(1).max(200),
          art: z.enum(COMPLAINT_ISSUE_ARTS, { error: ORDER_SCHEMA_MESSAGES.notAllowed }),
        }),
      )
      .max(50)
      .default([]),
    otherIssue: text(1000),
    workerFault: z.boolean().nullable().default(null),
    referenceWorker: guid(),
    referenceJobType: text(30),
    oldManufacturer: text(30),
    logs: z
      .array(z.object({ date: z.string().max(30), log: z.string().max(4000), by: z.string().max(100) }))
      .max(ORDER_LIMITS.maxListed)
      .default([]),
  })
  .superRefine((complaint, ctx) => {
    // The panel's issue checkboxes and 'Andet' (the other-issue text) are mutually exclusive.
    if (complaint.issues.length > 0 && complaint.otherIssue.trim() !== '') {
      ctx.addIssue({ code: 'custom', path: ['otherIssue'], message: COMPLAINT_SCHEMA_MESSAGES.issueOrOther });
    }
    if (new Set(complaint.issues.map((i) => i.issue)).size !== complaint.issues.length) {
      ctx.addIssue({ code: 'custom', path: ['issues'], message: COMPLAINT_SCHEMA_MESSAGES.duplicateIssue });
    }
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
