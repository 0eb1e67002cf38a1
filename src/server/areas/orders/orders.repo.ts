import { and, asc, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue } from 'drizzle-orm/pg-core';
import { parseWireDateTime, toWireDateTime } from '@/domain/lib/dates';
import { guidOrNull, guidOrZero } from '@/domain/lib/guid';
import { kronerToOre, oreToKroner } from '@/domain/lib/money';
import { CAPACITY_STATUSES } from '@/domain/orders/order-enums';
import { ORDER_LIST_PAGE_SIZE, type TOrderList, type TOrderListRequest } from '@/domain/orders/order-list.schemas';
import { emptyOrder, ZAdditionalData, ZComplaint, ZOrderProperties, type TDepartmentRef, type TOrder, type TOrderItem } from '@/domain/orders/order.schemas';
import type { DbOrTx } from '@/server/db/client';
import { preparedFor } from '@/server/db/prepared';
import { productLineColumns } from '@/server/db/product-columns';
import { decodeRow } from '@/server/db/rows';
import { departmentOpeningHours, departments, orderItems, orders, products, timeSlots } from '@/server/db/schema';

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
type HoursRow = typeof departmentOpeningHours.$inferSelect;

export function departmentRef(row: DepartmentRow | null): TDepartmentRef {
  if (!row) return emptyOrder().timeAndPlace.department;
  return {
    id: row.id,
    name: row.name,
    address: [row.address, [row.zipCode, row.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    navLocationCode: row.navLocationCode,
    mobileService: row.mobileService,
    parentDepartmentId: guidOrZero(row.parentDepartmentId),
    debitorId: row.debitorNo ?? '',
  };
}

/** A department with its opening-hours rows (as JSON, decoded like a select), in one round trip. */
export async function findDepartmentWithHours(db: DbOrTx, id: string): Promise<{ row: DepartmentRow; hours: HoursRow[] } | null> {
  const [found] = await db
    .select({
      department: departmentRefColumns,
      hours: sql<Array<Record<string, unknown>>>`(select coalesce(json_agg(h), '[]'::json) from ${departmentOpeningHours} as h where h.department_id = ${id})`,
    })
    .from(departments)
    .where(eq(departments.id, id));
  return found ? { row: found.department, hours: found.hours.map((h) => decodeRow(departmentOpeningHours, h)) } : null;
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

export function rowToOrder(row: OrderRow, department: DepartmentRow | null, items: ItemRow[], openOnReg: Array<{ id: string; orderNo: string }>): TOrder {
  const base = emptyOrder();
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
    complaint: row.complaint ? ZComplaint.parse(row.complaint) : base.complaint,
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
 * Numbers and stores a new order with its lines in one statement, and returns them as stored. The number
 * comes from a sequence, so bookings never wait for each other's numbers; it is taken after every check
 * has passed, so only a failing insert leaves a gap. An empty bookingNr becomes the order number.
 */
export async function insertNumberedOrder(
  tx: DbOrTx,
  row: Omit<NewOrderRow, 'orderNr'>,
  items: TOrderItem[],
): Promise<{ row: OrderRow; items: ItemRow[] }> {
  const nextNr = sql`(select nextval('order_nr_seq')::int as value)`;
  const order = tx
    .insert(orders)
    .values({
      ...row,
      orderNr: sql`(select value from next_nr)`,
      bookingNr: row.bookingNr ? row.bookingNr : sql`(select value from next_nr)::text`,
    })
    .returning();
  const lines = items.length ? tx.insert(orderItems).values(itemRows(sql`(select id from new_order)`, items)).returning() : null;
  // Embedded query builders come wrapped in parentheses, as CTE bodies need. The lines come back as JSON
  // (column names as keys), so order and lines are one result row.
  const result = await tx.execute<Record<string, unknown> & { lines_json: Array<Record<string, unknown>> }>(
    lines
      ? sql`with next_nr as ${nextNr}, new_order as ${order}, new_lines as ${lines}
          select new_order.*, (select coalesce(json_agg(new_lines order by new_lines.line_no), '[]'::json) from new_lines) as lines_json from new_order`
      : sql`with next_nr as ${nextNr}, new_order as ${order} select new_order.*, '[]'::json as lines_json from new_order`,
  );
  const { lines_json: linesJson, ...stored } = result.rows[0]!;
  return { row: decodeRow(orders, stored), items: linesJson.map((line) => decodeRow(orderItems, line)) };
}

export async function updateOrder(tx: DbOrTx, id: string, row: Partial<NewOrderRow>, items: TOrderItem[]): Promise<void> {
  await tx.update(orders).set({ ...row, updatedAt: sql`now()` }).where(eq(orders.id, id));
  await tx.delete(orderItems).where(eq(orderItems.orderId, id));
  if (items.length) await tx.insert(orderItems).values(itemRows(id, items));
}

export async function setOrderStatus(tx: DbOrTx, id: string, status: string): Promise<void> {
  await tx.update(orders).set({ orderStatus: status, updatedAt: sql`now()` }).where(eq(orders.id, id));
}

/** Locks an order for the rest of the transaction, so two saves of it run one after the other. */
export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

/** Orders in these statuses are no longer open work on the car. */
const CLOSED_STATUSES = ['FINISHED', 'CANCELLED'];

/** Reading an order back happens after every save and on every open: its statements are prepared. */
const orderStatements = preparedFor((db) => ({
  order: db.select().from(orders).where(eq(orders.id, sql.placeholder('id'))).prepare('order_by_id'),
  department: db.select(departmentRefColumns).from(departments).where(eq(departments.id, sql.placeholder('id'))).prepare('order_department_by_id'),
  items: db.select().from(orderItems).where(eq(orderItems.orderId, sql.placeholder('id'))).orderBy(asc(orderItems.lineNo)).prepare('order_items_by_order'),
  // The plate's other open orders (currentOrdersOnReg).
  openOnReg: db
    .select({ id: orders.id, orderNr: orders.orderNr })
    .from(orders)
    .where(
      and(
        eq(orders.carRegistrationNumber, sql.placeholder('reg')),
        notInArray(orders.orderStatus, CLOSED_STATUSES),
        ne(orders.id, sql.placeholder('id')),
      ),
    )
    .orderBy(asc(orders.orderNr))
    .prepare('order_open_on_reg'),
}));

export async function findOrder(db: DbOrTx, id: string): Promise<TOrder | null> {
  const statements = orderStatements(db);
  const [row] = await statements.order.execute({ id });
  if (!row) return null;
  const [departmentRows, items, openOnReg] = await Promise.all([
    row.departmentId ? statements.department.execute({ id: row.departmentId }) : Promise.resolve([]),
    statements.items.execute({ id }),
    row.carRegistrationNumber ? statements.openOnReg.execute({ reg: row.carRegistrationNumber, id }) : Promise.resolve([]),
  ]);
  return rowToOrder(
    row,
    departmentRows[0] ?? null,
    items,
    openOnReg.map((r) => ({ id: r.id, orderNo: String(r.orderNr) })),
  );
}

/**
 * An order as findOrder gives it, from rows already in hand (a new order as it was stored, and its
 * department): only the plate's other open orders are read.
 */
export async function storedOrder(db: DbOrTx, row: OrderRow, department: DepartmentRow | null, items: ItemRow[]): Promise<TOrder> {
  const openOnReg = row.carRegistrationNumber ? await orderStatements(db).openOnReg.execute({ reg: row.carRegistrationNumber, id: row.id }) : [];
  return rowToOrder(
    row,
    department,
    items,
    openOnReg.map((r) => ({ id: r.id, orderNo: String(r.orderNr) })),
  );
}

export type SlotRow = typeof timeSlots.$inferSelect;

/**
 * Locks a time slot row for the rest of the transaction: every booking of the slot
 * waits here, so counting and inserting cannot interleave (capacity is enforced by the database lock).
 * In the same round trip: whether the slot's department has date-specific slots of the slot's kind
 * on the date (they replace the standard plan of that kind, so a standard slot does not apply).
 */
export async function lockSlotForDay(tx: DbOrTx, slotId: string, date: string): Promise<(SlotRow & { specificPlanOnDate: boolean }) | null> {
  const [row] = await tx
    .select({
      slot: timeSlots,
      // Self-contained (a single-table select names its columns unqualified, so no outer reference).
      specificPlanOnDate: sql<boolean>`exists (select 1 from ${timeSlots} as own join ${timeSlots} as other
        on other.department_id = own.department_id and other.type = own.type where own.id = ${slotId} and other.date = ${date})`,
    })
    .from(timeSlots)
    .where(eq(timeSlots.id, slotId))
    .for('update');
  return row ? { ...row.slot, specificPlanOnDate: row.specificPlanOnDate } : null;
}

/** Bookings holding a place in a slot on a date: a counting status, not on the waiting list. */
export async function countSlotBookings(tx: DbOrTx, slotId: string, date: string, excludeOrderId: string | null): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.timeSlotId, slotId),
        eq(orders.bookingDate, date),
        eq(orders.waitingList, false),
        inArray(orders.orderStatus, [...CAPACITY_STATUSES]),
        excludeOrderId ? ne(orders.id, excludeOrderId) : undefined,
      ),
    );
  return row?.n ?? 0;
}


/** The catalogue facts an order line takes from its product. */
const catalogueColumns = productLineColumns;
export type CatalogueRow = Pick<typeof products.$inferSelect, keyof typeof catalogueColumns>;

export async function findProductsByNo(db: DbOrTx, numbers: string[]): Promise<Map<string, CatalogueRow>> {
  if (numbers.length === 0) return new Map();
  const rows = await db.select(catalogueColumns).from(products).where(inArray(products.no, numbers));
  return new Map(rows.map((r) => [r.no, r]));
}

/** Up to this many matches a list page is found by sorting the matches (see listOrders). */
const SORT_MATCHES_UP_TO = 5_000;

/** The orders of one list page, and the number of pages. */
export async function listOrders(db: DbOrTx, filter: TOrderListRequest): Promise<TOrderList> {
  const where = [];
  const byContact = filter.phoneOrMail !== '';
  if (byContact) {
    const value = filter.phoneOrMail.toLowerCase();
    const digits = value.replace(/[\s-]/g, '').replace(/^(\+45|0045)(?=\d{8}$)/, '');
    // lower(e-mail) has its own index (orders_customer_email_lower); the phone's equality uses its trigram index.
    where.push(sql`(lower(${orders.customerEmail}) = ${value} or ${orders.customerPhone} = ${digits})`);
  } else {
    if (filter.fromDate) where.push(sql`${orders.bookingDate} >= ${filter.fromDate.slice(0, 10)}`);
    if (filter.toDate) where.push(sql`${orders.bookingDate} <= ${filter.toDate.slice(0, 10)}`);
    if (filter.status) where.push(eq(orders.orderStatus, filter.status));
  }
  if (filter.department) where.push(eq(orders.departmentId, filter.department));
  if (filter.type) where.push(eq(orders.orderType, filter.type));
  if (filter.freeText) {
    const text = filter.freeText;
    const like = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const plate = text.replace(/[\s-]/g, '').toUpperCase();
    where.push(
      sql`(${/^\d{1,9}$/.test(text) ? sql`${orders.orderNr} = ${Number(text)} or ` : sql``}${orders.carRegistrationNumber} ilike ${`%${plate}%`}
        or ${orders.customerEmail} ilike ${like} or ${orders.debitorNo} = ${text})`,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const descending = byContact || filter.orderSortType === 'DATE_DESC';
  // The count first: it decides how the page is best found. With few matches they are sorted, which is
  // cheap; written as `(x is null), x` the order is the same as `x nulls last`, but the planner cannot walk
  // the booking-date index instead, which it may choose when it overestimates the matches (a free-text
  // search on a plate) and which then reads much of the table. With many matches the index walk is right.
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(condition);
  const total = count?.n ?? 0;
  const offset = filter.page * ORDER_LIST_PAGE_SIZE;
  const dir = descending ? sql`desc` : sql`asc`;
  const sortKey = (column: AnyPgColumn) =>
    total <= SORT_MATCHES_UP_TO ? sql`(${column} is null), ${column} ${dir}` : sql`${column} ${dir} nulls last`;
  const rows =
    offset >= total
      ? []
      : await db
          .select()
          .from(orders)
          .where(condition)
          .orderBy(sortKey(orders.bookingDate), sortKey(orders.fromAt), asc(orders.orderNr))
          .limit(ORDER_LIST_PAGE_SIZE)
          .offset(offset);
  const ids = rows.map((r) => r.id);
  const departmentIds = [...new Set(rows.map((r) => r.departmentId).filter((d): d is string => d !== null))];
  const [items, deps] = await Promise.all([
    ids.length ? db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.lineNo)) : Promise.resolve([]),
    departmentIds.length ? db.select().from(departments).where(inArray(departments.id, departmentIds)) : Promise.resolve([]),
  ]);
  const depById = new Map(deps.map((d) => [d.id, d]));
  const itemsByOrder = new Map<string, ItemRow[]>();
  for (const item of items) itemsByOrder.set(item.orderId, [...(itemsByOrder.get(item.orderId) ?? []), item]);
  return {
    orders: rows.map((row) => rowToOrder(row, row.departmentId ? (depById.get(row.departmentId) ?? null) : null, itemsByOrder.get(row.id) ?? [], [])),
    pageCount: Math.ceil(total / ORDER_LIST_PAGE_SIZE),
  };
}

export async function findOrderIdByNr(db: DbOrTx, orderNr: number): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNr, orderNr));
  return row?.id ?? null;
}
