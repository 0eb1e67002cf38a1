import { createHash, randomUUID } from 'node:crypto';
import { eq, getTableColumns, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import { alias, type PgInsertValue } from 'drizzle-orm/pg-core';
import { parseWireDateTime, toWireDateTime } from '@/domain/lib/dates';
import { guidOrNull, guidOrZero } from '@/domain/lib/guid';
import { kronerToOre, oreToKroner } from '@/domain/lib/money';
import { departmentRefOf } from '@/domain/orders';
import { LOCKED_STATUSES } from '@/domain/orders';
import {
  emptyOrder,
  ZAdditionalData,
  ZComplaint,
  ZOrderProperties,
  type TDepartmentRef,
  type TOrder,
  type TOrderDebitor,
  type TOrderItem,
} from '@/domain/orders';
import type { DbOrTx } from '@/server/db/client';
import { queryText, sqlText } from '@/server/db/prepared';
import { debitorColumns } from '@/server/db/debitor-columns';
import { productLineColumns } from '@/server/db/product-columns';
import { columnNames, decodeColumns, decodeRow } from '@/server/db/rows';
import { departments, orderItems, orders, type products } from '@/server/db/schema';
import type { TDebitorRuleSet } from '@/domain/rule-sets';
import { OUTBOX_CHANNEL, type NewOutboxMessage } from '@/server/integrations/outbox/outbox.repo';
import { newRowId } from '@/server/db/row-id';
import {
  BOOKING_DEPARTMENT_COLUMNS,
  bookingFactsSelect,
  decodeBookingFacts,
  slotChangedWhileLocking,
  slotLockCtes,
  type BookingFacts,
  type BookingFactsRaw,
  type SlotQuery,
} from '../booking';

export type OrderRow = typeof orders.$inferSelect;
type NewOrderRow = typeof orders.$inferInsert;
export type ItemRow = typeof orderItems.$inferSelect;
/** The department columns an order shows (its department reference). */
const departmentRefColumns = {
  id: departments.id,
  name: departments.name,
  address: departments.address,
  zipCode: departments.zipCode,
  city: departments.city,
  navLocationCode: departments.navLocationCode,
  mobileService: departments.mobileService,
  parentDepartmentId: departments.parentDepartmentId,
  debitorNo: departments.debitorNo,
};
export type DepartmentRow = Pick<
  typeof departments.$inferSelect,
  'id' | 'name' | 'address' | 'zipCode' | 'city' | 'navLocationCode' | 'mobileService' | 'parentDepartmentId' | 'debitorNo'
>;

/** A department row as the order's department reference (departmentRefOf); no department is the empty one. */
export function departmentRef(row: DepartmentRow | null): TDepartmentRef {
  if (!row) return emptyOrder().timeAndPlace.department;
  return departmentRefOf({ ...row, parentDepartmentId: guidOrZero(row.parentDepartmentId), debitorId: row.debitorNo ?? '' });
}

/** The catalogue facts an order line takes from its product. */
const catalogueColumns = productLineColumns;
export type CatalogueRow = Pick<typeof products.$inferSelect, keyof typeof catalogueColumns>;

/** The department facts an order's checks read: its reference and what the booking rules read (booking's columns). */
const bookingColumns = { ...departmentRefColumns, ...BOOKING_DEPARTMENT_COLUMNS };
export type BookingDepartmentRow = DepartmentRow & Pick<typeof departments.$inferSelect, keyof typeof BOOKING_DEPARTMENT_COLUMNS>;

/** What the checks of an order read: the booking facts (booking's seam) and the order's own. */
export interface OrderFacts extends BookingFacts<BookingDepartmentRow> {
  catalogue: Map<string, CatalogueRow>;
  /** The register's debitor of the asked number; null when none was asked for or it is not registered. */
  debitor: TOrderDebitor | null;
  /** Which of the asked user ids are active users (lower case). */
  activeUserIds: Set<string>;
  /** The mandatory debtor rules (Debitor regelsæt), with the names of their debitors. */
  mandatoryDebitorRules: Array<
    Pick<TDebitorRuleSet, 'type' | 'user' | 'owner' | 'leasing' | 'insurrance' | 'debitor' | 'isMandatory'> & { debitorName: string }
  >;
}

/** Further facts an order's checks may ask for in the same round trip. */
export interface FactsExtras {
  debitorNo?: string | null;
  userIds?: string[];
  /** The customer's zip code, for a mobile-service department's weekdays there. */
  zipCode?: string | null;
}

/**
 * The facts statement: $1 department, $2 item numbers, $3 slot, $4 date, $5 debitor number, $6 user ids, $7 zip
 * code; locking adds $8 whether to count the places held, $9 the order to leave out. The booking facts are booking's
 * (bookingFactsSelect). The item numbers are read through a sub-select so that the planner estimates them alike with
 * and without their values: otherwise a custom plan (for the actual count) always looks cheaper, and the prepared
 * statement is planned again on every call, which costs more than running it.
 */
function factsText(locked: boolean): string {
  const booking = bookingFactsSelect(bookingColumns, {
    department: '$1',
    slot: '$3',
    date: '$4',
    zipCode: '$7',
    ...(locked ? { lock: { count: '$8', exclude: '$9::uuid' } } : {}),
  });
  return `select
      ${booking},
      (select coalesce(json_agg(p), '[]'::json) from (select ${columnNames(catalogueColumns)} from products where no = any((select $2::text[])::text[])) as p) as catalogue,
      (select row_to_json(d) from (select ${columnNames(debitorColumns)} from debitors where no = $5::text) as d) as debitor,
      (select coalesce(json_agg(u.id), '[]'::json) from users as u where u.id = any($6::uuid[]) and u.deleted_at is null) as active_users,
      (select coalesce(json_agg(json_build_object('type', d.type, 'user', d.user_name, 'owner', d.owner, 'leasing', d.leasing,
          'insurrance', d.insurance, 'debitor', d.debitor_no, 'isMandatory', d.is_mandatory, 'debitorName', coalesce(b.name, d.debitor_no))), '[]'::json)
        from debitor_rule_sets as d left join debitors as b on b.no = d.debitor_no where d.is_mandatory and d.debitor_no is not null) as mandatory_debitor_rules`;
}
const FACTS = factsText(false);
const FACTS_LOCKED = factsText(true);

/**
 * What the checks of an order read, in one round trip: the department with its opening hours, the catalogue
 * rows of the item numbers, and the slot with whether a date plan replaces its kind that day. With `lock` the
 * slot row is locked for the rest of the transaction and its bookings are counted after the lock was granted
 * (lock_slot_for_booking, migration 0008), so bookings of one slot are counted one after the other.
 */
export async function findOrderFacts(
  db: DbOrTx,
  departmentId: string | null,
  itemNos: string[],
  slot: SlotQuery | null,
  extras: FactsExtras = {},
): Promise<OrderFacts> {
  const values = [
    departmentId,
    itemNos,
    slot?.id ?? null,
    slot?.date ?? null,
    extras.debitorNo || null,
    extras.userIds ?? [],
    extras.zipCode || null,
  ];
  const [found] = await queryText<
    BookingFactsRaw & {
      catalogue: Array<Record<string, unknown>>;
      debitor: Record<string, unknown> | null;
      active_users: string[];
      mandatory_debitor_rules: OrderFacts['mandatoryDebitorRules'];
    }
  >(db, slot?.lock ? FACTS_LOCKED : FACTS, slot?.lock ? [...values, slot.lock.count, slot.lock.excludeOrderId] : values);
  // Read again under the lock when the slot's day changed while the lock was waited for (booking's seam).
  if (slot?.lock && slotChangedWhileLocking(found!)) return findOrderFacts(db, departmentId, itemNos, slot, extras);
  const catalogue = found!.catalogue.map((p) => decodeColumns(catalogueColumns, p) as CatalogueRow);
  return {
    ...decodeBookingFacts<BookingDepartmentRow>(bookingColumns, found!),
    catalogue: new Map(catalogue.map((p) => [p.no, p])),
    debitor: found!.debitor ? (decodeColumns(debitorColumns, found!.debitor) as TOrderDebitor) : null,
    activeUserIds: new Set(found!.active_users.map((id) => id.toLowerCase())),
    mandatoryDebitorRules: found!.mandatory_debitor_rules,
  };
}

const wire = (date: Date | null) => (date ? toWireDateTime(date) : null);
const day = (date: string | null) => (date ? `${date}T00:00:00` : null);

function itemToApi(row: ItemRow): TOrderItem {
  return {
    itemNo: row.itemNo,
    no: row.no,
    name: row.name,
    description: row.description,
    amount: row.amount,
    itemPrice: oreToKroner(row.itemPriceOre),
    discountPercent: row.discountPercent,
    type: row.type,
    twoPersonJob: row.twoPersonJob,
    isMainItem: row.isMainItem,
    debitorPrice: null,
    isService: row.isService,
    isVINitem: row.isVinItem,
    status: [],
    subItems: [],
    tips: null,
    previouslyPurchased: false,
    material: row.material,
    oEnumber: row.oeNumber,
    euroCode: row.euroCode,
    description2: row.description2,
    description3: row.description3,
    description4: row.description4,
  };
}

export function rowToOrder(
  row: OrderRow,
  department: DepartmentRow | null,
  items: ItemRow[],
  openOnReg: Array<{ id: string; orderNo: string }>,
): TOrder {
  return {
    additionalData: ZAdditionalData.parse({
      orderId: row.id,
      orderNr: String(row.orderNr),
      bookingNr: row.bookingNr,
      orderType: row.orderType,
      orderStatus: row.orderStatus,
      whoIsPaying: row.whoIsPaying,
      offerDebitor: row.offerDebitor,
      internalOrderComment: row.internalComment,
      externalOrderComment: row.externalComment,
      discountAmount: oreToKroner(row.discountAmountOre),
      discountPercent: row.discountPercent,
      rekvNr: row.rekvNr,
      twoManJob: row.twoManJob,
      worker: guidOrZero(row.workerId),
      helper: guidOrZero(row.helperId),
      windowManufacturer: row.windowManufacturer,
      workKM: row.workKm,
      timeSpent: row.timeSpent,
      onHoldComment: row.onHoldComment,
      onHoldReason: row.onHoldReason,
      guaranteeId: guidOrZero(row.guaranteeId),
      obs: row.obs,
      priority: row.priority,
      createdBy: row.createdBy,
      created: wire(row.createdAt),
      createdDateTime: wire(row.createdAt),
      workCompleted: wire(row.workCompletedAt),
      workInsuranceNr: row.workInsuranceNr,
      autoValidTicketId: row.autoValidTicketId,
    }),
    timeAndPlace: {
      department: departmentRef(department),
      date: day(row.bookingDate),
      from: wire(row.fromAt),
      to: wire(row.toAt),
      timeSlotId: guidOrZero(row.timeSlotId),
      zipCode: row.zipCode,
      waitingList: row.waitingList,
      bookingCalenderTime: wire(row.bookingCalendarTime),
      mobileServiceLocation: { address: row.mobileAddress, covered: row.mobileCovered },
    },
    customer: {
      name: row.customerName,
      address: row.customerAddress,
      city: row.customerCity,
      zipCode: row.customerZipCode,
      phonePrefix: row.customerPhonePrefix,
      phone: row.customerPhone,
      email: row.customerEmail,
      allowSms: row.customerAllowSms,
      allowEmail: row.customerAllowEmail,
    },
    debitor: {
      no: row.debitorNo,
      debitorName: row.debitorName,
      address: row.debitorAddress,
      zipCode: row.debitorZipCode,
      city: row.debitorCity,
      phone: row.debitorPhone,
      email: row.debitorEmail,
      cvr: row.debitorCvr,
    },
    car: {
      registrationNumber: row.carRegistrationNumber,
      make: row.carMake,
      manuId: row.carManuId,
      model: row.carModel,
      modId: row.carModId,
      modelYear: row.carModelYear,
      insurance: row.carInsurance,
      leasing: row.carLeasing,
      leaser: row.carLeaser,
      owner: row.carOwner,
      user: row.carUser,
      equipmentLine: row.carEquipmentLine,
      segment: row.carSegment,
      vehicleIdentificationNumber: row.carVin,
      doorQuantity: row.carDoorQuantity,
      colour: row.carColour,
      bodywork: row.carBodywork,
      firstRegistrationDate: day(row.carFirstRegistrationDate),
      currentOrdersOnReg: openOnReg,
    },
    items: items.map(itemToApi),
    notificationStatus: {
      smsOnMyWay: row.smsOnMyWay,
      smsArriveBetween8And12: row.smsArriveBetween8And12,
      smsArriveBetween10And14: row.smsArriveBetween10And14,
      smsArriveBetween12And16: row.smsArriveBetween12And16,
      smsOffer: row.smsOffer,
    },
    orderProperties: ZOrderProperties.parse(row.orderProperties ?? {}),
    // No whole empty order is parsed per read (issue 17's profile): an order without a complaint has null.
    complaint: row.complaint ? ZComplaint.parse(row.complaint) : null,
  };
}

const toTimestamp = (value: string | null) => (value ? parseWireDateTime(value) : null);
const toDate = (value: string | null) => (value ? value.slice(0, 10) : null);

/** The columns of an order; ids and the number are the caller's. */
export function orderToRow(order: TOrder, totalOre: number): Omit<NewOrderRow, 'id' | 'orderNr'> {
  const a = order.additionalData;
  const t = order.timeAndPlace;
  return {
    bookingNr: a.bookingNr,
    orderType: a.orderType,
    orderStatus: a.orderStatus,
    whoIsPaying: a.whoIsPaying,
    offerDebitor: a.offerDebitor,
    internalComment: a.internalOrderComment,
    externalComment: a.externalOrderComment,
    discountAmountOre: kronerToOre(a.discountAmount),
    discountPercent: a.discountPercent,
    rekvNr: a.rekvNr,
    twoManJob: a.twoManJob,
    workerId: guidOrNull(a.worker),
    helperId: guidOrNull(a.helper),
    windowManufacturer: a.windowManufacturer,
    workKm: a.workKM,
    timeSpent: a.timeSpent,
    onHoldComment: a.onHoldComment,
    onHoldReason: a.onHoldReason,
    guaranteeId: guidOrNull(a.guaranteeId),
    obs: a.obs,
    priority: a.priority,
    workCompletedAt: toTimestamp(a.workCompleted),
    workInsuranceNr: a.workInsuranceNr,
    autoValidTicketId: a.autoValidTicketId,
    departmentId: guidOrNull(t.department.id),
    bookingDate: toDate(t.date),
    fromAt: toTimestamp(t.from),
    toAt: toTimestamp(t.to),
    timeSlotId: guidOrNull(t.timeSlotId),
    zipCode: t.zipCode,
    waitingList: t.waitingList,
    bookingCalendarTime: toTimestamp(t.bookingCalenderTime),
    mobileAddress: t.mobileServiceLocation.address,
    mobileCovered: t.mobileServiceLocation.covered,
    customerName: order.customer.name,
    customerAddress: order.customer.address,
    customerCity: order.customer.city,
    customerZipCode: order.customer.zipCode,
    customerPhonePrefix: order.customer.phonePrefix,
    customerPhone: order.customer.phone,
    customerEmail: order.customer.email,
    customerAllowSms: order.customer.allowSms,
    customerAllowEmail: order.customer.allowEmail,
    debitorNo: order.debitor.no,
    debitorName: order.debitor.debitorName,
    debitorAddress: order.debitor.address,
    debitorZipCode: order.debitor.zipCode,
    debitorCity: order.debitor.city,
    debitorPhone: order.debitor.phone,
    debitorEmail: order.debitor.email,
    debitorCvr: order.debitor.cvr,
    carRegistrationNumber: order.car.registrationNumber,
    carMake: order.car.make,
    carManuId: order.car.manuId,
    carModel: order.car.model,
    carModId: order.car.modId,
    carModelYear: order.car.modelYear,
    carInsurance: order.car.insurance,
    carLeasing: order.car.leasing,
    carLeaser: order.car.leaser,
    carOwner: order.car.owner,
    carUser: order.car.user,
    carEquipmentLine: order.car.equipmentLine,
    carSegment: order.car.segment,
    carVin: order.car.vehicleIdentificationNumber,
    carDoorQuantity: order.car.doorQuantity,
    carColour: order.car.colour,
    carBodywork: order.car.bodywork,
    carFirstRegistrationDate: toDate(order.car.firstRegistrationDate),
    smsOnMyWay: order.notificationStatus.smsOnMyWay,
    smsArriveBetween8And12: order.notificationStatus.smsArriveBetween8And12,
    smsArriveBetween10And14: order.notificationStatus.smsArriveBetween10And14,
    smsArriveBetween12And16: order.notificationStatus.smsArriveBetween12And16,
    smsOffer: order.notificationStatus.smsOffer,
    orderProperties: order.orderProperties,
    complaint: order.complaint,
    totalOre,
  };
}

function itemRows(orderId: string | SQL, items: TOrderItem[]): Array<PgInsertValue<typeof orderItems>> {
  return items.map((item, index) => ({
    orderId,
    lineNo: (index + 1) * 10000,
    itemNo: item.itemNo,
    no: item.no || item.itemNo,
    name: item.name,
    description: item.description,
    amount: item.amount,
    itemPriceOre: kronerToOre(item.itemPrice),
    discountPercent: item.discountPercent,
    type: item.type,
    twoPersonJob: item.twoPersonJob,
    isMainItem: item.isMainItem,
    isService: item.isService,
    isVinItem: item.isVINitem,
    material: item.material,
    oeNumber: item.oEnumber,
    euroCode: item.euroCode,
    description2: item.description2,
    description3: item.description3,
    description4: item.description4,
  }));
}

/**
 * Marks the place of the order number in texts written before the insert takes it (a booking's messages).
 * Random per process, so no text a user types can hold it.
 */
export const ORDER_NR_MARK = `ordrenr${randomUUID().replaceAll('-', '')}`;

/** A message queued with a new order; ORDER_NR_MARK in it becomes the order number. */
export type OrderMessage = Pick<NewOutboxMessage, 'channel' | 'kind' | 'recipient' | 'subject' | 'body'>;

export interface NewOrder {
  /** The id is made here when the caller has none. */
  row: Omit<NewOrderRow, 'orderNr'>;
  items: TOrderItem[];
  messages: OrderMessage[];
  /** The booked slot as the checks read it; with `count` the order goes in only when a place is left. */
  slot: { id: string; date: string; asRead: unknown; count: boolean } | null;
}

export type StoredOrder = { row: OrderRow; items: ItemRow[]; openOnReg: Array<{ id: string; orderNo: string }> };

/** A row as JSON keyed by column names, as jsonb_populate_record reads it (what decodeRow undoes). */
function recordJson(table: Table, row: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, Column> = getTableColumns(table);
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (!column) throw new Error(`recordJson: no column ${key}`);
    if (value !== undefined) record[column.name] = value === null || column.dataType === 'json' ? value : column.mapToDriverValue(value);
  }
  return record;
}

let waking = false;
let wakeAgain = false;

/**
 * Wakes the outbox workers (NOTIFY) for the messages of new orders, after their statements: PostgreSQL makes the
 * commits of transactions that NOTIFY wait for one another, which let bookings commit only one at a time. One NOTIFY
 * is on its way at a time; orders stored meanwhile share the next one. Were it lost, the workers' poll finds them.
 */
function wakeOutbox(db: DbOrTx): void {
  if (waking) {
    wakeAgain = true;
    return;
  }
  waking = true;
  db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`)
    .catch(() => undefined)
    .finally(() => {
      waking = false;
      if (wakeAgain) {
        wakeAgain = false;
        wakeOutbox(db);
      }
    });
}

const insertTexts = new Map<string, string>();

/**
 * The booking statement for these order and line columns: $1 slot, $2 date, $3 whether to count places, $4 the slot
 * as read, $5 the order, $6 its lines, $7 its messages, $8 the closed statuses. Exported for the bench, which runs it
 * under pgbench to show what PostgreSQL alone makes of a booking.
 */
export function bookingStatementText(columns: string[], lineColumns: string[]): string {
  const key = `${columns.join()}|${lineColumns.join()}`;
  let text = insertTexts.get(key);
  if (text) return text;
  const list = (names: string[], alias = '') => names.map((name) => `${alias}"${name}"`).join(', ');
  text = `with ${slotLockCtes({ slot: '$1', date: '$2', count: '$3', asRead: '$4' })},
      nr as (select nextval('order_nr_seq')::int as value from checked where unchanged and place_left),
      new_order as (
        insert into orders (order_nr, booking_nr, ${list(columns)})
        select nr.value, coalesce(nullif(r.booking_nr, ''), nr.value::text), ${list(columns, 'r.')}
        from nr, jsonb_populate_record(null::orders, $5::jsonb) as r
        returning *),
      new_lines as (
        insert into order_items (${list(lineColumns)})
        select ${list(lineColumns, 'l.')} from new_order, jsonb_populate_recordset(null::order_items, $6::jsonb) as l
        returning *),
      queued as (
        insert into outbox (channel, kind, recipient, subject, body, order_id)
        select m.channel, m.kind, array_to_string(m.recipient, n.order_nr::text), array_to_string(m.subject, n.order_nr::text),
          array_to_string(m.body, n.order_nr::text), n.id
        from new_order as n, jsonb_to_recordset($7::jsonb) as m(channel text, kind text, recipient text[], subject text[], body text[])
        returning id)
    select (select unchanged from checked) as unchanged,
      (select row_to_json(n) from new_order as n) as stored,
      (select coalesce(json_agg(l order by l.line_no), '[]'::json) from new_lines as l) as lines,
      (select coalesce(json_agg(json_build_object('id', o.id, 'orderNo', o.order_nr::text) order by o.order_nr), '[]'::json)
        from new_order as n join orders as o on o.car_registration_number = n.car_registration_number
        where n.car_registration_number <> '' and o.order_status <> all($8::text[]) and o.id <> n.id) as open_on_reg,
      (select count(*) from queued) as queued`;
  insertTexts.set(key, text);
  return text;
}

/**
 * Stores a new order in one statement: numbered, with its lines and its messages, answered as stored with the
 * plate's other open orders. A booked slot is first locked and its places counted (lock_slot_for_booking, as
 * prepare does in a transaction); the order goes in only when a place is left and the slot is still as the checks
 * read it. The statement is its own transaction, so the lock is held until the order is committed, and a booking
 * costs one round trip after its checks. The number comes from a sequence and is taken only when the order goes
 * in, so a full slot leaves no gap. Answers why when the order did not go in. The outbox workers are woken after
 * the statement (wakeOutbox), so a caller with messages must not be inside a transaction.
 */
export async function insertOrder(db: DbOrTx, order: NewOrder): Promise<StoredOrder | { refused: 'FULL' | 'SLOT_CHANGED' }> {
  const id = order.row.id ?? newRowId();
  const record = recordJson(orders, { ...order.row, id });
  const lines = itemRows(id, order.items).map((line) => recordJson(orderItems, line));
  const messages = order.messages.map((m) => ({
    channel: m.channel,
    kind: m.kind,
    recipient: m.recipient.split(ORDER_NR_MARK),
    subject: (m.subject ?? '').split(ORDER_NR_MARK),
    body: m.body.split(ORDER_NR_MARK),
  }));
  const slot = order.slot;
  const text = bookingStatementText(
    Object.keys(record).filter((name) => name !== 'booking_nr'),
    // Without lines any column will do: nothing is inserted.
    lines.length ? Object.keys(lines[0]!) : ['order_id'],
  );
  const [answer] = await queryText<{
    unchanged: boolean;
    stored: Record<string, unknown> | null;
    lines: Array<Record<string, unknown>>;
    open_on_reg: Array<{ id: string; orderNo: string }>;
  }>(db, text, [
    slot?.id ?? null,
    slot?.date ?? null,
    slot?.count ?? false,
    slot ? JSON.stringify(slot.asRead) : null,
    JSON.stringify(record),
    JSON.stringify(lines),
    JSON.stringify(messages),
    CLOSED_STATUSES,
  ]);
  if (!answer!.stored) return { refused: answer!.unchanged ? 'FULL' : 'SLOT_CHANGED' };
  if (messages.length) wakeOutbox(db);
  return {
    row: decodeRow(orders, answer!.stored),
    items: answer!.lines.map((line) => decodeRow(orderItems, line)),
    openOnReg: answer!.open_on_reg,
  };
}

export async function updateOrder(tx: DbOrTx, id: string, row: Partial<NewOrderRow>, items: TOrderItem[]): Promise<void> {
  await tx
    .update(orders)
    .set({ ...row, updatedAt: sql`now()` })
    .where(eq(orders.id, id));
  await tx.delete(orderItems).where(eq(orderItems.orderId, id));
  if (items.length) await tx.insert(orderItems).values(itemRows(id, items));
}

export async function setOrderStatus(tx: DbOrTx, id: string, status: string): Promise<void> {
  await tx
    .update(orders)
    .set({ orderStatus: status, updatedAt: sql`now()` })
    .where(eq(orders.id, id));
}

/** Locks an order for the rest of the transaction, so two saves of it run one after the other. */
export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

/** Orders in these statuses are no longer open work on the car (the domain's locked statuses). */
const CLOSED_STATUSES = [...LOCKED_STATUSES];

/** Another order on the same plate, for the open-orders subquery of ORDER_READ. */
const samePlate = alias(orders, 'same_plate');

/** The department reference as one JSON object, keyed by column name (decoded by decodeColumns). */
const departmentRefJson = sql.join(
  Object.values(departmentRefColumns).map((column) => sql`${sql.raw(`'${column.name}'`)}, ${column}`),
  sql`, `,
);

/**
 * A column of the order being read, named with its table: drizzle names the columns of a one-table select bare, and
 * a bare name inside a subquery would be the subquery's own table's.
 */
const ofOrder = (column: Column) => sql`${orders}.${sql.identifier(column.name)}`;

/** The plate's other open orders ($2 the closed statuses), for the list and for the version. */
const samePlateOpen = sql`from ${orders} as ${sql.identifier('same_plate')}
   where ${samePlate.carRegistrationNumber} = ${ofOrder(orders.carRegistrationNumber)} and ${ofOrder(orders.carRegistrationNumber)} <> ''
     and ${samePlate.orderStatus} <> all($2::text[]) and ${samePlate.id} <> ${ofOrder(orders.id)}`;

/** The order's other open orders on its plate, as a JSON list (currentOrdersOnReg). */
const openOnRegJson = sql`coalesce((
  select json_agg(json_build_object('id', ${samePlate.id}, 'orderNr', ${samePlate.orderNr}) order by ${samePlate.orderNr}) ${samePlateOpen}), '[]'::json)`;

/**
 * An order's version: what its answer is made of, as PostgreSQL stamps it. Every change of a row gives it a new xmin
 * (the transaction that wrote it), so the version changes with the order, any of its lines (or their number), its
 * department and the plate's other open orders (which of them, and any change of one). Each part keeps its place
 * (coalesce), so no two versions of different rows read alike.
 */
const orderRowVersion = sql`${orders}.xmin`;
const orderLinesVersion = sql`coalesce((select string_agg(i.xmin::text, ',' order by i.line_no) from ${orderItems} as i where i.order_id = ${ofOrder(orders.id)}), '')`;
const orderVersion = sql`concat_ws('/', ${orderRowVersion},
    coalesce((select ${departments}.xmin::text from ${departments} where ${departments.id} = ${ofOrder(orders.departmentId)}), ''),
    ${orderLinesVersion},
    coalesce((select string_agg(${samePlate.id}::text || ':' || ${sql.identifier('same_plate')}.xmin::text, ',' order by ${samePlate.orderNr}) ${samePlateOpen}), ''))`;

/**
 * The order's version for conflicts (issue 38: the ETag and If-Match of the worksheet's changes): the order row and
 * its lines only, the first and third parts of `orderVersion`; its department, photos and the plate's other orders
 * are no change of the order a fitter could write over. Sent hashed (a fixed-length tag of URL-safe characters that
 * says nothing of the database).
 */
const ORDER_EDIT_VERSION = sqlText(
  sql`select concat_ws('/', ${orderRowVersion}, ${orderLinesVersion}) as version from ${orders} where ${ofOrder(orders.id)} = $1::uuid`,
);

const hashedVersion = (parts: string) => createHash('sha256').update(parts).digest('base64url').slice(0, 22);

/** The conflict version of an order read with `orderVersion` (its parts hold no '/'), without another statement. */
export function editVersionOf(version: string): string {
  const [row, , lines] = version.split('/');
  return hashedVersion(`${row}/${lines}`);
}

/** The order's conflict version (see ORDER_EDIT_VERSION); null when there is no such order. Read it under the order's lock. */
export async function findEditVersion(db: DbOrTx, id: string): Promise<string | null> {
  const [found] = await queryText<{ version: string }>(db, ORDER_EDIT_VERSION, [id]);
  return found ? hashedVersion(found.version) : null;
}

/**
 * Only the order's version ($1 the order, $2 the closed statuses): what a kept answer is checked against (OrderAnswers).
 * A statement of its own: PostgreSQL sets up every part of a statement's plan on each run, taken or not, and the
 * reading parts made this check cost half again as much.
 */
const ORDER_VERSION = sqlText(sql`select ${orderVersion} as version from ${orders} where ${ofOrder(orders.id)} = $1::uuid`);

/**
 * An order with its department, its lines, the plate's other open orders and its version in one statement (one round
 * trip). The order and its department come as one JSON value each: pg describes every column of a statement on every
 * run, and the order's hundred-odd columns cost more to describe and parse than to decode. The department is a
 * subquery, not a join: the join's generic plan hashed every department.
 */
const ORDER_READ = sqlText(sql`select ${orderVersion} as version,
    row_to_json(${orders}) as "order",
    (select json_build_object(${departmentRefJson}) from ${departments} where ${departments.id} = ${ofOrder(orders.departmentId)}) as department,
    coalesce((select json_agg(i order by i.line_no) from ${orderItems} as i where i.order_id = ${ofOrder(orders.id)}), '[]'::json) as items,
    ${openOnRegJson} as open_on_reg
  from ${orders}
  where ${ofOrder(orders.id)} = $1::uuid`);

/** An order read with its version; `order` is null when the version is still the one the caller knows. */
export interface OrderRead {
  version: string;
  order: TOrder | null;
}

/**
 * The order and its version; null when there is no such order. With `known` (the version of a kept answer) only the
 * version is read first, and the order only when it differs: a second round trip after a change, none of the reading
 * work while nothing changed.
 */
export async function readOrder(db: DbOrTx, id: string, known: string | null): Promise<OrderRead | null> {
  if (known !== null) {
    const [current] = await queryText<{ version: string }>(db, ORDER_VERSION, [id, CLOSED_STATUSES]);
    if (!current) return null;
    if (current.version === known) return { version: known, order: null };
  }
  const [found] = await queryText<{
    version: string;
    order: Record<string, unknown>;
    department: Record<string, unknown> | null;
    items: Array<Record<string, unknown>>;
    open_on_reg: Array<{ id: string; orderNr: number }>;
  }>(db, ORDER_READ, [id, CLOSED_STATUSES]);
  if (!found) return null;
  const order = rowToOrder(
    decodeRow(orders, found.order),
    found.department ? (decodeColumns(departmentRefColumns, found.department) as DepartmentRow) : null,
    found.items.map((line) => decodeRow(orderItems, line)),
    found.open_on_reg.map((r) => ({ id: r.id, orderNo: String(r.orderNr) })),
  );
  return { version: found.version, order };
}

export async function findOrder(db: DbOrTx, id: string): Promise<TOrder | null> {
  return (await readOrder(db, id, null))?.order ?? null;
}

export async function findOrderIdByNr(db: DbOrTx, orderNr: number): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNr, orderNr));
  return row?.id ?? null;
}
