import { ZERO_GUID, isSetGuid } from '../lib/guid';
import { addFieldError, MESSAGES, type FieldErrors } from '../lib/validation';
import { hasAnyRole, type TRole } from '../users';
import { ITEM_NUMBERS, isReplaceType, type TOrderStatus, type TOrderType } from './order-enums';
import { limpuderQuickAdd, mainItem } from './order-items';
import {
  CALIBRATION_HOLD_REASON,
  HOLD_REASONS,
  LIFECYCLE_MESSAGES,
  OTHER_REASON,
  SLOT_COMPLAINT_TYPES,
  type TComplaintType,
  type TLogEntry,
  type TLogType,
} from './order-lifecycle.schemas';
import { isComplaintType, linesReadOnly } from './order-status';
import { ORDER_VALIDATION_MESSAGES } from './order-validation';
import type { TOrder, TOrderItem, TTimeAndPlace } from './order.schemas';

/**
 * The worksheet's rules for finishing, holding, logging and complaints (document 2 sections 4–6),
 * pure so the worksheet and the server run the same checks with the same messages.
 */

export const WORKSHEET_MESSAGES = {
  commentRequired: 'Kommentar skal udfyldes',
  disclaimerRequired: 'Ansvarsfraskrivelse skal underskrives',
  markedFields: 'Du skal vælge en værdi for de markerede felter !',
  complaintIssue: 'Du skal vælge minimum 1 Reklamation årsag !',
  internalComment: 'Du skal udfylde Intern Kommentar !',
  worker: 'Du mangler at vælge en montør !',
  manufacturer: 'Du mangler at vælge en rudefabrikat !',
  workerFault: 'Du mangler at vælge, om årsagen til klagen er en montørfejl ! Vælg Ja eller Nej, før servicekaldet lukkes.',
  missingImages: 'Du kan ikke afslutte din ordre, før der er tilføjet billeder',
  chooseTime: ORDER_VALIDATION_MESSAGES.chooseTime,
  chooseTimeslot: ORDER_VALIDATION_MESSAGES.chooseTimeslot,
  invalidHoldReason: 'Vælg en årsag fra listen',
  linesReadOnly: 'Varelinjerne kan ikke ændres, når ordren er i servicekald eller udført',
  complaintLocked: 'Reklamationsfelterne kan kun ændres af rollen Reklamation, når ordren er i servicekald eller udført',
  referenceWorker: 'Kun Reklamation og Administrator kan ændre den oprindelige montør',
  workerFaultRole: 'Kun rollen Reklamation kan angive, om klagen skyldes en montørfejl',
  complaintWithSlot: 'Kun Reklamation, Kundeservice og Administrator kan oprette en reklamation med tid',
} as const;

function put(errors: FieldErrors, key: string, message: string | null | false): void {
  if (message) addFieldError(errors, key, message);
}

/**
 * The checks before a job is finished (the order as it is being finished, in its current status):
 * a complaint needs an issue or an other-issue text, a customer complaint an internal comment; a fitter
 * is required; a replacement needs a window manufacturer other than NONE; closing a service call needs
 * the worker-fault answer.
 */
export function finishErrors(order: Pick<TOrder, 'additionalData' | 'complaint'>): FieldErrors {
  const errors: FieldErrors = {};
  const a = order.additionalData;
  const complaint = order.complaint;
  if (isComplaintType(a.orderType)) {
    const hasIssue = (complaint?.issues.length ?? 0) > 0 || (complaint?.otherIssue.trim() ?? '') !== '';
    put(errors, 'complaint.issues', !hasIssue && WORKSHEET_MESSAGES.complaintIssue);
    put(
      errors,
      'additionalData.internalOrderComment',
      a.orderType === 'COMPLAINT' && a.internalOrderComment.trim() === '' && WORKSHEET_MESSAGES.internalComment,
    );
  }
  put(errors, 'additionalData.worker', !isSetGuid(a.worker) && WORKSHEET_MESSAGES.worker);
  put(
    errors,
    'additionalData.windowManufacturer',
    isReplaceType(a.orderType) && a.windowManufacturer === 'NONE' && WORKSHEET_MESSAGES.manufacturer,
  );
  put(
    errors,
    'complaint.workerFault',
    a.orderType === 'COMPLAINT' &&
      a.orderStatus === 'SERVICE_CALL' &&
      (complaint?.workerFault ?? null) === null &&
      WORKSHEET_MESSAGES.workerFault,
  );
  return errors;
}

/**
 * The checks before a job is put on hold: a comment; the disclaimer signed when the reason is
 * 'Kalibreringsudfordringer'; a fitter, and for a replacement a window manufacturer (the marked fields).
 * A reason, when given, is one of HOLD_REASONS.
 */
export function holdErrors(order: Pick<TOrder, 'additionalData' | 'orderProperties'>, reason: string): FieldErrors {
  const errors: FieldErrors = {};
  const a = order.additionalData;
  put(errors, 'additionalData.onHoldComment', a.onHoldComment.trim() === '' && WORKSHEET_MESSAGES.commentRequired);
  put(
    errors,
    'additionalData.onHoldReason',
    reason !== '' && !(HOLD_REASONS as readonly string[]).includes(reason) && WORKSHEET_MESSAGES.invalidHoldReason,
  );
  put(
    errors,
    'orderProperties.signCalibrationChallenges',
    reason === CALIBRATION_HOLD_REASON &&
      order.orderProperties.signCalibrationChallenges.trim() === '' &&
      WORKSHEET_MESSAGES.disclaimerRequired,
  );
  put(errors, 'additionalData.worker', !isSetGuid(a.worker) && WORKSHEET_MESSAGES.markedFields);
  put(
    errors,
    'additionalData.windowManufacturer',
    isReplaceType(a.orderType) && a.windowManufacturer === 'NONE' && WORKSHEET_MESSAGES.markedFields,
  );
  return errors;
}

// ---------------------------------------------------------------------------
// Log dialog

/** The log type a time change of this order opens the log dialog with. */
export function logTypeForTimeChange(order: { additionalData: { orderType: string } }): TLogType {
  const type = order.additionalData.orderType;
  if (type === 'REPAIR') return 'STONECHIPMOVED';
  if (isReplaceType(type)) return 'WINDOWREPLACEMOVED';
  return 'MOVED';
}

/** A time change: department, date, from or to differ. */
export function timeChanged(before: Pick<TOrder, 'timeAndPlace'>, after: Pick<TOrder, 'timeAndPlace'>): boolean {
  const b = before.timeAndPlace;
  const a = after.timeAndPlace;
  return b.department.id !== a.department.id || b.date !== a.date || b.from !== a.from || b.to !== a.to;
}

/** The booking moved to another slot or day (a capacity question), or to another time. */
export function bookingMoved(before: TTimeAndPlace, after: TTimeAndPlace): boolean {
  return (
    before.timeSlotId.toLowerCase() !== after.timeSlotId.toLowerCase() ||
    before.date !== after.date ||
    before.department.id !== after.department.id
  );
}

/** Removing the main item of a replace order (opens the log dialog with MAINITEMCHANGED). */
export function mainItemRemoved(before: Pick<TOrder, 'additionalData' | 'items'>, after: Pick<TOrder, 'items'>): boolean {
  if (!isReplaceType(before.additionalData.orderType)) return false;
  const main = mainItem(before.items);
  return main !== undefined && !after.items.some((item) => item.itemNo === main.itemNo);
}

/**
 * A log entry's checks: a reason is required ('Du skal vælge en årsag'), from the type's list when
 * the list is given, and 'Andet' needs a comment.
 */
export function logEntryErrors(entry: Pick<TLogEntry, 'logReason' | 'logComment'>, reasons: readonly string[] | null = null): FieldErrors {
  const errors: FieldErrors = {};
  const reason = entry.logReason.trim();
  if (reason === '') put(errors, 'logReason', LIFECYCLE_MESSAGES.chooseReason);
  else if (reasons && !reasons.includes(reason)) put(errors, 'logReason', LIFECYCLE_MESSAGES.unknownReason);
  put(errors, 'logComment', reason === OTHER_REASON && entry.logComment.trim() === '' && LIFECYCLE_MESSAGES.otherNeedsComment);
  return errors;
}

/**
 * A replacement reason list: at least one reason besides 'Andet', no reason twice, and ending with 'Andet' (the log
 * dialog's free-text choice that needs a comment; the complaint panel shows its own 'Andet' instead).
 */
export function reasonListErrors(texts: readonly string[], field = 'reasons'): FieldErrors {
  const errors: FieldErrors = {};
  put(errors, field, !texts.some((t) => t.trim() !== OTHER_REASON) && LIFECYCLE_MESSAGES.reasonsEmpty);
  put(errors, field, new Set(texts.map((t) => t.trim().toLowerCase())).size !== texts.length && LIFECYCLE_MESSAGES.reasonsDuplicate);
  put(errors, field, texts.length > 0 && texts.at(-1)?.trim() !== OTHER_REASON && LIFECYCLE_MESSAGES.reasonsOtherLast);
  return errors;
}

/** Each row's own problem in a reason list being edited: empty, or the same text as an earlier row. */
export function reasonRowErrors(texts: readonly string[]): Array<string | null> {
  const seen = new Set<string>();
  return texts.map((text) => {
    const key = text.trim().toLowerCase();
    if (key === '') return MESSAGES.required;
    if (seen.has(key)) return LIFECYCLE_MESSAGES.reasonsDuplicate;
    seen.add(key);
    return null;
  });
}

// ---------------------------------------------------------------------------
// Items

/** The adhesive pads ('limpuder') offered as a quick add, and the rule: those not yet on the order. */
export const LIMPUDER: readonly string[] = ITEM_NUMBERS.LIMPUDER;
export { limpuderQuickAdd };

/** Whether the order lines differ in what a user can change (item, amount, price, discount). */
export function itemsChanged(before: readonly TOrderItem[], after: readonly TOrderItem[]): boolean {
  const key = (items: readonly TOrderItem[]) =>
    items
      .map((i) => `${i.itemNo}|${i.amount}|${i.itemPrice}|${i.discountPercent}`)
      .sort()
      .join(';');
  return key(before) !== key(after);
}

// ---------------------------------------------------------------------------
// Complaints

const COMPLAINT_WITH_SLOT: readonly TRole[] = ['Complaint', 'CustomerService', 'Adminstrator'];
const REFERENCE_WORKER_EDITORS: readonly TRole[] = ['Complaint', 'Adminstrator'];

/** Complaint, CustomerService and Adminstrator may create complaints with a slot; everyone the others. */
export function canCreateComplaintWithSlot(roles: readonly string[]): boolean {
  return hasAnyRole(roles, COMPLAINT_WITH_SLOT);
}

export function complaintTypeAllowed(type: TComplaintType, roles: readonly string[]): boolean {
  return !SLOT_COMPLAINT_TYPES.includes(type) || canCreateComplaintWithSlot(roles);
}

/** Complaint fields are locked where the lines are read-only (SERVICE_CALL, FINISHED) for everyone but the Complaint role. */
export function complaintFieldsLocked(status: TOrderStatus, roles: readonly string[]): boolean {
  return linesReadOnly(status) && !roles.includes('Complaint');
}

/** Complaint and Adminstrator may change the original fitter of a complaint. */
export function canChangeReferenceWorker(roles: readonly string[]): boolean {
  return hasAnyRole(roles, REFERENCE_WORKER_EDITORS);
}

/** Only Complaint sees and sets the worker-fault answer. */
export function canSetWorkerFault(roles: readonly string[]): boolean {
  return roles.includes('Complaint');
}

/** The order type a complaint of this type is created as. */
export function complaintOrderType(type: TComplaintType): TOrderType {
  return type === 'INTERNAL_COMPLAINT' ? 'INTERNAL_COMPLAINT' : 'COMPLAINT';
}

/**
 * Why a save may not change the complaint as it does, or null: locked complaint fields, the original
 * fitter (Complaint and Adminstrator only) and the worker-fault answer (Complaint only).
 */
export function complaintChangeRefusal(
  before: Pick<TOrder, 'complaint'>,
  after: Pick<TOrder, 'complaint'>,
  status: TOrderStatus,
  roles: readonly string[],
): string | null {
  const b = before.complaint;
  const a = after.complaint;
  if (JSON.stringify(b) === JSON.stringify(a)) return null;
  if (complaintFieldsLocked(status, roles)) return WORKSHEET_MESSAGES.complaintLocked;
  if ((b?.referenceWorker ?? ZERO_GUID) !== (a?.referenceWorker ?? ZERO_GUID) && !canChangeReferenceWorker(roles))
    return WORKSHEET_MESSAGES.referenceWorker;
  if ((b?.workerFault ?? null) !== (a?.workerFault ?? null) && !canSetWorkerFault(roles)) return WORKSHEET_MESSAGES.workerFaultRole;
  return null;
}

/**
 * Orders that by nature book their own times outside the slot plan: extra sales, and complaints made without
 * a time (WITHOUT_SLOT, INTERNAL_COMPLAINT). They get no slots, no 'fully booked' question and no warning.
 */
export function outsideSlotPlan(order: Pick<TOrder, 'additionalData' | 'complaint'>): boolean {
  if (order.additionalData.orderType === 'SALE') return true;
  const type = order.complaint?.complaintType;
  return type === 'WITHOUT_SLOT' || type === 'INTERNAL_COMPLAINT';
}
