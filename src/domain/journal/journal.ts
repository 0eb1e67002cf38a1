import { formatDate, formatDateTime } from '../lib/dates';
import { isSetGuid } from '../lib/guid';
import { formatKroner } from '../lib/money';
import {
  COMPLAINT_TYPE_LABELS,
  OE_WINDOW_REASONS,
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  TIME_SPENT_OPTIONS,
  WHO_PAYS_LABELS,
  WINDOW_MANUFACTURER_LABELS,
  type TComplaintType,
  type TOrder,
  type TOrderItem,
  type TOrderStatus,
  type TOrderType,
  type TWhoPays,
} from '../orders';
import type { TJournalChange } from './journal.schemas';

/**
 * The task journal's field-level diff: what changed between two versions of an order, each field
 * with its Danish label and its old and new value as the worksheet shows them (null: empty).
 */

/** Names for user ids (fitters, helpers, the original fitter), when known. */
export type TNameLookup = (id: string) => string | undefined;

type Value = string | number | boolean | null | undefined;

interface FieldSpec {
  field: string;
  label: string;
  get: (order: TOrder) => Value;
  show?: (value: Value, names: TNameLookup) => string | null;
}

const yesNo = (value: Value) => (value === true ? 'Ja' : value === false ? 'Nej' : null);
const dateTime = (value: Value) => (typeof value === 'string' && value ? formatDateTime(value) : null);
const dateOnly = (value: Value) => (typeof value === 'string' && value ? formatDate(value) : null);
const kroner = (value: Value) => (typeof value === 'number' ? `${formatKroner(value)} kr.` : null);
const person = (value: Value, names: TNameLookup) => (typeof value === 'string' && isSetGuid(value) ? (names(value) ?? value) : null);
const label =
  <K extends string>(labels: Record<K, string>) =>
  (value: Value) =>
    value === null || value === undefined || value === '' ? null : (labels[value as K] ?? String(value));

const FIELDS: readonly FieldSpec[] = [
  {
    field: 'additionalData.orderStatus',
    label: 'Status',
    get: (o) => o.additionalData.orderStatus,
    show: label<TOrderStatus>(ORDER_STATUS_LABELS),
  },
  {
    field: 'additionalData.orderType',
    label: 'Ordretype',
    get: (o) => o.additionalData.orderType,
    show: label<TOrderType>(ORDER_TYPE_LABELS),
  },
  {
    field: 'additionalData.whoIsPaying',
    label: 'Betaler',
    get: (o) => o.additionalData.whoIsPaying,
    show: label<TWhoPays>(WHO_PAYS_LABELS),
  },
  { field: 'additionalData.offerDebitor', label: 'Tilbuds debitor', get: (o) => o.additionalData.offerDebitor, show: yesNo },
  { field: 'additionalData.rekvNr', label: 'Rekv. nr.', get: (o) => o.additionalData.rekvNr },
  { field: 'additionalData.bookingNr', label: 'Booking nr.', get: (o) => o.additionalData.bookingNr },
  { field: 'additionalData.internalOrderComment', label: 'Intern kommentar', get: (o) => o.additionalData.internalOrderComment },
  { field: 'additionalData.externalOrderComment', label: 'Ekstern kommentar', get: (o) => o.additionalData.externalOrderComment },
  { field: 'additionalData.discountAmount', label: 'Rabat kr.', get: (o) => o.additionalData.discountAmount, show: kroner },
  { field: 'additionalData.discountPercent', label: 'Rabat %', get: (o) => o.additionalData.discountPercent },
  { field: 'additionalData.worker', label: 'Montør', get: (o) => o.additionalData.worker, show: person },
  { field: 'additionalData.helper', label: 'Hjælper', get: (o) => o.additionalData.helper, show: person },
  { field: 'additionalData.twoManJob', label: 'Tomandsjob', get: (o) => o.additionalData.twoManJob, show: yesNo },
  {
    field: 'additionalData.windowManufacturer',
    label: 'Rudefabrikat',
    get: (o) => o.additionalData.windowManufacturer,
    show: label(WINDOW_MANUFACTURER_LABELS),
  },
  { field: 'additionalData.workKM', label: 'Kilometerstand', get: (o) => o.additionalData.workKM },
  {
    field: 'additionalData.timeSpent',
    label: 'Tidsforbrug',
    get: (o) => o.additionalData.timeSpent,
    show: (v) => (typeof v === 'number' ? (TIME_SPENT_OPTIONS.find((t) => t.value === v)?.label ?? `${v} min`) : null),
  },
  { field: 'additionalData.onHoldReason', label: 'Hold årsag', get: (o) => o.additionalData.onHoldReason },
  { field: 'additionalData.onHoldComment', label: 'Hold kommentar', get: (o) => o.additionalData.onHoldComment },
  { field: 'additionalData.obs', label: 'OBS', get: (o) => o.additionalData.obs, show: yesNo },
  { field: 'additionalData.workCompleted', label: 'Arbejde udført', get: (o) => o.additionalData.workCompleted, show: dateTime },
  { field: 'additionalData.workInsuranceNr', label: 'Skadenummer', get: (o) => o.additionalData.workInsuranceNr },

  { field: 'timeAndPlace.department', label: 'Afdeling', get: (o) => o.timeAndPlace.department.name },
  { field: 'timeAndPlace.date', label: 'Dato', get: (o) => o.timeAndPlace.date, show: dateOnly },
  { field: 'timeAndPlace.from', label: 'Fra', get: (o) => o.timeAndPlace.from, show: dateTime },
  { field: 'timeAndPlace.to', label: 'Til', get: (o) => o.timeAndPlace.to, show: dateTime },
  { field: 'timeAndPlace.waitingList', label: 'Venteliste', get: (o) => o.timeAndPlace.waitingList, show: yesNo },
  {
    field: 'timeAndPlace.mobileServiceLocation.address',
    label: 'Mobilservice adresse',
    get: (o) => o.timeAndPlace.mobileServiceLocation.address,
  },

  { field: 'customer.name', label: 'Kundenavn', get: (o) => o.customer.name },
  { field: 'customer.address', label: 'Kundens adresse', get: (o) => o.customer.address },
  { field: 'customer.zipCode', label: 'Kundens postnr.', get: (o) => o.customer.zipCode },
  { field: 'customer.city', label: 'Kundens by', get: (o) => o.customer.city },
  {
    field: 'customer.phone',
    label: 'Kundens telefon',
    get: (o) => (o.customer.phone ? `${o.customer.phonePrefix} ${o.customer.phone}` : ''),
  },
  { field: 'customer.email', label: 'Kundens e-mail', get: (o) => o.customer.email },
  { field: 'customer.allowSms', label: 'Tillad SMS', get: (o) => o.customer.allowSms, show: yesNo },
  { field: 'customer.allowEmail', label: 'Tillad e-mail', get: (o) => o.customer.allowEmail, show: yesNo },

  { field: 'debitor.no', label: 'Debitornr.', get: (o) => o.debitor.no },
  { field: 'debitor.debitorName', label: 'Debitor', get: (o) => o.debitor.debitorName },

  { field: 'car.registrationNumber', label: 'Reg. nr.', get: (o) => o.car.registrationNumber },
  { field: 'car.make', label: 'Mærke', get: (o) => o.car.make },
  { field: 'car.model', label: 'Model', get: (o) => o.car.model },
  { field: 'car.modelYear', label: 'Årgang', get: (o) => o.car.modelYear },
  { field: 'car.vehicleIdentificationNumber', label: 'Stelnummer', get: (o) => o.car.vehicleIdentificationNumber },
  { field: 'car.insurance', label: 'Forsikring', get: (o) => o.car.insurance },

  { field: 'notificationStatus.smsOnMyWay', label: 'SMS: På vej', get: (o) => o.notificationStatus.smsOnMyWay, show: yesNo },
  {
    field: 'notificationStatus.smsArriveBetween8And12',
    label: 'SMS: Ankomst 8-12',
    get: (o) => o.notificationStatus.smsArriveBetween8And12,
    show: yesNo,
  },
  {
    field: 'notificationStatus.smsArriveBetween10And14',
    label: 'SMS: Ankomst 10-14',
    get: (o) => o.notificationStatus.smsArriveBetween10And14,
    show: yesNo,
  },
  {
    field: 'notificationStatus.smsArriveBetween12And16',
    label: 'SMS: Ankomst 12-16',
    get: (o) => o.notificationStatus.smsArriveBetween12And16,
    show: yesNo,
  },
  { field: 'notificationStatus.smsOffer', label: 'SMS: Tilbud', get: (o) => o.notificationStatus.smsOffer, show: yesNo },

  {
    field: 'orderProperties.oeWindowReason',
    label: 'Årsag til OE-rude',
    get: (o) => o.orderProperties.oeWindowReason,
    show: (v) => (typeof v === 'number' ? (OE_WINDOW_REASONS[v as 1 | 2 | 3] ?? String(v)) : null),
  },
  { field: 'orderProperties.customerContacted', label: 'Kunde kontaktet', get: (o) => o.orderProperties.customerContacted },
  {
    field: 'orderProperties.signCalibrationChallenges',
    label: 'Ansvarsfraskrivelse',
    get: (o) => (o.orderProperties.signCalibrationChallenges ? 'Underskrevet' : ''),
  },
  { field: 'orderProperties.signedLoanCar', label: 'Låneaftale', get: (o) => (o.orderProperties.signedLoanCar ? 'Underskrevet' : '') },

  {
    field: 'complaint.complaintType',
    label: 'Reklamationstype',
    get: (o) => o.complaint?.complaintType ?? '',
    show: label<TComplaintType>(COMPLAINT_TYPE_LABELS),
  },
  { field: 'complaint.issues', label: 'Reklamationsårsager', get: (o) => (o.complaint?.issues ?? []).map((i) => i.issue).join(', ') },
  { field: 'complaint.otherIssue', label: 'Anden årsag', get: (o) => o.complaint?.otherIssue ?? '' },
  { field: 'complaint.workerFault', label: 'Montørfejl', get: (o) => o.complaint?.workerFault ?? null, show: yesNo },
  { field: 'complaint.referenceWorker', label: 'Oprindelig montør', get: (o) => o.complaint?.referenceWorker ?? null, show: person },
];

function plain(value: Value): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return String(value).replace('.', ',');
  return value;
}

function itemText(item: TOrderItem): string {
  return `${String(item.amount).replace('.', ',')} x ${item.name || item.description || item.itemNo} à ${formatKroner(item.itemPrice)} kr.${
    item.discountPercent ? ` (${String(item.discountPercent).replace('.', ',')} % rabat)` : ''
  }`;
}

/** One change per order line added, removed or changed, keyed by its item number. */
function itemChanges(before: readonly TOrderItem[], after: readonly TOrderItem[]): TJournalChange[] {
  const old = new Map(before.map((i) => [i.itemNo, itemText(i)]));
  const now = new Map(after.map((i) => [i.itemNo, itemText(i)]));
  const numbers = [...new Set([...old.keys(), ...now.keys()])];
  return numbers
    .filter((no) => old.get(no) !== now.get(no))
    .map((no) => ({ field: `items.${no}`, label: `Vare ${no}`, from: old.get(no) ?? null, to: now.get(no) ?? null }));
}

/**
 * The changes from `before` to `after` (before null: a new order, every filled field is a change).
 * Fields are compared by their shown value, so a change without visible effect is no change.
 */
export function diffOrders(before: TOrder | null, after: TOrder, names: TNameLookup = () => undefined): TJournalChange[] {
  const changes: TJournalChange[] = [];
  for (const spec of FIELDS) {
    const show = (order: TOrder | null) => {
      if (!order) return null;
      const value = spec.get(order);
      return spec.show ? spec.show(value, names) : plain(value);
    };
    const from = show(before);
    const to = show(after);
    if (from !== to) changes.push({ field: spec.field, label: spec.label, from, to });
  }
  return [...changes, ...itemChanges(before?.items ?? [], after.items)];
}

/** The user ids an order refers to (fitter, helper, original fitter): the names diffOrders may show. */
export function personIds(...orders: Array<TOrder | null>): string[] {
  const ids = orders.flatMap((o) => (o ? [o.additionalData.worker, o.additionalData.helper, o.complaint?.referenceWorker ?? ''] : []));
  return [...new Set(ids.filter(isSetGuid))];
}
