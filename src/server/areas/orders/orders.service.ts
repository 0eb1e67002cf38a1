import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { BOOKING_MESSAGES } from '@/domain/booking/booking.schemas';
import { isClosedDay, isPastDay, slotKindFor } from '@/domain/booking/availability';
import { publicHolidaySet } from '@/domain/booking/holidays';
import { copenhagenParts, fromCopenhagen, hoursToTime, toWireDateTime } from '@/domain/lib/dates';
import { ZERO_GUID, isSetGuid } from '@/domain/lib/guid';
import { oreToKroner } from '@/domain/lib/money';
import type { FieldErrors } from '@/domain/lib/validation';
import { CAPACITY_STATUSES, ITEM_NUMBERS, type TOrderStatus } from '@/domain/orders/order-enums';
import { hasCalibration, isTwoManJob, withFreeLoanCar, withMobileServiceProduct, withServiceLine } from '@/domain/orders/order-items';
import { bookingConfirmationSms, confirmationEmail, offerEmail, receiptPayload } from '@/domain/orders/order-payloads';
import { orderTotals } from '@/domain/orders/order-pricing';
import { statusForSubmit, validateOrderForSubmit } from '@/domain/orders/order-validation';
import type { TOrder, TOrderItem } from '@/domain/orders/order.schemas';
import type { SessionUser } from '@/server/auth/sessions';
import type { Db, DbOrTx, Tx } from '@/server/db/client';
import { outbox } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { enqueueMessages, type NewOutboxMessage } from '@/server/integrations/outbox/outbox.repo';
import { openingHoursOf } from '../departments';
import * as repo from './orders.repo';

export type SubmitAction = 'BOOKING' | 'OFFER';

export const ORDER_MESSAGES = {
  notFound: 'Ordren findes ikke',
  unknownItem: (no: string) => `Ukendt varenummer: ${no}`,
  calibrationNotMobile: 'Kalibrering (PK3, PK5, PK6) kan ikke udføres af en mobil afdeling',
  slotNotFound: 'Det valgte timeslot findes ikke i afdelingen',
  slotWrongDay: 'Det valgte timeslot gælder ikke den valgte dag',
  slotWrongKind: 'Det valgte timeslot passer ikke til ordretypen',
  dayPassed: 'Der kan ikke bookes på en dag, der er gået',
  dayClosed: 'Afdelingen har lukket den valgte dag',
  alreadySubmitted: 'Ordren er allerede bestilt',
  offerNeedsEmail: 'Kunden skal have en e-mail, før et tilbud kan sendes',
  slotChanged: 'Det valgte timeslot er blevet ændret. Vælg tiden igen.',
} as const;

function fail(errors: FieldErrors): never {
  const first = Object.values(errors)[0]?.[0];
  throw AppError.validation(errors, first);
}

type Catalogue = Map<string, repo.CatalogueRow>;

/** The automatic lines the rules may add (UD, BIL001, the mobile-service zone). */
const AUTOMATIC_ITEM_NUMBERS = [ITEM_NUMBERS.SERVICE_LINE, ITEM_NUMBERS.FREE_LOAN_CAR, ITEM_NUMBERS.MOBILE_SERVICE[0]];

const itemNumbersOf = (items: TOrderItem[]) => [...new Set(items.map((i) => i.itemNo || i.no))];

/** The catalogue's facts of a product, as an order line carries them. */
function productFacts(product: repo.CatalogueRow) {
  return {
    itemNo: product.no,
    no: product.no,
    type: product.itemType,
    twoPersonJob: product.twoPersonJob,
    isService: product.isService,
    isVINitem: product.isVinItem,
    material: product.material,
    oEnumber: product.oeNumber,
    euroCode: product.euroCode,
    description2: product.description2,
    description3: product.description3,
    description4: product.description4,
  };
}

/** Fills each item with the catalogue's facts; the client's amount, price and discount stay. */
function withCatalogueFacts(catalogue: Catalogue, items: TOrderItem[]): TOrderItem[] {
  const unknown = itemNumbersOf(items).filter((n) => !catalogue.has(n));
  if (unknown.length) fail({ items: unknown.map(ORDER_MESSAGES.unknownItem) });
  return items.map((item) => {
    const product = catalogue.get(item.itemNo || item.no)!;
    return { ...item, ...productFacts(product), name: item.name || product.name, description: item.description || product.description };
  });
}

/** A catalogue product as a new order line (one, at its list price): the lines the rules add, complaint and extra-sale lines. */
export function orderLineFromProduct(product: repo.CatalogueRow): TOrderItem {
  return {
    ...productFacts(product),
    name: product.name,
    description: product.description,
    amount: 1,
    itemPrice: oreToKroner(product.listPriceOre),
    discountPercent: 0,
    isMainItem: false,
    debitorPrice: null,
    status: [],
    subItems: [],
    tips: null,
    previouslyPurchased: false,
  };
}

function catalogueItem(catalogue: Catalogue, no: string): TOrderItem | null {
  const product = catalogue.get(no);
  return product ? orderLineFromProduct(product) : null;
}

/** An order in this status holds a place in its slot (and so must find one free). */
const takesPlace = (status: TOrderStatus, t: TOrder['timeAndPlace']) => CAPACITY_STATUSES.includes(status) && !t.waitingList;

/** The slot an order books at its department, as the checks need it. */
function bookedSlot(t: TOrder['timeAndPlace']): { id: string; date: string } | null {
  return isSetGuid(t.department.id) && isSetGuid(t.timeSlotId) && t.date ? { id: t.timeSlotId, date: t.date.slice(0, 10) } : null;
}

/**
 * What the checks of an order read, in one round trip. With `lock` the slot is locked until the transaction
 * ends and, when the order takes a place, its bookings are counted after the lock: concurrent bookings of a
 * slot queue up there.
 */
function readFacts(db: DbOrTx, input: TOrder, status: TOrderStatus, existingId: string | null, lock: boolean): Promise<repo.OrderFacts> {
  const t = input.timeAndPlace;
  const slot = bookedSlot(t);
  return repo.findOrderFacts(
    db,
    isSetGuid(t.department.id) ? t.department.id : null,
    [...new Set([...itemNumbersOf(input.items), ...AUTOMATIC_ITEM_NUMBERS])],
    slot && { ...slot, lock: lock ? { countStatuses: takesPlace(status, t) ? CAPACITY_STATUSES : null, excludeOrderId: existingId } : null },
  );
}

/**
 * Applies the server's truth to an order before it is stored: the department as it is, the slot's own
 * times, the item rules (UD, BIL001, the mobile-service product) and twoManJob. When the slot's places were
 * counted, one must be left. Throws on any broken rule; answers the order and the slot it books.
 */
function applyFacts(
  input: TOrder,
  status: TOrderStatus,
  facts: repo.OrderFacts,
  now: Date | null,
): { order: TOrder; department: repo.DepartmentRow | null; booked: { slot: repo.FactsSlot; date: string } | null } {
  const order: TOrder = structuredClone(input);
  order.additionalData.orderStatus = status;
  const t = order.timeAndPlace;
  const asked = bookedSlot(t);

  const department = facts.department?.row ?? null;
  t.department = repo.departmentRef(department);
  if (!department?.mobileService) t.mobileServiceLocation = { address: '', covered: false };

  let items = withCatalogueFacts(facts.catalogue, order.items);
  if (department?.mobileService && hasCalibration(items)) fail({ 'timeAndPlace.department': [ORDER_MESSAGES.calibrationNotMobile] });

  let hasFreeCar = false;
  let booked: { slot: repo.FactsSlot; date: string } | null = null;
  if (facts.department && department && asked) {
    const date = asked.date;
    const slot = facts.slot;
    if (!slot || slot.departmentId !== department.id) fail({ 'timeAndPlace.timeSlotId': [ORDER_MESSAGES.slotNotFound] });
    if (slot.type !== slotKindFor(order.additionalData.orderType)) fail({ 'timeAndPlace.timeSlotId': [ORDER_MESSAGES.slotWrongKind] });
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const weekday = copenhagenParts(fromCopenhagen(y, m, d, 12)).weekday;
    // A new booking cannot be made for a day that has passed; saves of existing orders keep theirs.
    if (now && isPastDay(y, m, d, now)) fail({ 'timeAndPlace.date': [ORDER_MESSAGES.dayPassed] });
    if (isClosedDay(openingHoursOf(facts.department.hours), date, weekday, publicHolidaySet(y))) fail({ 'timeAndPlace.date': [ORDER_MESSAGES.dayClosed] });
    const validDay = slot.date ? slot.date === date : slot.day === weekday && !slot.specificPlanOnDate;
    if (!validDay) fail({ 'timeAndPlace.timeSlotId': [ORDER_MESSAGES.slotWrongDay] });
    const at = (hours: number) => {
      const [h, min] = hoursToTime(hours).split(':').map(Number) as [number, number];
      return toWireDateTime(fromCopenhagen(y, m, d, h, min));
    };
    t.from = at(slot.from);
    t.to = at(slot.to);
    hasFreeCar = slot.hasFreeCar;
    if (slot.booked !== null && slot.booked >= slot.maxBookings) throw AppError.conflict(BOOKING_MESSAGES.fullyBooked);
    booked = { slot, date };
  }

  const service = catalogueItem(facts.catalogue, ITEM_NUMBERS.SERVICE_LINE);
  const loanCar = catalogueItem(facts.catalogue, ITEM_NUMBERS.FREE_LOAN_CAR);
  const zone = catalogueItem(facts.catalogue, ITEM_NUMBERS.MOBILE_SERVICE[0]);
  if (service) items = withServiceLine(items, order.additionalData.orderType, service);
  if (loanCar) items = withFreeLoanCar(items, hasFreeCar, order.additionalData.orderType, loanCar);
  if (zone) items = withMobileServiceProduct(items, department?.mobileService === true, zone);
  order.items = items;
  order.additionalData.twoManJob = isTwoManJob(items);

  const errors = validateOrderForSubmit(order);
  if (Object.keys(errors).length) fail(errors);
  return { order, department, booked };
}

/**
 * Applies the server's truth to an order before it is stored, inside the caller's transaction (see
 * applyFacts), with the slot locked and its places counted until the transaction ends. Throws on any broken rule.
 */
export async function prepare(
  tx: Tx,
  input: TOrder,
  status: TOrderStatus,
  existingId: string | null,
  now: Date | null,
): Promise<{ order: TOrder; department: repo.DepartmentRow | null }> {
  const { order, department } = applyFacts(input, status, await readFacts(tx, input, status, existingId, true), now);
  return { order, department };
}

/** What a booking sends, in its transaction: the ERP export, and the confirmation SMS and e-mail the customer allows. */
function bookingMessages(order: TOrder, totalInclOre: number): NewOutboxMessage[] {
  const orderId = order.additionalData.orderId;
  const messages: NewOutboxMessage[] = [
    { channel: 'ERP', kind: 'ORDER_EXPORT', recipient: order.additionalData.orderNr, body: JSON.stringify(receiptPayload(order)), orderId },
  ];
  const { customer } = order;
  if (customer.allowSms && customer.phone) {
    messages.push({ channel: 'SMS', kind: 'ORDER_CONFIRMATION', recipient: `${customer.phonePrefix}${customer.phone}`, body: bookingConfirmationSms(order), orderId });
  }
  if (customer.allowEmail && customer.email) {
    const mail = confirmationEmail(order, totalInclOre);
    messages.push({ channel: 'EMAIL', kind: 'ORDER_CONFIRMATION', recipient: customer.email, subject: mail.subject, body: mail.text, orderId });
  }
  return messages;
}

/** The offer e-mail (Email Tilbud), to the address the customer gave. */
function offerMessage(order: TOrder, totalInclOre: number): NewOutboxMessage {
  const mail = offerEmail(order, totalInclOre);
  return { channel: 'EMAIL', kind: 'OFFER', recipient: order.customer.email, subject: mail.subject, body: mail.text, orderId: order.additionalData.orderId };
}

export interface CreateOptions {
  /** When the order is made; the demo seed books in the past as if it were then. */
  now?: Date;
  /** Queue the ERP export, SMS and e-mails (the seed's history does not). */
  notify?: boolean;
}

/** How often a new booking is tried when its slot was changed between the checks and the insert. */
const SLOT_CHANGE_ATTEMPTS = 3;

/**
 * POST /order/order: Booking sets PROCESSING, Email Tilbud sets OFFER. Without a transaction: the checks read
 * in one round trip, and one statement locks the slot, counts its places, makes sure the slot is as the checks
 * read it, and stores the order with its lines and messages (repo.insertOrder). Capacity is enforced there as
 * prepare enforces it, under the slot's lock.
 */
export async function createOrder(db: Db, input: TOrder, action: SubmitAction, actor: Pick<SessionUser, 'id' | 'initials'>, options: CreateOptions = {}): Promise<TOrder> {
  const now = options.now ?? new Date();
  if (action === 'OFFER' && !input.customer.email) fail({ 'customer.email': [ORDER_MESSAGES.offerNeedsEmail] });
  if (isSetGuid(input.additionalData.orderId)) return submitExisting(db, input, action, now);
  const status = statusForSubmit(action);
  for (let attempt = 1; ; attempt++) {
    const { order, department, booked } = applyFacts(input, status, await readFacts(db, input, status, null, false), now);
    const totals = orderTotals(order);
    const a = order.additionalData;
    a.orderId = randomUUID();
    // The insert takes the number, and puts it in the messages in place of the mark.
    a.orderNr = repo.ORDER_NR_MARK;
    a.createdBy = actor.initials;
    a.created = toWireDateTime(now);
    const messages = options.notify === false ? [] : action === 'BOOKING' ? bookingMessages(order, totals.totalInclOre) : [offerMessage(order, totals.totalInclOre)];
    const stored = await repo.insertOrder(db, {
      row: { ...repo.orderToRow(order, totals.totalExclOre), id: a.orderId, createdBy: actor.initials, createdById: actor.id, createdAt: now, updatedAt: now },
      items: order.items,
      messages,
      slot: booked && { id: booked.slot.id, date: booked.date, asRead: booked.slot.asRead, countStatuses: takesPlace(status, order.timeAndPlace) ? CAPACITY_STATUSES : null },
    });
    // The answer is the order as stored (what GET /order/order/{id} gives), without reading it back.
    if ('row' in stored) return repo.rowToOrder(stored.row, department, stored.items, stored.openOnReg);
    if (stored.refused === 'FULL') throw AppError.conflict(BOOKING_MESSAGES.fullyBooked);
    if (attempt === SLOT_CHANGE_ATTEMPTS) throw AppError.conflict(ORDER_MESSAGES.slotChanged);
  }
}

/** Statuses of an order that is still being prepared: Booking or Email Tilbud turns it into the real thing. */
const SUBMITTABLE: readonly TOrderStatus[] = ['DRAFT', 'OFFER', 'OFFER_REQUEST'];

/**
 * Booking or Email Tilbud on an order that already exists (an offer request from the web shop, a draft,
 * an offer being accepted): the order keeps its number and becomes PROCESSING or OFFER, with the same
 * rules and messages as a new one. An order already booked cannot be submitted again.
 */
async function submitExisting(db: Db, input: TOrder, action: SubmitAction, now: Date): Promise<TOrder> {
  const id = input.additionalData.orderId;
  await db.transaction(async (tx) => {
    const existing = await repo.lockOrder(tx, id);
    if (!existing) throw AppError.notFound(ORDER_MESSAGES.notFound);
    if (!SUBMITTABLE.includes(existing.orderStatus as TOrderStatus)) throw AppError.conflict(ORDER_MESSAGES.alreadySubmitted);
    const { order } = await prepare(tx, input, statusForSubmit(action), id, now);
    const totals = orderTotals(order);
    await repo.updateOrder(tx, id, repo.orderToRow(order, totals.totalExclOre), order.items);
    order.additionalData.orderNr = String(existing.orderNr);
    await enqueueMessages(tx, action === 'BOOKING' ? bookingMessages(order, totals.totalInclOre) : [offerMessage(order, totals.totalInclOre)]);
  });
  return (await repo.findOrder(db, id))!;
}

export async function getOrder(db: Db, id: string): Promise<TOrder> {
  const order = await repo.findOrder(db, id);
  if (!order) throw AppError.notFound(ORDER_MESSAGES.notFound);
  return order;
}

/** What the receipt ticks show: the ERP export's state and whether the booking is in the calendar. */
export async function getReceipt(db: Db, id: string) {
  const order = await getOrder(db, id);
  const messages = await db.select({ channel: outbox.channel, kind: outbox.kind, status: outbox.status }).from(outbox).where(eq(outbox.orderId, id));
  const t = order.timeAndPlace;
  const erp = messages.find((m) => m.channel === 'ERP');
  return {
    orderId: id,
    orderNr: order.additionalData.orderNr,
    orderStatus: order.additionalData.orderStatus,
    erp: erp ? erp.status : null,
    calendar: CAPACITY_STATUSES.includes(order.additionalData.orderStatus) && t.department.id !== ZERO_GUID && t.from !== null && t.to !== null,
    sms: messages.some((m) => m.channel === 'SMS'),
    email: messages.some((m) => m.channel === 'EMAIL'),
  };
}

/** An order by its id or its order number, as the notification bodies carry one or the other. */
export async function getOrderByRef(db: Db, ref: { id?: string | undefined; orderNr?: string | undefined }): Promise<TOrder> {
  const id = ref.id && isSetGuid(ref.id) ? ref.id : ref.orderNr && /^\d{1,9}$/.test(ref.orderNr) ? await repo.findOrderIdByNr(db, Number(ref.orderNr)) : null;
  if (!id) throw AppError.notFound(ORDER_MESSAGES.notFound);
  return getOrder(db, id);
}

