/** Order statuses with the labels of document 1 section 4. */
export const ORDER_STATUSES = [
  'DRAFT',
  'PROCESSING',
  'FINISHED',
  'CANCELLED',
  'OFFER',
  'PENDING_REVIEW',
  'WEB_REVIEW',
  'PROCESSING_MORESALE',
  'ON_HOLD',
  'SERVICE_CALL',
  'OFFER_REQUEST',
] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<TOrderStatus, string> = {
  DRAFT: 'Udkast',
  PROCESSING: 'Afventer',
  FINISHED: 'Udført',
  CANCELLED: 'Annulleret',
  OFFER: 'Tilbud',
  PENDING_REVIEW: 'Gennemsyn',
  WEB_REVIEW: 'Webordregennemsyn',
  PROCESSING_MORESALE: 'Afventer',
  ON_HOLD: 'Hold',
  SERVICE_CALL: 'Servicekald',
  OFFER_REQUEST: 'Tilbudsanmodning',
};

/**
 * 'Not yet booked': an order still being prepared (a draft, an offer, an offer request). It is on no plan or calendar,
 * has no fitter, and Booking or Email Tilbud may still submit it.
 */
export const NOT_BOOKED_STATUSES: readonly TOrderStatus[] = ['DRAFT', 'OFFER', 'OFFER_REQUEST'];

/** Whether an order in this status is not yet booked (NOT_BOOKED_STATUSES); a status read as text may be passed. */
export function isNotYetBooked(status: TOrderStatus | string): boolean {
  return (NOT_BOOKED_STATUSES as readonly string[]).includes(status);
}

/** Statuses in which a booking with a real time slot takes one of the slot's places. */
export const CAPACITY_STATUSES: readonly TOrderStatus[] = [
  'PROCESSING',
  'ON_HOLD',
  'SERVICE_CALL',
  'PENDING_REVIEW',
  'FINISHED',
  'WEB_REVIEW',
];

export const ORDER_TYPES = [
  'REPLACE_FRONT',
  'REPLACE_SIDE',
  'REPLACE_REAR',
  'REPLACE_ROOF',
  'REPAIR',
  'SALE',
  'REPLACE',
  'INTERNAL_COMPLAINT',
  'COMPLAINT',
] as const;
export type TOrderType = (typeof ORDER_TYPES)[number];

export const ORDER_TYPE_LABELS: Record<TOrderType, string> = {
  REPLACE_FRONT: 'Forrude',
  REPLACE_SIDE: 'Siderude',
  REPLACE_REAR: 'Bagrude',
  REPLACE_ROOF: 'Tagrude',
  REPAIR: 'Stenslag',
  SALE: 'Mersalg',
  REPLACE: 'Rudeskift',
  INTERNAL_COMPLAINT: 'Intern reklamation',
  COMPLAINT: 'Reklamation',
};

/** The types a new order can be created as on the dashboard; the rest arise from other orders. */
export const CREATABLE_ORDER_TYPES: readonly TOrderType[] = ['REPLACE_FRONT', 'REPLACE_SIDE', 'REPLACE_REAR', 'REPLACE_ROOF', 'REPAIR'];

export function isReplaceType(type: string): boolean {
  return type.startsWith('REPLACE');
}

export const WHO_PAYS = ['INSURANCE', 'LEASING', 'CASH', 'DEBITOR'] as const;
export type TWhoPays = (typeof WHO_PAYS)[number];

export const WHO_PAYS_LABELS: Record<TWhoPays, string> = {
  LEASING: 'Leasing',
  CASH: 'Kontant betaling',
  INSURANCE: 'Forsikring',
  DEBITOR: 'Debitor',
};

/** Item kinds: type 3 marks calibration, type 2 the free-loan-car line. */
export const ITEM_TYPES = { NONE: 0, ADDON: 1, ACCESSORY: 2, CALIBRATION: 3 } as const;

export const SMS_KINDS = ['ON_MY_WAY', 'ARRIVE_BETWEEN_8_12', 'ARRIVE_BETWEEN_10_14', 'ARRIVE_BETWEEN_12_16', 'OFFER_SMS'] as const;
export type TSmsKind = (typeof SMS_KINDS)[number];

export const LEASING_OPTIONS = ['PrivatLeaset', 'IkkeLeaset'] as const;

export const WINDOW_MANUFACTURERS = [
  'XYG',
  'SAINT_GOBAIN',
  'AGC',
  'PILKINGTON',
  'FUYAO',
  'NORDGLASS',
  'OE_LOGO_RUDER',
  'OTHER',
  'NONE',
] as const;
export type TWindowManufacturer = (typeof WINDOW_MANUFACTURERS)[number];

/** Fixed item numbers of the catalogue (documents 1 and 2, section 9). */
export const ITEM_NUMBERS = {
  SERVICE_LINE: 'UD',
  FREE_LOAN_CAR: 'BIL001',
  /** The loan car's excess waiver (selvrisikoforsikring), sold per day after the loan agreement is signed. */
  LOAN_CAR_INSURANCE: 'BIL003',
  /** The free service call of a complaint (inspection without charge). */
  SERVICE_CALL: 'SERV',
  CALIBRATION: ['PK3', 'PK5', 'PK6'],
  MOBILE_SERVICE: ['REP6', 'REP7', 'REP8'],
  LIMPUDER: ['337', '341', '342', ...Array.from({ length: 15 }, (_, i) => String(344 + i))],
} as const;

/** Minutes spent on a job (additionalData.timeSpent): 15 to 180 in steps of 15, plus 999 meaning '180+'. */
export const TIME_SPENT_MINUTES: readonly number[] = [...Array.from({ length: 12 }, (_, i) => (i + 1) * 15), 999];

/** OE window reasons (orderProperties.oeWindowReason): 1 only OE obtainable, 2 calibration problems with aftermarket, 3 customer wish. */
export const OE_WINDOW_REASON_KEYS = [1, 2, 3] as const;

/** Customer contacted values (orderProperties.customerContacted). */
export const CUSTOMER_CONTACTED = ['Flyttet', 'Ikke flyttet', 'Besked lagt'] as const;

/** The art of a complaint issue: which reason list it is from (INTERNAL for internal complaints, CUSTOMER otherwise). */
export const COMPLAINT_ISSUE_ARTS = ['INTERNAL', 'CUSTOMER'] as const;

/**
 * Bounds of the numbers an order takes, so that every value fits what the database and the ERP hold: a line's
 * amount and unit price, an order's total (integer øre), kilometres, priority, car ids and years, and lists.
 */
export const ORDER_LIMITS = {
  maxAmount: 10_000,
  /** Kroner excl. VAT of one unit price or discount. */
  maxKroner: 1_000_000,
  /** Kroner excl. VAT of a whole order. */
  maxOrderTotalKroner: 10_000_000,
  /** The car's odometer reading at the job (additionalData.workKM). */
  maxWorkKm: 2_000_000,
  maxPriority: 99,
  maxId: 2_147_483_647,
  modelYearMin: 1900,
  maxListed: 500,
} as const;
