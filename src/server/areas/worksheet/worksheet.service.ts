import { BOOKING_RULE_MESSAGES, bookingKind } from '@/domain/booking';
import { toWireDateTime } from '@/domain/lib/dates';
import { ZERO_GUID, guidOrNull, isSetGuid } from '@/domain/lib/guid';
import { ITEM_NUMBERS, ORDER_STATUS_LABELS, type TOrderStatus } from '@/domain/orders';
import { isAutomaticLine, isReplacementGlass } from '@/domain/orders';
import {
  WORKSHEET_MESSAGES,
  bookingMoved,
  complaintChangeRefusal,
  complaintOrderType,
  complaintTypeAllowed,
  finishErrors,
  holdErrors,
  itemsChanged,
  timeChanged,
} from '@/domain/orders';
import { SLOT_COMPLAINT_TYPES, type TCopyOrder, type TCreateComplaint } from '@/domain/orders';
import { reviewInvitationBlocked, reviewInvitationMessage } from '@/domain/orders';
import { orderTotals } from '@/domain/orders';
import { withOwnedFieldsOf } from '@/domain/orders';
import {
  canCancel,
  complaintRefusal,
  decideSave,
  finishTakesStock,
  linesReadOnly,
  lockedMessage,
  orderTypeChangeRefusal,
  STATUS_MESSAGES,
  type TSaveDecision,
} from '@/domain/orders';
import { copyTimeErrors, saveTimeErrors } from '@/domain/orders';
import type { TIfMatch } from '@/domain/offline';
import { ZOrder, type TOrder, type TOrderItem } from '@/domain/orders';
import type { SessionUser } from '@/server/auth/sessions';
import type { Db, Tx } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { enqueueMessages } from '@/server/integrations/outbox/outbox.repo';
import { listComplaintReasons, recordOrderChange, recordOrderNote, unprocessable } from '../journal';
import { assertPlaceFor, orderHoldsPlace } from '../booking';
import { consumeOrderStock } from '../transfers';
import { announceChanges } from '@/server/integrations/live/live-changes';
import {
  ORDER_MESSAGES,
  assertOrderVersion,
  bookOrder,
  findOrder,
  findOrderFacts,
  insertOrder,
  liveChangesOf,
  lockOrder,
  orderLineFromProduct,
  orderToRow,
  orderVersionAfter,
  prepare,
  rowToOrder,
  setOrderStatus,
  updateOrder,
} from '../orders';
import { newRowId } from '@/server/db/row-id';

/**
 * The order lifecycle after creation (document 2): saving from the worksheet with the status the
 * user asks for (finish, hold, 'Send til Ordrer'), the manual status change, cancelling, copying,
 * complaints and extra sales. Every change is journaled in its own transaction; a status that
 * becomes FINISHED queues the review invitation in that transaction.
 */

export type Actor = Pick<SessionUser, 'id' | 'initials' | 'roles'>;

/** The review invitation's exclusions and link (from the environment); null queues no invitation (the demo history). */
export interface ReviewRules {
  ownDomain: string;
  excludedDebitorNo: string;
  reviewUrl: string;
}

const LIFECYCLE_SERVICE_MESSAGES = {
  moreSaleOnCancelled: 'Der kan ikke oprettes mersalg på en annulleret ordre',
  unknownWorker: ORDER_MESSAGES.unknownUser,
  missingProduct: (no: string) => `Varen ${no} findes ikke i kataloget`,
  unknownIssue: (issue: string) => `Årsagen '${issue}' findes ikke på listen`,
  wrongIssueArt: 'Årsagen hører til den anden reklamationsliste',
} as const;

/** Tells the live calendars of the changed order's day, once its transaction is committed. */
async function announced(db: Db, change: Promise<TOrder>): Promise<TOrder> {
  const order = await change;
  announceChanges(db, liveChangesOf(order));
  return order;
}

function refuse(decision: Extract<TSaveDecision, { ok: false }>): never {
  throw decision.httpStatus === 409 ? AppError.conflict(decision.message) : AppError.forbidden(decision.message);
}

function failIfAny(errors: Record<string, string[]>): void {
  if (Object.keys(errors).length) throw unprocessable(errors);
}

async function lockedOrder(tx: Tx, id: string): Promise<TOrder> {
  if (!isSetGuid(id) || !(await lockOrder(tx, id))) throw AppError.notFound(ORDER_MESSAGES.notFound);
  return (await findOrder(tx, id))!;
}

/**
 * A complaint's issues come from the reason list of its kind (internal reasons for an internal complaint,
 * customer reasons otherwise), with the matching art.
 */
async function assertComplaintIssues(tx: Tx, order: TOrder): Promise<void> {
  const issues = order.complaint?.issues ?? [];
  if (issues.length === 0) return;
  const internal = order.additionalData.orderType === 'INTERNAL_COMPLAINT';
  const reasons = new Set((await listComplaintReasons(tx, internal ? 'internal' : 'customer')).map((r) => r.text));
  const errors: Record<string, string[]> = {};
  for (const { issue, art } of issues) {
    if (art !== (internal ? 'INTERNAL' : 'CUSTOMER')) (errors['complaint.issues'] ??= []).push(LIFECYCLE_SERVICE_MESSAGES.wrongIssueArt);
    else if (!reasons.has(issue)) (errors['complaint.issues'] ??= []).push(LIFECYCLE_SERVICE_MESSAGES.unknownIssue(issue));
  }
  if (Object.keys(errors).length) throw AppError.validation(errors, errors['complaint.issues']![0]);
}

/** Queues the review invitation of an order that just became FINISHED, unless an exclusion applies. */
async function queueReviewInvitation(tx: Tx, order: TOrder, rules: ReviewRules): Promise<void> {
  if (reviewInvitationBlocked(order, rules)) return;
  await enqueueMessages(tx, [reviewInvitationMessage(order, rules.reviewUrl)]);
}

function saveText(decision: Extract<TSaveDecision, { ok: true }>, current: TOrderStatus, order: TOrder): string {
  switch (decision.action) {
    case 'SAVE':
      return 'Ordre gemt';
    case 'HOLD':
      return `Sat på hold${order.additionalData.onHoldReason ? `: ${order.additionalData.onHoldReason}` : ''}`;
    case 'RELEASE':
      return 'Taget af hold';
    case 'SEND_TO_ORDERS':
      return 'Sendt til Ordrer';
    case 'FINISH':
      if (decision.status === 'PENDING_REVIEW') return 'Afsluttet og sendt til gennemsyn';
      if (decision.status === 'SERVICE_CALL') return 'Afsluttet som servicekald';
      if (current === 'PENDING_REVIEW') return 'Gennemsyn afsluttet';
      if (current === 'SERVICE_CALL') return 'Servicekald lukket';
      return 'Ordre afsluttet';
  }
}

/**
 * PUT /order/order: saves an order from the worksheet with the status the user asks for. The rules,
 * in order: the order exists (404); FINISHED and CANCELLED refuse changes (409); PENDING_REVIEW is the
 * ReviewManager's (403); the status change is one the worksheet makes (decideSave); a time slot or from/to;
 * read-only lines in SERVICE_CALL; the complaint fields' roles; the finishing or hold checks (422). Then
 * the order is prepared like a booking (items, slot times, capacity when the booking moves) and stored.
 */
export async function saveOrder(db: Db, input: TOrder, actor: Actor, rules: ReviewRules | null, now = new Date()): Promise<TOrder> {
  return (await saveOrderAtVersion(db, input, actor, rules, null, now)).order;
}

/**
 * saveOrder for a change that may name the order's version it was made on (If-Match, issue 38): compared under the
 * order row's lock after the status rules (a cancelled or finished order answers its own reason), refused with 409
 * when it differs. Answers the saved order and its version after the save, read in the same transaction.
 */
export async function saveOrderAtVersion(
  db: Db,
  input: TOrder,
  actor: Actor,
  rules: ReviewRules | null,
  ifMatch: TIfMatch | null,
  now = new Date(),
): Promise<{ order: TOrder; version: string }> {
  const id = input.additionalData.orderId;
  let stored: TOrder | null = null;
  let version = '';
  const saved = await db.transaction(async (tx) => {
    const before = await lockedOrder(tx, id);
    stored = before;
    const current = before.additionalData.orderStatus;
    const decision = decideSave(input, current, actor.roles);
    if (!decision.ok) refuse(decision);
    await assertOrderVersion(tx, id, ifMatch);
    const timeErrors = saveTimeErrors(input.timeAndPlace);
    if (Object.keys(timeErrors).length) throw AppError.validation(timeErrors, Object.values(timeErrors)[0]![0]);
    const typeRefusal = orderTypeChangeRefusal(before.additionalData.orderType, input.additionalData.orderType);
    if (typeRefusal) throw AppError.field('additionalData.orderType', typeRefusal);
    if (linesReadOnly(current) && itemsChanged(before.items, input.items)) throw AppError.conflict(WORKSHEET_MESSAGES.linesReadOnly);
    // What other calls own stays as stored: numbers, the signed documents, the SMS flags, the complaint's facts.
    const order: TOrder = withOwnedFieldsOf(structuredClone(input), before);
    const complaintRefusal = complaintChangeRefusal(before, order, current, actor.roles);
    if (complaintRefusal) throw AppError.forbidden(complaintRefusal);
    await assertComplaintIssues(tx, order);

    // Changing department clears the fitter (the new department's fitter is chosen anew), unless the user
    // chose one in the same save; a finished order keeps its fitter.
    const departmentChanged = order.timeAndPlace.department.id.toLowerCase() !== before.timeAndPlace.department.id.toLowerCase();
    if (departmentChanged && decision.status !== 'FINISHED' && order.additionalData.worker === before.additionalData.worker) {
      order.additionalData.worker = ZERO_GUID;
    }

    if (decision.action === 'FINISH') {
      failIfAny(finishErrors({ ...order, additionalData: { ...order.additionalData, orderStatus: current } }));
      if (!order.additionalData.workCompleted) order.additionalData.workCompleted = toWireDateTime(now);
    }
    if (decision.action === 'HOLD') failIfAny(holdErrors(order, order.additionalData.onHoldReason));

    // Every booking rule applies to a moved time (another slot, day, department, times or kind); a place is
    // counted when the order starts to hold one (moved, leaving the waiting list, back from a status that
    // held none), so a save never fails on a slot that has filled up since it was booked.
    const moved =
      bookingMoved(before.timeAndPlace, order.timeAndPlace) ||
      timeChanged(before, order) ||
      bookingKind(before.additionalData.orderType, before.complaint?.complaintType) !==
        bookingKind(order.additionalData.orderType, order.complaint?.complaintType);
    const holds = orderHoldsPlace(order, decision.status);
    const checks = {
      time: moved,
      place: holds && (moved || !orderHoldsPlace(before, current)),
      // The department's rule sets when the car, the job or the place changes; a mandatory debitor when the payer or the car's parties do.
      car: moved || carChanged(before, order) || before.additionalData.orderType !== order.additionalData.orderType,
      payer: payerChanged(before, order),
    };
    const prepared = await prepare(tx, order, decision.status, checks, id, now);

    const totals = orderTotals(prepared.order);
    await updateOrder(tx, id, orderToRow(prepared.order, totals.totalExclOre), prepared.order.items);
    const after = (await findOrder(tx, id))!;
    await recordOrderChange(tx, { orderId: id, actor, before, after, text: saveText(decision, current, after), at: now });
    if (decision.action === 'FINISH' && finishTakesStock(current) && isSetGuid(after.timeAndPlace.department.id)) {
      const taken = await consumeOrderStock(tx, { orderId: id, departmentId: after.timeAndPlace.department.id, items: after.items }, actor);
      const text = taken.map((t) => `${t.taken} af ${t.wanted} stk ${t.itemNo}`).join(', ');
      if (text) await recordOrderNote(tx, id, actor, `Taget fra lageret: ${text}`, now);
    }
    if (decision.status === 'FINISHED' && current !== 'FINISHED' && rules) await queueReviewInvitation(tx, after, rules);
    version = await orderVersionAfter(tx, id);
    return after;
  });
  // The calendars of both days (and departments) hear of the move.
  announceChanges(db, liveChangesOf(...(stored ? [stored, saved] : [saved])));
  return { order: saved, version };
}

/**
 * POST /order/status/{orderId}: the manual status change ('Vælg ny order status'): the status is stored
 * as chosen. A booking that starts to hold a place in its slot must find one free.
 */
export async function changeStatus(
  db: Db,
  id: string,
  status: TOrderStatus,
  actor: Actor,
  rules: ReviewRules,
  now = new Date(),
): Promise<TOrder> {
  return announced(
    db,
    db.transaction(async (tx) => {
      const before = await lockedOrder(tx, id);
      const current = before.additionalData.orderStatus;
      if (current === status) return before;
      if (orderHoldsPlace(before, status) && !orderHoldsPlace(before, current)) await assertPlaceFor(tx, before, now);
      await setOrderStatus(tx, id, status);
      const after = (await findOrder(tx, id))!;
      await recordOrderChange(tx, { orderId: id, actor, before, after, text: `Status ændret til ${ORDER_STATUS_LABELS[status]}` });
      if (status === 'FINISHED') await queueReviewInvitation(tx, after, rules);
      return after;
    }),
  );
}

/** DELETE /order/order: an order is never removed, it is cancelled. */
export async function cancelOrder(db: Db, id: string, actor: Actor): Promise<TOrder> {
  return announced(
    db,
    db.transaction(async (tx) => {
      const before = await lockedOrder(tx, id);
      const current = before.additionalData.orderStatus;
      const locked = lockedMessage(current);
      if (locked) throw AppError.conflict(locked);
      if (!canCancel(current, actor.roles)) throw AppError.forbidden(STATUS_MESSAGES.reviewOnly);
      await setOrderStatus(tx, id, 'CANCELLED');
      const after = (await findOrder(tx, id))!;
      await recordOrderChange(tx, { orderId: id, actor, before, after, text: 'Ordre annulleret' });
      return after;
    }),
  );
}

const carChanged = (a: TOrder, b: TOrder) => a.car.make !== b.car.make || a.car.model !== b.car.model;

const payerChanged = (a: TOrder, b: TOrder) =>
  a.debitor.no !== b.debitor.no ||
  a.additionalData.whoIsPaying !== b.additionalData.whoIsPaying ||
  (['user', 'owner', 'leaser', 'insurance'] as const).some((field) => a.car[field] !== b.car[field]);

/** The parts of an order a new order made from it keeps: customer, debitor and car. */
function carriedOver(original: TOrder) {
  return {
    customer: original.customer,
    debitor: original.debitor,
    car: { ...original.car, currentOrdersOnReg: [] },
  };
}

/**
 * POST /order/copy/{id}: a new booking (PROCESSING) with the same customer, car, payer and products at the
 * chosen time and place, made like any booking (rules, capacity, confirmation and ERP export).
 */
export async function copyOrder(db: Db, id: string, body: TCopyOrder, actor: Actor): Promise<{ orderId: string; orderNr: string }> {
  failIfAny(copyTimeErrors(body.timeAndPlace));
  const original = await findOrder(db, id);
  if (!original) throw AppError.notFound(ORDER_MESSAGES.notFound);
  const a = original.additionalData;
  const copy = ZOrder.parse({
    ...carriedOver(original),
    additionalData: {
      orderType: a.orderType,
      orderStatus: 'PROCESSING',
      whoIsPaying: a.whoIsPaying,
      offerDebitor: a.offerDebitor,
      rekvNr: a.rekvNr,
      discountAmount: a.discountAmount,
      discountPercent: a.discountPercent,
      externalOrderComment: a.externalOrderComment,
      internalOrderComment: body.internalComment,
      // A copied complaint is still a complaint on the same original job.
      guaranteeId: a.guaranteeId,
    },
    timeAndPlace: body.timeAndPlace,
    items: original.items.filter((item) => !isAutomaticLine(item)),
    complaint: original.complaint,
  });
  const created = await bookOrder(db, copy, 'BOOKING', actor);
  const newId = created.additionalData.orderId;
  await db.transaction(async (tx) => {
    await recordOrderNote(tx, newId, actor, `Oprettet som kopi af ordre ${a.orderNr}`);
    await recordOrderNote(tx, id, actor, `Kopieret til ordre ${created.additionalData.orderNr}`);
  });
  return { orderId: newId, orderNr: created.additionalData.orderNr };
}

/** A catalogue product as a new order line at its list price. */
async function catalogueLine(tx: Tx, no: string): Promise<TOrderItem> {
  const product = (await findOrderFacts(tx, null, [no], null)).catalogue.get(no);
  if (!product) throw AppError.notFound(LIFECYCLE_SERVICE_MESSAGES.missingProduct(no));
  return orderLineFromProduct(product);
}

/** Stores a new order made from another one, journals both, and answers it as stored. */
async function insertFollowUp(
  tx: Tx,
  order: TOrder,
  original: TOrder,
  actor: Actor,
  now: Date,
  texts: { created: (nr: string) => string; original: (nr: string) => string },
) {
  const totals = orderTotals(order);
  const stored = await insertOrder(tx, {
    row: {
      ...orderToRow(order, totals.totalExclOre),
      id: newRowId(),
      createdBy: actor.initials,
      createdById: actor.id,
      createdAt: now,
      updatedAt: now,
    },
    items: order.items,
    messages: [],
    slot: null,
  });
  // Without a slot to count, the insert is never refused.
  if ('refused' in stored) throw AppError.conflict(BOOKING_RULE_MESSAGES.fullyBooked);
  const departmentId = guidOrNull(order.timeAndPlace.department.id);
  const department = departmentId ? ((await findOrderFacts(tx, departmentId, [], null)).department?.row ?? null) : null;
  const created = rowToOrder(stored.row, department, stored.items, stored.openOnReg);
  const nr = created.additionalData.orderNr;
  await recordOrderChange(tx, {
    orderId: stored.row.id,
    actor,
    before: null,
    after: created,
    text: texts.created(original.additionalData.orderNr),
    at: now,
  });
  await recordOrderNote(tx, original.additionalData.orderId, actor, texts.original(nr), now);
  return created;
}

/**
 * POST /Complaint/create/{id}: a complaint on a done job, as a new order (COMPLAINT, or INTERNAL_COMPLAINT)
 * referring to the original's fitter, type and window maker. A complaint with a slot books its own time
 * (REPLACE_SLOT a window slot with the original glass, REPAIR_SLOT a stone-chip slot) and may be made by
 * Complaint, CustomerService and Adminstrator; one without a slot and an internal one by everyone, on the
 * original's time and place. The lines are the free service call (SERV) and, for REPLACE_SLOT, the glass;
 * a complaint is not charged, so every line costs 0.
 */
export async function createComplaint(db: Db, id: string, body: TCreateComplaint, actor: Actor, now = new Date()): Promise<TOrder> {
  if (!complaintTypeAllowed(body.type, actor.roles)) throw AppError.forbidden(WORKSHEET_MESSAGES.complaintWithSlot);
  const withSlot = SLOT_COMPLAINT_TYPES.includes(body.type);
  if (withSlot) failIfAny(copyTimeErrors(body.timeAndPlace));
  return announced(
    db,
    db.transaction(async (tx) => {
      const original = await findOrder(tx, id);
      if (!original) throw AppError.notFound(ORDER_MESSAGES.notFound);
      const a = original.additionalData;
      const refusal = complaintRefusal(original);
      if (refusal) throw AppError.conflict(refusal);
      const glass =
        body.type === 'REPLACE_SLOT'
          ? original.items.filter((i) => i.isMainItem || isReplacementGlass(i)).map((i) => ({ itemNo: i.itemNo, amount: i.amount }))
          : [];
      const draft = ZOrder.parse({
        ...carriedOver(original),
        additionalData: {
          orderType: complaintOrderType(body.type),
          orderStatus: 'PROCESSING',
          whoIsPaying: a.whoIsPaying,
          offerDebitor: a.offerDebitor,
          rekvNr: a.rekvNr,
          internalOrderComment: body.internalComment,
          worker: body.worker,
          guaranteeId: a.orderId,
        },
        timeAndPlace: withSlot ? body.timeAndPlace : { ...original.timeAndPlace, timeSlotId: ZERO_GUID, waitingList: false },
        items: [...glass, { itemNo: ITEM_NUMBERS.SERVICE_CALL, amount: 1 }],
        complaint: {
          complaintType: body.type,
          referenceWorker: a.worker,
          referenceJobType: a.orderType,
          oldManufacturer: a.windowManufacturer,
        },
      });
      const { order } = await prepare(
        tx,
        draft,
        'PROCESSING',
        { time: withSlot, place: withSlot && orderHoldsPlace(draft, 'PROCESSING') },
        null,
        now,
      );
      order.items = order.items.map((item) => ({ ...item, itemPrice: 0, discountPercent: 0 }));
      return insertFollowUp(tx, order, original, actor, now, {
        created: (nr) => `Reklamation oprettet på ordre ${nr}`,
        original: (nr) => `Reklamation ${nr} oprettet`,
      });
    }),
  );
}

/**
 * GET /MoreSaleOrder/create/{id}: an extra sale (SALE, PROCESSING_MORESALE) for the customer, car and
 * debitor of an order, on its time and place, without lines; with `loanCarInsurance` it carries the
 * loan car's excess waiver (BIL003, one day).
 */
export async function createMoreSale(
  db: Db,
  id: string,
  actor: Actor,
  options: { loanCarInsurance?: boolean } = {},
  now = new Date(),
): Promise<TOrder> {
  return announced(
    db,
    db.transaction(async (tx) => {
      const original = await findOrder(tx, id);
      if (!original) throw AppError.notFound(ORDER_MESSAGES.notFound);
      const a = original.additionalData;
      if (a.orderStatus === 'CANCELLED') throw AppError.conflict(LIFECYCLE_SERVICE_MESSAGES.moreSaleOnCancelled);
      const order = ZOrder.parse({
        ...carriedOver(original),
        additionalData: {
          orderType: 'SALE',
          orderStatus: 'PROCESSING_MORESALE',
          whoIsPaying: a.whoIsPaying,
          offerDebitor: a.offerDebitor,
          rekvNr: a.rekvNr,
          worker: a.worker,
        },
        timeAndPlace: { ...original.timeAndPlace, timeSlotId: ZERO_GUID, waitingList: false },
        items: options.loanCarInsurance ? [await catalogueLine(tx, ITEM_NUMBERS.LOAN_CAR_INSURANCE)] : [],
      });
      return insertFollowUp(tx, order, original, actor, now, {
        created: (nr) =>
          options.loanCarInsurance ? `Selvrisikoforsikring til lånebil oprettet på ordre ${nr}` : `Mersalg oprettet på ordre ${nr}`,
        original: (nr) =>
          options.loanCarInsurance ? `Selvrisikoforsikring til lånebil oprettet som ordre ${nr}` : `Mersalg ${nr} oprettet`,
      });
    }),
  );
}
