import { z } from 'zod';
import { MESSAGES, requiredChoice } from '../lib/validation';
import { CUSTOMER_CONTACTED, ORDER_STATUSES, TIME_SPENT_MINUTES, WINDOW_MANUFACTURERS, type TWindowManufacturer } from './order-enums';
import { ZTimeAndPlace, zGuid, zNullAsEmpty, zWireDateTime } from './order.schemas';

/**
 * The worksheet's select lists and the bodies of the lifecycle calls (document 2): status change,
 * copy, complaint, log entries, reason lists (the task journal's entries are domain/journal's). Shared by the
 * server's routes and the worksheet's forms.
 */

export interface TOption<V extends string | number = string> {
  value: V;
  label: string;
}

/** Minutes spent: 15 to 180 in steps of 15, plus 999 meaning '180+'. */
export const TIME_SPENT_OPTIONS: ReadonlyArray<TOption<number>> = TIME_SPENT_MINUTES.map((value) => ({
  value,
  label: value === 999 ? '180+' : `${value} min`,
}));

/** OE window reasons (orderProperties.oeWindowReason). */
export const OE_WINDOW_REASONS: Readonly<Record<1 | 2 | 3, string>> = {
  1: 'Kun OE-rude kan skaffes',
  2: 'Kalibreringsproblemer med eftermarkedsrude',
  3: 'Kundens ønske',
};

/** The reason a hold calls for the signed ADAS disclaimer. */
export const CALIBRATION_HOLD_REASON = 'Kalibreringsudfordringer';

/** Reasons of the hold dialog (additionalData.onHoldReason). */
export const HOLD_REASONS = [
  'Rude i restordre – afventer levering',
  'Afventer godkendelse fra forsikring',
  'Kunden ønsker en ny tid',
  CALIBRATION_HOLD_REASON,
  'Bilen mangler dele',
  'Andet',
] as const;

export const WINDOW_MANUFACTURER_LABELS: Record<TWindowManufacturer, string> = {
  XYG: 'XYG',
  SAINT_GOBAIN: 'Saint-Gobain',
  AGC: 'AGC',
  PILKINGTON: 'Pilkington',
  FUYAO: 'Fuyao',
  NORDGLASS: 'NordGlass',
  OE_LOGO_RUDER: 'OE (logo-ruder)',
  OTHER: 'Andet',
  NONE: 'Ingen',
};

export const COMPLAINT_TYPES = ['REPLACE_SLOT', 'REPAIR_SLOT', 'WITHOUT_SLOT', 'INTERNAL_COMPLAINT'] as const;
export type TComplaintType = (typeof COMPLAINT_TYPES)[number];

export const COMPLAINT_TYPE_LABELS: Record<TComplaintType, string> = {
  REPLACE_SLOT: 'Reklamation med tid til rudeskift',
  REPAIR_SLOT: 'Reklamation med tid til stenslag',
  WITHOUT_SLOT: 'Reklamation uden tid',
  INTERNAL_COMPLAINT: 'Intern reklamation',
};

/** Complaint types that book a slot of their own. */
export const SLOT_COMPLAINT_TYPES: readonly TComplaintType[] = ['REPLACE_SLOT', 'REPAIR_SLOT'];

export const LOG_TYPES = ['MOVED', 'STONECHIPMOVED', 'WINDOWREPLACEMOVED', 'CANCELLED', 'MAINITEMCHANGED', 'SALE'] as const;
export type TLogType = (typeof LOG_TYPES)[number];

export const LOG_TYPE_LABELS: Record<TLogType, string> = {
  MOVED: 'Flyttet',
  STONECHIPMOVED: 'Stenslag flyttet',
  WINDOWREPLACEMOVED: 'Rudeskift flyttet',
  CANCELLED: 'Annulleret',
  MAINITEMCHANGED: 'Hovedvare ændret',
  SALE: 'Mersalg',
};

/** The reason every list ends with; choosing it needs a comment. */
export const OTHER_REASON = 'Andet';

export const LIFECYCLE_MESSAGES = {
  chooseReason: 'Du skal vælge en årsag',
  otherNeedsComment: 'Når du vælger andet skal du tilknytte en kommentar',
  unknownReason: 'Årsagen findes ikke på listen',
  chooseTime: 'Du mangler at vælge en tid',
  reasonsEmpty: 'Listen skal have mindst én årsag',
  reasonsDuplicate: 'Den samme årsag står flere gange',
  reasonsOtherLast: "Listen skal slutte med 'Andet'",
} as const;

/**
 * The reason lists an administrator keeps (screen Årsagslister), in screen order: the log lists by
 * log type, then the complaint issue lists (GET/PUT /api/complaint/reasons, keys internal/customer).
 */
export type TReasonListKey = TLogType | 'COMPLAINT_INTERNAL' | 'COMPLAINT_CUSTOMER';
export const REASON_LIST_TITLES: Record<TReasonListKey, string> = {
  CANCELLED: 'Annullering',
  MOVED: 'Flyttet',
  WINDOWREPLACEMOVED: 'Rudeskift flyttet',
  STONECHIPMOVED: 'Stenslag flyttet',
  MAINITEMCHANGED: 'Hovedvare ændret',
  SALE: 'Mersalg',
  COMPLAINT_INTERNAL: 'Reklamation – interne årsager',
  COMPLAINT_CUSTOMER: 'Reklamation – kundeårsager',
};
export const REASON_LIST_KEYS = Object.keys(REASON_LIST_TITLES) as TReasonListKey[];

// ---------------------------------------------------------------------------
// Select lists (GET /api/SelectListContainer)

const ZOption = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });

export const ZSelectListContainer = z.object({
  windowManufacturers: z.array(ZOption),
  timeSpent: z.array(ZOption),
  oeWindowReasons: z.array(ZOption),
  customerContacted: z.array(ZOption),
  holdReasons: z.array(ZOption),
  complaintTypes: z.array(ZOption),
});
export type TSelectListContainer = z.infer<typeof ZSelectListContainer>;

/** The worksheet's select lists as value/label pairs. */
export function selectLists(): TSelectListContainer {
  return {
    windowManufacturers: WINDOW_MANUFACTURERS.map((value) => ({ value, label: WINDOW_MANUFACTURER_LABELS[value] })),
    timeSpent: TIME_SPENT_OPTIONS.map((o) => ({ ...o })),
    oeWindowReasons: Object.entries(OE_WINDOW_REASONS).map(([value, label]) => ({ value: Number(value), label })),
    customerContacted: CUSTOMER_CONTACTED.map((value) => ({ value, label: value })),
    holdReasons: HOLD_REASONS.map((value) => ({ value, label: value })),
    complaintTypes: COMPLAINT_TYPES.map((value) => ({ value, label: COMPLAINT_TYPE_LABELS[value] })),
  };
}

// ---------------------------------------------------------------------------
// Call bodies

/** POST /api/order/status/{orderId}: the manual status change ('Vælg ny order status'). */
export const ZStatusChange = z.object({ status: z.enum(ORDER_STATUSES) });

/** POST /api/order/copy/{id}. */
export const ZCopyOrder = z.object({
  internalComment: z.string().max(4000).default(''),
  timeAndPlace: ZTimeAndPlace.default(() => ZTimeAndPlace.parse({})),
});
export type TCopyOrder = z.infer<typeof ZCopyOrder>;

export const ZCopyOrderResult = z.object({ orderId: z.string(), orderNr: z.string() });

/** POST /api/Complaint/create/{id}. `worker` is the fitter of the complaint job (all-zero GUID: none yet). */
export const ZCreateComplaint = z.object({
  internalComment: z.string().max(4000).default(''),
  type: z.enum(COMPLAINT_TYPES, { error: requiredChoice }),
  worker: zGuid(),
  timeAndPlace: ZTimeAndPlace.default(() => ZTimeAndPlace.parse({})),
});
export type TCreateComplaint = z.infer<typeof ZCreateComplaint>;

/**
 * A log entry (POST /api/log/log). The server stamps logDate and logUser with its own clock and the
 * signed-in user; orgDate and orgTime are the booking's day and time before the change, as shown.
 */
export const ZLogEntry = z.object({
  id: z.string().max(36).optional(),
  logDate: zWireDateTime.nullable().default(null),
  logComment: zNullAsEmpty(z.string().trim().max(1000)).default(''),
  logReason: zNullAsEmpty(z.string().trim().max(200)).default(''),
  jobType: z.string().max(30).default(''),
  logType: z.enum(LOG_TYPES),
  logUser: z.string().max(100).default(''),
  navLocationCode: z.string().max(20).default(''),
  orderNo: z.string().max(20).default(''),
  orgDate: z.string().max(30).default(''),
  orgTime: z.string().max(30).default(''),
  regNr: z.string().max(20).default(''),
});
export type TLogEntry = z.infer<typeof ZLogEntry>;
export type TLogEntryInput = z.input<typeof ZLogEntry>;

export const ZReason = z.object({ id: z.string(), text: z.string() });
export type TReason = z.infer<typeof ZReason>;

/** A replacement list: each text trimmed, 1–200 characters, 1–50 reasons. */
export const ZReasonListInput = z.array(z.object({ text: z.string().trim().min(1, MESSAGES.required).max(200) })).max(50);

export const ZComplaintReasons = z.object({ internal: z.array(ZReason), customer: z.array(ZReason) });
export type TComplaintReasons = z.infer<typeof ZComplaintReasons>;
export const ZComplaintReasonsInput = z.object({ internal: ZReasonListInput, customer: ZReasonListInput });
