import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { parseWireDateTime, toWireDateTime } from '@/domain/lib/dates';
import { guidOrNull, guidOrZero } from '@/domain/lib/guid';
import { kronerToOre, oreToKroner } from '@/domain/lib/money';
import { CAPACITY_STATUSES } from '@/domain/orders/order-enums';
import { ORDER_LIST_PAGE_SIZE, type TOrderList, type TOrderListRequest } from '@/domain/orders/order-list.schemas';
import { emptyOrder, ZAdditionalData, ZComplaint, ZOrderProperties, type TDepartmentRef, type TOrder, type TOrderItem } from '@/domain/orders/order.schemas';
import type { DbOrTx } from '@/server/db/client';
import { counters, departments, orderItems, orders, products, timeSlots } from '@/server/db/schema';

type OrderRow = typeof orders.$inferSelect;
type NewOrderRow = typeof orders.$inferInsert;
type ItemRow = typeof orderItems.$inferSelect;
type DepartmentRow = typeof departments.$inferSelect;

const ORDER_COUNTER = 'order';
/** Order numbers start above the old system's range, so the two never collide. */
const FIRST_ORDER_NR = 100_001;

/**
 * The next order number, gap-free: the counter row stays locked by this
 * transaction, so a rolled-back order gives its number back.
 */
export async function nextOrderNumber(tx: DbOrTx): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ name: ORDER_COUNTER, value: FIRST_ORDER_NR })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row!.value;
}

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

export async function findDepartment(db: DbOrTx, id: string): Promise<DepartmentRow | null> {
  const [row] = await db.select().from(departments).where(eq(departments.id, id));
  return row ?? null;
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

function itemRows(orderId: string, items: TOrderItem[]): Array<typeof orderItems.$inferInsert> {
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

export async function insertOrder(tx: DbOrTx, row: NewOrderRow, items: TOrderItem[]): Promise<string> {
  const [created] = await tx.insert(orders).values(row).returning({ id: orders.id });
  if (items.length) await tx.insert(orderItems).values(itemRows(created!.id, items));
  return created!.id;
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

export async function findOrder(db: DbOrTx, id: string): Promise<TOrder | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) return null;
  const [department, items, openOnReg] = await Promise.all([
    row.departmentId ? findDepartment(db, row.departmentId) : Promise.resolve(null),
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.lineNo)),
    row.carRegistrationNumber ? findOpenOrdersOnReg(db, row.carRegistrationNumber, id) : Promise.resolve([]),
  ]);
  return rowToOrder(row, department, items, openOnReg);
}

/** Other open orders on the same plate (currentOrdersOnReg). */
export async function findOpenOrdersOnReg(db: DbOrTx, registrationNumber: string, excludeId?: string) {
  const rows = await db
    .select({ id: orders.id, orderNr: orders.orderNr })
    .from(orders)
    .where(
      and(
        eq(orders.carRegistrationNumber, registrationNumber),
        notInArray(orders.orderStatus, ['FINISHED', 'CANCELLED']),
        excludeId ? ne(orders.id, excludeId) : undefined,
      ),
    )
    .orderBy(asc(orders.orderNr));
  return rows.map((r) => ({ id: r.id, orderNo: String(r.orderNr) }));
}

export type SlotRow = typeof timeSlots.$inferSelect;

/**
 * Locks a time slot row for the rest of the transaction: every booking of the slot
 * waits here, so counting and inserting cannot interleave (capacity is enforced by the database lock).
 */
export async function lockSlot(tx: DbOrTx, slotId: string): Promise<SlotRow | null> {
  const [row] = await tx.select().from(timeSlots).where(eq(timeSlots.id, slotId)).for('update');
  return row ?? null;
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

/** Whether a department has date-specific slots of a kind on a date (they replace the standard plan). */
export async function hasSpecificSlots(db: DbOrTx, departmentId: string, type: string, date: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(timeSlots)
    .where(and(eq(timeSlots.departmentId, departmentId), eq(timeSlots.type, type), eq(timeSlots.date, date)));
  return (row?.n ?? 0) > 0;
}

export type CatalogueRow = typeof products.$inferSelect;

export async function findProductsByNo(db: DbOrTx, numbers: string[]): Promise<Map<string, CatalogueRow>> {
  if (numbers.length === 0) return new Map();
  const rows = await db.select().from(products).where(inArray(products.no, numbers));
  return new Map(rows.map((r) => [r.no, r]));
}

/** The orders of one list page, and the number of pages. */
export async function listOrders(db: DbOrTx, filter: TOrderListRequest): Promise<TOrderList> {
  const where = [];
  const byContact = filter.phoneOrMail !== '';
  if (byContact) {
    const value = filter.phoneOrMail.toLowerCase();
    const digits = value.replace(/[\s-]/g, '').replace(/^(\+45|0045)(?=\d{8}$)/, '');
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
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(condition)
      .orderBy(
        descending ? sql`${orders.bookingDate} desc nulls last` : sql`${orders.bookingDate} asc nulls last`,
        descending ? sql`${orders.fromAt} desc nulls last` : sql`${orders.fromAt} asc nulls last`,
        asc(orders.orderNr),
      )
      .limit(ORDER_LIST_PAGE_SIZE)
      .offset(filter.page * ORDER_LIST_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(condition),
  ]);
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
    pageCount: Math.ceil((count?.n ?? 0) / ORDER_LIST_PAGE_SIZE),
  };
}

export async function findOrderIdByNr(db: DbOrTx, orderNr: number): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNr, orderNr));
  return row?.id ?? null;
}
