import { eq } from 'drizzle-orm';
import { BOOKING_RULE_MESSAGES, type TBookingChecks } from '@/domain/booking';
import { RULE_SET_MESSAGES } from '@/domain/rule-sets';
import { matchDebitorRule, payerOfDebitorRule } from '@/domain/rule-sets';
import { toWireDateTime } from '@/domain/lib/dates';
import { ZERO_GUID, isSetGuid } from '@/domain/lib/guid';
import { oreToKroner } from '@/domain/lib/money';
import type { FieldErrors } from '@/domain/lib/validation';
import { mayEmailCustomer } from '@/domain/orders';
import { CAPACITY_STATUSES, CREATABLE_ORDER_TYPES, ITEM_NUMBERS, isNotYetBooked, type TOrderStatus } from '@/domain/orders';
import { callsForFitting, hasCalibration, isTwoManJob, withFreeLoanCar, withMobileServiceProduct, withServiceLine } from '@/domain/orders';
import { withOwnedFieldsOf, withoutOwnedFields } from '@/domain/orders';
import { bookingConfirmationSms, confirmationEmail, offerEmail, receiptPayload } from '@/domain/orders';
import { orderTotals } from '@/domain/orders';
import { ORDER_TYPE_MESSAGES } from '@/domain/orders';
import { saveTimeErrors, statusForSubmit, validateOrderForSubmit } from '@/domain/orders';
import type { TOrder, TOrderItem } from '@/domain/orders';
import type { SessionUser } from '@/server/auth/sessions';
import type { Db, DbOrTx, Tx } from '@/server/db/client';
import { outbox } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { announceChanges, type LiveChange } from '@/server/integrations/live/live-changes';
import { enqueueMessages, type NewOutboxMessage } from '@/server/integrations/outbox/outbox.repo';
import { decideOrderTime, orderHoldsPlace, slotQueryOf, type FactsSlot } from '../booking';
import type { OrderAnswers } from './order-answers';
import * as repo from './orders.repo';
import { newRowId } from '@/server/db/row-id';

export type SubmitAction = 'BOOKING' | 'OFFER';

export const ORDER_MESSAGES = {
  notFound: 'Ordren findes ikke',
  unknownItem: (no: string) => `Ukendt varenummer: ${no}`,
  calibrationNotMobile: 'Kalibrering (PK3, PK5, PK6) kan ikke udføres af en mobil afdeling',
  alreadySubmitted: 'Ordren er allerede bestilt',
  offerNeedsEmail: 'Kunden skal have en e-mail, før et tilbud kan sendes',
  slotChanged: 'Det valgte timeslot er blevet ændret. Vælg tiden igen.',
  unknownDebitor: 'Debitoren findes ikke i debitorregistret',
  unknownUser: 'Montøren findes ikke',
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

/**
 * A mandatory debtor rule that matches the car (Debitor regelsæt) fixes the payer and the debitor: any other is
 * refused on `debitor.no`.
 */
function assertMandatoryDebitor(order: TOrder, facts: repo.OrderFacts): void {
  const car = order.car;
  const rule = matchDebitorRule(
    { user: car.user, owner: car.owner, leaser: car.leaser, insurance: car.insurance },
    facts.mandatoryDebitorRules,
  );
  if (!rule) return;
  if (order.debitor.no.trim() !== rule.debitor || order.additionalData.whoIsPaying !== payerOfDebitorRule(rule.type)) {
    fail({ 'debitor.no': [RULE_SET_MESSAGES.mandatoryDebitor(rule.debitorName)] });
  }
}

/** The fitter and helper ids an order names. */
const userIdsOf = (order: TOrder) =>
  [order.additionalData.worker, order.additionalData.helper].filter(isSetGuid).map((id) => id.toLowerCase());

/**
 * What the checks of an order read, in one round trip: the booking facts (the slot as booking's seam asks for it:
 * with `lock` locked, and its places counted when `checks.place`, until the transaction ends) and the order's own.
 */
function readFacts(db: DbOrTx, input: TOrder, checks: TBookingChecks, existingId: string | null, lock: boolean): Promise<repo.OrderFacts> {
  const t = input.timeAndPlace;
  return repo.findOrderFacts(
    db,
    isSetGuid(t.department.id) ? t.department.id : null,
    [...new Set([...itemNumbersOf(input.items), ...AUTOMATIC_ITEM_NUMBERS])],
    slotQueryOf(input, checks, existingId, lock),
    { debitorNo: input.debitor.no.trim() || null, userIds: userIdsOf(input), zipCode: t.zipCode.trim() || null },
  );
}

/** The checks of an order change: the booking's, and whether its payer is new or changed (mandatory debitors). */
export type OrderChecks = TBookingChecks & { payer?: boolean };

/**
 * Applies the server's truth to an order before it is stored: the department as it is, the debitor as the
 * register has it, the booking rules (decideBooking) with the slot's own times, the item rules (UD, BIL001,
 * the mobile-service product) and twoManJob. Throws on any broken rule; answers the order and the slot it books.
 */
function applyFacts(
  input: TOrder,
  status: TOrderStatus,
  facts: repo.OrderFacts,
  checks: OrderChecks,
  now: Date,
): { order: TOrder; department: repo.DepartmentRow | null; booked: { slot: FactsSlot; date: string } | null } {
  // The spec's save rule first: without it a missing time meets the booking rules' generic 'Feltet er påkrævet'.
  const timeErrors = saveTimeErrors(input.timeAndPlace);
  if (Object.keys(timeErrors).length) fail(timeErrors);
  const order: TOrder = structuredClone(input);
  order.additionalData.orderStatus = status;
  const t = order.timeAndPlace;

  const department = facts.department?.row ?? null;
  t.department = repo.departmentRef(department);
  if (!department?.mobileService) t.mobileServiceLocation = { address: '', covered: false };

  if (order.debitor.no.trim()) {
    if (!facts.debitor) fail({ 'debitor.no': [ORDER_MESSAGES.unknownDebitor] });
    order.debitor = facts.debitor;
  }
  const unknownUsers = Object.entries({
    'additionalData.worker': order.additionalData.worker,
    'additionalData.helper': order.additionalData.helper,
  }).filter(([, id]) => isSetGuid(id) && !facts.activeUserIds.has(id.toLowerCase()));
  if (unknownUsers.length) fail(Object.fromEntries(unknownUsers.map(([field]) => [field, [ORDER_MESSAGES.unknownUser]])));
  if (checks.payer ?? checks.time) assertMandatoryDebitor(order, facts);

  let items = withCatalogueFacts(facts.catalogue, order.items);
  if (department?.mobileService && hasCalibration(items)) fail({ 'timeAndPlace.department': [ORDER_MESSAGES.calibrationNotMobile] });

  // The booking decision (booking's seam): the slot's times, its free loan car and the slot it books.
  const time = decideOrderTime(order, facts, checks, now);
  if (time) {
    t.from = time.from;
    t.to = time.to;
  }
  const hasFreeCar = time?.hasFreeCar ?? false;
  const booked = time?.booked ?? null;

  const service = catalogueItem(facts.catalogue, ITEM_NUMBERS.SERVICE_LINE);
  const loanCar = catalogueItem(facts.catalogue, ITEM_NUMBERS.FREE_LOAN_CAR);
  const zone = catalogueItem(facts.catalogue, ITEM_NUMBERS.MOBILE_SERVICE[0]);
  if (service) items = withServiceLine(items, callsForFitting(order), service);
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
 * applyFacts), with the slot locked and, with `checks.place`, its places counted until the transaction ends.
 */
export async function prepare(
  tx: Tx,
  input: TOrder,
  status: TOrderStatus,
  checks: OrderChecks,
  existingId: string | null,
  now: Date,
): Promise<{ order: TOrder; department: repo.DepartmentRow | null }> {
  const { order, department } = applyFacts(input, status, await readFacts(tx, input, checks, existingId, true), checks, now);
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
    messages.push({
      channel: 'SMS',
      kind: 'ORDER_CONFIRMATION',
      recipient: `${customer.phonePrefix}${customer.phone}`,
      body: bookingConfirmationSms(order),
      orderId,
    });
  }
  if (mayEmailCustomer(customer)) {
    const mail = confirmationEmail(order, totalInclOre);
    messages.push({
      channel: 'EMAIL',
      kind: 'ORDER_CONFIRMATION',
      recipient: customer.email,
      subject: mail.subject,
      body: mail.text,
      orderId,
    });
  }
  return messages;
}

/** The offer e-mail (Email Tilbud), to the address the customer gave. */
function offerMessage(order: TOrder, totalInclOre: number): NewOutboxMessage {
  const mail = offerEmail(order, totalInclOre);
  return {
    channel: 'EMAIL',
    kind: 'OFFER',
    recipient: order.customer.email,
    subject: mail.subject,
    body: mail.text,
    orderId: order.additionalData.orderId,
  };
}

export interface CreateOptions {
  /** When the order is made; the demo seed books in the past as if it were then. */
  now?: Date;
  /** Queue the ERP export, SMS and e-mails (the seed's history does not). */
  notify?: boolean;
  /**
   * A booking made by the customer on the booking page (issue 41): stored as WEB_REVIEW (holding its place like any
   * booking) for customer service to check, with the page's own confirmation instead of the staff booking's messages.
   */
  web?: { messages: (order: TOrder) => NewOutboxMessage[] };
}

/** How often a new booking is tried when its slot was changed between the checks and the insert. */
const SLOT_CHANGE_ATTEMPTS = 3;

/**
 * POST /order/order from a client: a new order of a type a new order is created as (an extra sale or a complaint
 * is made from an existing order by its own call), with every server-owned field left to its owner. Booking sets
 * PROCESSING, Email Tilbud OFFER; an existing draft, offer or offer request is booked under its own number.
 */
export async function createOrder(
  db: Db,
  input: TOrder,
  action: SubmitAction,
  actor: Pick<SessionUser, 'id' | 'initials'>,
  options: CreateOptions = {},
): Promise<TOrder> {
  if (!CREATABLE_ORDER_TYPES.includes(input.additionalData.orderType)) {
    throw AppError.field('additionalData.orderType', ORDER_TYPE_MESSAGES.notCreatable);
  }
  return bookOrder(db, withoutOwnedFields(input), action, actor, options);
}

/**
 * A new booking (PROCESSING) or offer (OFFER) as the server makes it (POST /order/order, a copy, the demo
 * history). Without a transaction: the checks read in one round trip, and one statement locks the slot, counts
 * its places, makes sure the slot is as the checks read it, and stores the order with its lines and messages
 * (repo.insertOrder). Capacity is enforced there as prepare enforces it, under the slot's lock.
 */
export async function bookOrder(
  db: Db,
  input: TOrder,
  action: SubmitAction,
  actor: Pick<SessionUser, 'id' | 'initials'>,
  options: CreateOptions = {},
): Promise<TOrder> {
  const now = options.now ?? new Date();
  if (action === 'OFFER' && !input.customer.email) fail({ 'customer.email': [ORDER_MESSAGES.offerNeedsEmail] });
  if (isSetGuid(input.additionalData.orderId)) return submitExisting(db, input, action, now);
  const status: TOrderStatus = options.web ? 'WEB_REVIEW' : statusForSubmit(action);
  const checks: TBookingChecks = { time: true, place: orderHoldsPlace(input, status) };
  for (let attempt = 1; ; attempt++) {
    const { order, department, booked } = applyFacts(input, status, await readFacts(db, input, checks, null, false), checks, now);
    const totals = orderTotals(order);
    const a = order.additionalData;
    a.orderId = newRowId();
    // The insert takes the number, and puts it in the messages in place of the mark.
    a.orderNr = repo.ORDER_NR_MARK;
    a.createdBy = actor.initials;
    a.created = toWireDateTime(now);
    const messages =
      options.notify === false
        ? []
        : options.web
          ? options.web.messages(order)
          : action === 'BOOKING'
            ? bookingMessages(order, totals.totalInclOre)
            : [offerMessage(order, totals.totalInclOre)];
    const stored = await repo.insertOrder(db, {
      row: {
        ...repo.orderToRow(order, totals.totalExclOre),
        id: a.orderId,
        createdBy: actor.initials,
        createdById: actor.id,
        createdAt: now,
        updatedAt: now,
      },
      items: order.items,
      messages,
      slot: booked && { id: booked.slot.id, date: booked.date, asRead: booked.slot.asRead, count: checks.place },
    });
    // The answer is the order as stored (what GET /order/order/{id} gives), without reading it back.
    if ('row' in stored) {
      const created = repo.rowToOrder(stored.row, department, stored.items, stored.openOnReg);
      announceChanges(db, liveChangesOf(created));
      return created;
    }
    if (stored.refused === 'FULL') throw AppError.conflict(BOOKING_RULE_MESSAGES.fullyBooked);
    if (attempt === SLOT_CHANGE_ATTEMPTS) throw AppError.conflict(ORDER_MESSAGES.slotChanged);
  }
}

/**
 * Booking or Email Tilbud on an order that already exists (an offer request from the web shop, a draft,
 * an offer being accepted): the order keeps its number and its server-owned fields and becomes PROCESSING or
 * OFFER, with the same rules and messages as a new one. An order already booked cannot be submitted again.
 */
async function submitExisting(db: Db, input: TOrder, action: SubmitAction, now: Date): Promise<TOrder> {
  const id = input.additionalData.orderId;
  await db.transaction(async (tx) => {
    const existing = await repo.lockOrder(tx, id);
    if (!existing) throw AppError.notFound(ORDER_MESSAGES.notFound);
    if (!isNotYetBooked(existing.orderStatus)) throw AppError.conflict(ORDER_MESSAGES.alreadySubmitted);
    const stored = (await repo.findOrder(tx, id))!;
    const status = statusForSubmit(action);
    const owned = withOwnedFieldsOf(input, stored);
    const { order } = await prepare(tx, owned, status, { time: true, place: orderHoldsPlace(owned, status) }, id, now);
    const totals = orderTotals(order);
    await repo.updateOrder(tx, id, repo.orderToRow(order, totals.totalExclOre), order.items);
    order.additionalData.orderNr = String(existing.orderNr);
    await enqueueMessages(
      tx,
      action === 'BOOKING' ? bookingMessages(order, totals.totalInclOre) : [offerMessage(order, totals.totalInclOre)],
    );
  });
  const stored = (await repo.findOrder(db, id))!;
  announceChanges(db, liveChangesOf(stored));
  return stored;
}

/** The calendar days an order is on, for the live calendars (its department and day; none without them). */
export function liveChangesOf(...versions: TOrder[]): LiveChange[] {
  return versions
    .filter((o) => isSetGuid(o.timeAndPlace.department.id))
    .map((o) => ({ departmentId: o.timeAndPlace.department.id, date: o.timeAndPlace.date?.slice(0, 10) ?? null }));
}

/**
 * GET /order/order/{id} as sent: the order's JSON, made once per version of what it is made of (OrderAnswers). With
 * an answer kept, only its version is checked, and the order read again only when that no longer holds.
 */
export async function getOrderAnswer(db: Db, answers: OrderAnswers, id: string): Promise<{ body: Buffer; editVersion: string }> {
  const kept = answers.get(id);
  const read = await repo.readOrder(db, id, kept?.version ?? null);
  if (!read) throw AppError.notFound(ORDER_MESSAGES.notFound);
  // Without an order the version was the known one, so there is a kept answer.
  const body = read.order ? answers.keep(id, read.version, read.order) : kept!.body;
  return { body, editVersion: repo.editVersionOf(read.version) };
}

export async function getOrder(db: Db, id: string): Promise<TOrder> {
  const order = await repo.findOrder(db, id);
  if (!order) throw AppError.notFound(ORDER_MESSAGES.notFound);
  return order;
}

/** What the receipt ticks show: the ERP export's state and whether the booking is in the calendar. */
export async function getReceipt(db: Db, id: string) {
  const order = await getOrder(db, id);
  const messages = await db
    .select({ channel: outbox.channel, kind: outbox.kind, status: outbox.status })
    .from(outbox)
    .where(eq(outbox.orderId, id));
  const t = order.timeAndPlace;
  const erp = messages.find((m) => m.channel === 'ERP');
  return {
    orderId: id,
    orderNr: order.additionalData.orderNr,
    orderStatus: order.additionalData.orderStatus,
    erp: erp ? erp.status : null,
    calendar:
      CAPACITY_STATUSES.includes(order.additionalData.orderStatus) && t.department.id !== ZERO_GUID && t.from !== null && t.to !== null,
    sms: messages.some((m) => m.channel === 'SMS'),
    email: messages.some((m) => m.channel === 'EMAIL'),
  };
}

/** An order by its id or its order number, as the notification bodies carry one or the other. */
export async function getOrderByRef(db: Db, ref: { id?: string | undefined; orderNr?: string | undefined }): Promise<TOrder> {
  const id =
    ref.id && isSetGuid(ref.id)
      ? ref.id
      : ref.orderNr && /^\d{1,9}$/.test(ref.orderNr)
        ? await repo.findOrderIdByNr(db, Number(ref.orderNr))
        : null;
  if (!id) throw AppError.notFound(ORDER_MESSAGES.notFound);
  return getOrder(db, id);
}
