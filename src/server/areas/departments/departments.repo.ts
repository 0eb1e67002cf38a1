import { and, asc, between, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { toWireDateTime } from '@/domain/lib/dates';
import { groupBy } from '@/domain/lib/group-by';
import { guidOrNull, guidOrZero } from '@/domain/lib/guid';
import type {
  TDepartment,
  TDepartmentInput,
  TDepartmentName,
  TDepartmentSummary,
  TLoanCar,
  TOpeningHours,
  TOpeningHoursInput,
  TRegion,
  TTimeSlot,
  TTimeSlotInput,
} from '@/domain/departments';
import type { DbOrTx } from '@/server/db/client';
import { placesHeld } from '@/server/db/places-held';
import { preparedFor } from '@/server/db/prepared';
import { nextVersion, updateIfCurrent, type TSaveOutcome } from '@/server/db/versioned';
import {
  debitors,
  departmentOpeningHours,
  departmentResourceRelations,
  departments,
  loanCarDamages,
  loanCars,
  orders,
  timeSlots,
} from '@/server/db/schema';

/** Date columns come back as 'YYYY-MM-DD'; the wire wants the full wall-clock form. */
function dateToWire(date: string | null): string | null {
  return date ? `${date}T00:00:00` : null;
}

/** The slot columns the Department entity shows: not the row's bookkeeping, which would only be decoded and dropped. */
const slotColumns = {
  id: timeSlots.id,
  departmentId: timeSlots.departmentId,
  type: timeSlots.type,
  day: timeSlots.day,
  date: timeSlots.date,
  from: timeSlots.from,
  to: timeSlots.to,
  maxBookings: timeSlots.maxBookings,
  reperationTime: timeSlots.reperationTime,
  stoneChipAlternativeWinReplace: timeSlots.stoneChipAlternativeWinReplace,
  hasFreeCar: timeSlots.hasFreeCar,
  originalId: timeSlots.originalId,
  parentSlotId: timeSlots.parentSlotId,
  updateId: timeSlots.updateId,
};
type SlotRow = Pick<typeof timeSlots.$inferSelect, keyof typeof slotColumns>;
type HoursRow = typeof departmentOpeningHours.$inferSelect;

function slotToApi(row: SlotRow): TTimeSlot {
  return {
    id: row.id,
    originalId: row.originalId,
    parentSlotId: row.parentSlotId,
    day: row.day,
    date: dateToWire(row.date),
    from: row.from,
    to: row.to,
    maxBookings: row.maxBookings,
    reperationTime: row.reperationTime,
    stoneChipAlternativeWinReplace: row.stoneChipAlternativeWinReplace,
    hasFreeCar: row.hasFreeCar,
    updateId: row.updateId,
  };
}

function hoursToApi(row: HoursRow): TOpeningHours {
  return { id: row.id, day: row.day, date: dateToWire(row.date), from: row.from, to: row.to, closed: row.closed };
}

/** Every department with its hours, slots and loan cars, as the Department entity of document 3. */
export async function listDepartments(db: DbOrTx): Promise<TDepartment[]> {
  return loadDepartments(db, 'all');
}

/**
 * Every department without its hours and slots (the calendar and the mobile-service map read none), sorted like
 * listDepartments; the hours and slot rows are not read at all.
 */
export async function listDepartmentSummaries(db: DbOrTx): Promise<TDepartmentSummary[]> {
  const { departments: rows, cars, damages } = await loadRows(db, 'summaries');
  const carsBy = loanCarsByDepartment(cars, damages);
  return rows.map((d) => departmentSummary(d, carsBy.get(d.id) ?? []));
}

const nameStatements = preparedFor((db) => ({
  names: db
    .select({
      id: departments.id,
      name: departments.name,
      mobileService: departments.mobileService,
      navLocationCode: departments.navLocationCode,
      inActive: departments.inActive,
    })
    .from(departments)
    .orderBy(asc(departments.name))
    .prepare('department_names'),
}));

/** Every department's name and kind, for pickers and filters. */
export async function listDepartmentNames(db: DbOrTx): Promise<TDepartmentName[]> {
  return nameStatements(db).names.execute();
}

/**
 * The active departments as availability reads them on the days `from`..`to` ('YYYY-MM-DD'): their weekly hours and
 * slots and only those days' specific ones, without loan cars (the planning tables read every department at once,
 * and the full list with every dated slot and car was most of their time).
 */
export async function listActiveDepartmentsForDays(db: DbOrTx, from: string, to: string): Promise<TDepartment[]> {
  return loadDepartments(db, { from, to });
}

/** One department with everything, or null. */
/** One department; `loanCars: false` leaves its loan cars out (two queries fewer, for a month of availability). */
export async function findDepartmentById(db: DbOrTx, id: string, options: { loanCars?: boolean } = {}): Promise<TDepartment | null> {
  return (await loadDepartments(db, { id, loanCars: options.loanCars ?? true }))[0] ?? null;
}

/** A department's opening-hours rows as the Department entity has them: standard by weekday, specific by date. */
export function openingHoursOf(rows: HoursRow[]): Pick<TDepartment, 'openingHours' | 'specificOpeningHours'> {
  return {
    openingHours: rows.filter((h) => h.date === null).map(hoursToApi),
    specificOpeningHours: rows.filter((h) => h.date !== null).map(hoursToApi),
  };
}

type DepartmentRow = typeof departments.$inferSelect;
type CarRow = typeof loanCars.$inferSelect;
type DamageRow = typeof loanCarDamages.$inferSelect;

type Rows = {
  departments: DepartmentRow[];
  hours: HoursRow[];
  slots: SlotRow[];
  cars: CarRow[];
  damages: DamageRow[];
};

/**
 * One department's rows: its statements are prepared, since every month of availability (and every
 * booking screen) loads a department.
 */
const oneDepartment = preparedFor((db) => {
  const id = sql.placeholder('id');
  return {
    department: db.select().from(departments).where(eq(departments.id, id)).prepare('department_by_id'),
    hours: db
      .select()
      .from(departmentOpeningHours)
      .where(eq(departmentOpeningHours.departmentId, id))
      .orderBy(asc(departmentOpeningHours.day), asc(departmentOpeningHours.date), asc(departmentOpeningHours.from))
      .prepare('department_hours_by_id'),
    slots: db
      .select(slotColumns)
      .from(timeSlots)
      .where(eq(timeSlots.departmentId, id))
      .orderBy(asc(timeSlots.day), asc(timeSlots.date), asc(timeSlots.from))
      .prepare('department_slots_by_id'),
    cars: db
      .select()
      .from(loanCars)
      .where(eq(loanCars.departmentId, id))
      .orderBy(asc(loanCars.regNumber))
      .prepare('department_loan_cars_by_id'),
    // The department's cars' damages, not every department's.
    damages: db
      .select()
      .from(loanCarDamages)
      .where(inArray(loanCarDamages.loanCarId, db.select({ id: loanCars.id }).from(loanCars).where(eq(loanCars.departmentId, id))))
      .orderBy(asc(loanCarDamages.date))
      .prepare('department_loan_car_damages_by_id'),
  };
});

/**
 * Every department; every department without hours and slots (their rows left unread: see listDepartmentSummaries);
 * one by id; or the active ones for the days `from`..`to` (see listActiveDepartmentsForDays).
 */
type Scope = 'all' | 'summaries' | { id: string; loanCars: boolean } | { from: string; to: string };

async function loadRows(db: DbOrTx, scope: Scope): Promise<Rows> {
  // One query after the other: inside a transaction there is a single connection.
  if (typeof scope === 'object' && 'from' in scope) {
    const { from, to } = scope;
    return {
      departments: await db.select().from(departments).where(eq(departments.inActive, false)).orderBy(asc(departments.name)),
      hours: await db
        .select()
        .from(departmentOpeningHours)
        .where(or(isNull(departmentOpeningHours.date), between(departmentOpeningHours.date, from, to)))
        .orderBy(asc(departmentOpeningHours.day), asc(departmentOpeningHours.date), asc(departmentOpeningHours.from)),
      slots: await db
        .select(slotColumns)
        .from(timeSlots)
        .where(or(isNull(timeSlots.date), between(timeSlots.date, from, to)))
        .orderBy(asc(timeSlots.day), asc(timeSlots.date), asc(timeSlots.from)),
      cars: [],
      damages: [],
    };
  }
  if (typeof scope === 'object') {
    const { id, loanCars } = scope;
    const statements = oneDepartment(db);
    return {
      departments: await statements.department.execute({ id }),
      hours: await statements.hours.execute({ id }),
      slots: await statements.slots.execute({ id }),
      cars: loanCars ? await statements.cars.execute({ id }) : [],
      damages: loanCars ? await statements.damages.execute({ id }) : [],
    };
  }
  const withSlots = scope === 'all';
  return {
    departments: await db.select().from(departments).orderBy(asc(departments.name)),
    hours: withSlots
      ? await db
          .select()
          .from(departmentOpeningHours)
          .orderBy(asc(departmentOpeningHours.day), asc(departmentOpeningHours.date), asc(departmentOpeningHours.from))
      : [],
    slots: withSlots
      ? await db.select(slotColumns).from(timeSlots).orderBy(asc(timeSlots.day), asc(timeSlots.date), asc(timeSlots.from))
      : [],
    cars: await db.select().from(loanCars).orderBy(asc(loanCars.regNumber)),
    damages: await db.select().from(loanCarDamages).orderBy(asc(loanCarDamages.date)),
  };
}

/** Each department's loan cars with their damages, by department id. */
function loanCarsByDepartment(cars: CarRow[], damages: DamageRow[]): Map<string, TLoanCar[]> {
  const damagesBy = groupBy(damages, (d) => d.loanCarId);
  const carsBy = new Map<string, TLoanCar[]>();
  for (const [departmentId, own] of groupBy(cars, (c) => c.departmentId)) {
    carsBy.set(
      departmentId,
      own.map((c) => ({
        id: c.id,
        regNumber: c.regNumber,
        make: c.make,
        model: c.model,
        colour: c.colour,
        fuelType: c.fuelType,
        damages: (damagesBy.get(c.id) ?? []).map((m) => ({
          id: m.id,
          x: m.x,
          y: m.y,
          description: m.description,
          date: toWireDateTime(m.date),
        })),
      })),
    );
  }
  return carsBy;
}

/** A department row as the API has it, without hours and slots: the summary, and the whole entity's master data. */
function departmentSummary(d: DepartmentRow, ownCars: TLoanCar[]): TDepartmentSummary {
  return {
    id: d.id,
    name: d.name,
    address: d.address,
    zipCode: d.zipCode,
    city: d.city,
    obs: d.obs,
    phone: d.phone,
    departmentEmail: d.departmentEmail,
    mobileService: d.mobileService,
    lat: d.lat,
    lng: d.lng,
    navLocationCode: d.navLocationCode,
    navResponsibilityCenter: d.navResponsibilityCenter,
    navBirthLocationCode: d.navBirthLocationCode,
    debitorId: d.debitorNo ?? '',
    windowChangeTimeOffset: d.windowChangeTimeOffset,
    stoneChipTimeOffset: d.stoneChipTimeOffset,
    hasWaitingList: d.hasWaitingList,
    warehouseEmailList: d.warehouseEmailList,
    region: d.region as TRegion,
    deliveringDays: d.deliveringDays,
    nextDayDeliveryTime: d.nextDayDeliveryTime,
    dailyDeliveryTime: d.dailyDeliveryTime,
    coffee: d.coffee,
    loanCar: d.loanCar,
    wifi: d.wifi,
    inActive: d.inActive,
    webBooking: d.webBooking,
    webBookingDaysAhead: d.webBookingDaysAhead,
    webBookingNoticeHours: d.webBookingNoticeHours,
    maxNumberOfWorkers: d.maxNumberOfWorkers,
    parentDepartmentId: guidOrZero(d.parentDepartmentId),
    loanCars: ownCars,
    calendarDepartmentId: guidOrZero(d.calendarDepartmentId),
    alertMessages: d.alertMessages,
    updateId: d.updateId,
  };
}

async function loadDepartments(db: DbOrTx, scope: Scope): Promise<TDepartment[]> {
  const { departments: rows, hours, slots, cars, damages } = await loadRows(db, scope);
  const hoursBy = groupBy(hours, (h) => h.departmentId);
  const slotsBy = groupBy(slots, (s) => `${s.departmentId}:${s.type}`);
  const carsBy = loanCarsByDepartment(cars, damages);

  return rows.map((d) => {
    const windowSlots = slotsBy.get(`${d.id}:WINDOW_REPLACE`) ?? [];
    const chipSlots = slotsBy.get(`${d.id}:STONE_CHIP`) ?? [];
    return {
      ...departmentSummary(d, carsBy.get(d.id) ?? []),
      ...openingHoursOf(hoursBy.get(d.id) ?? []),
      windowReplaceTimeSlots: windowSlots.filter((s) => s.date === null).map(slotToApi),
      specificWindowReplaceTimeSlots: windowSlots.filter((s) => s.date !== null).map(slotToApi),
      stoneChipTimeSlots: chipSlots.filter((s) => s.date === null).map(slotToApi),
      specificStoneChipTimeSlots: chipSlots.filter((s) => s.date !== null).map(slotToApi),
    };
  });
}

// ---------------------------------------------------------------------------
// Writes (the Departments screen)

type DepartmentValues = Omit<typeof departments.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'updateId'>;

/** A saved department's columns from its input (master data only; hours, slots and cars are written apart). */
export function departmentValues(input: TDepartmentInput): DepartmentValues {
  return {
    name: input.name,
    address: input.address,
    zipCode: input.zipCode,
    city: input.city,
    obs: input.obs,
    phone: input.phone,
    departmentEmail: input.departmentEmail,
    mobileService: input.mobileService,
    lat: input.lat,
    lng: input.lng,
    navLocationCode: input.navLocationCode,
    navResponsibilityCenter: input.navResponsibilityCenter,
    navBirthLocationCode: input.navBirthLocationCode,
    debitorNo: input.debitorId || null,
    windowChangeTimeOffset: input.windowChangeTimeOffset,
    stoneChipTimeOffset: input.stoneChipTimeOffset,
    hasWaitingList: input.hasWaitingList,
    warehouseEmailList: input.warehouseEmailList,
    region: input.region,
    deliveringDays: input.deliveringDays,
    nextDayDeliveryTime: input.nextDayDeliveryTime,
    dailyDeliveryTime: input.dailyDeliveryTime,
    coffee: input.coffee,
    loanCar: input.loanCar,
    wifi: input.wifi,
    inActive: input.inActive,
    webBooking: input.webBooking,
    webBookingDaysAhead: input.webBookingDaysAhead,
    webBookingNoticeHours: input.webBookingNoticeHours,
    maxNumberOfWorkers: input.maxNumberOfWorkers,
    parentDepartmentId: guidOrNull(input.parentDepartmentId),
    calendarDepartmentId: guidOrNull(input.calendarDepartmentId),
    alertMessages: input.alertMessages,
  };
}

export async function insertDepartment(tx: DbOrTx, values: DepartmentValues): Promise<string> {
  const [row] = await tx.insert(departments).values(values).returning({ id: departments.id });
  return row!.id;
}

/**
 * Saves a department's master data (none for TimeManagement: only its version and time move) over the copy the
 * client read, `updateId` (db/versioned.ts); the first write of a save, so it also holds the row for the rest.
 */
export async function updateDepartment(tx: DbOrTx, id: string, updateId: string, values: Partial<DepartmentValues>): Promise<TSaveOutcome> {
  return updateIfCurrent(tx, departments, { id, updateId }, { ...values, updatedAt: sql`now()` });
}

/** A department's opening hours replaced by the given rows (standard and specific together). */
export async function replaceOpeningHours(tx: DbOrTx, departmentId: string, rows: TOpeningHoursInput[]): Promise<void> {
  await tx.delete(departmentOpeningHours).where(eq(departmentOpeningHours.departmentId, departmentId));
  if (rows.length === 0) return;
  await tx.insert(departmentOpeningHours).values(
    rows.map((row) => ({
      departmentId,
      day: row.day,
      date: row.date ? row.date.slice(0, 10) : null,
      from: row.from,
      to: row.to,
      closed: row.closed,
    })),
  );
}

export async function deleteDepartmentRow(tx: DbOrTx, id: string): Promise<boolean> {
  return (await tx.delete(departments).where(eq(departments.id, id)).returning({ id: departments.id })).length > 0;
}

/** Whether any order was ever booked at the department (such a department is set inactive instead). */
export async function departmentHasOrders(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.select({ id: orders.id }).from(orders).where(eq(orders.departmentId, id)).limit(1)).length > 0;
}

export async function departmentHasChildren(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.select({ id: departments.id }).from(departments).where(eq(departments.parentDepartmentId, id)).limit(1)).length > 0;
}

/** Which of the given ids are departments, and which debitor numbers are registered. */
export async function findReferences(
  db: DbOrTx,
  departmentIds: string[],
  debitorNo: string | null,
): Promise<{ departments: Set<string>; debitor: boolean }> {
  const found = departmentIds.length
    ? await db.select({ id: departments.id }).from(departments).where(inArray(departments.id, departmentIds))
    : [];
  const debitor = debitorNo ? (await db.select({ no: debitors.no }).from(debitors).where(eq(debitors.no, debitorNo))).length > 0 : true;
  return { departments: new Set(found.map((d) => d.id)), debitor };
}

/** The department keys the edit rights are decided on (id and responsibility centre of every department). */
export async function listDepartmentKeys(db: DbOrTx): Promise<Array<{ id: string; navResponsibilityCenter: string }>> {
  return db.select({ id: departments.id, navResponsibilityCenter: departments.navResponsibilityCenter }).from(departments);
}

/**
 * Locks a slot of a department for the rest of the transaction (FOR UPDATE: it waits for every booking of the slot in
 * flight, which holds it FOR SHARE in lock_slot_for_booking, and holds new ones off), then reads, after the lock, the orders linked to it (any not cancelled) and the most
 * places it holds on one day from `today` on.
 */
export async function lockSlotForEdit(
  tx: DbOrTx,
  departmentId: string,
  type: string,
  slotId: string,
  today: string,
): Promise<{ slot: SlotRow; linked: number; heldMostOnADay: number } | null> {
  const [slot] = await tx
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.id, slotId), eq(timeSlots.departmentId, departmentId), eq(timeSlots.type, type)))
    .for('update');
  if (!slot) return null;
  const [linked] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.timeSlotId, slotId), ne(orders.orderStatus, 'CANCELLED')));
  const [held] = await tx
    .execute<{ n: number | null }>(
      sql`select max(n)::int as n from (select ${placesHeld} as n from ${orders} where ${orders.timeSlotId} = ${slotId} and ${orders.holdsPlace}
      and ${orders.bookingDate} >= ${today} group by ${orders.bookingDate}) as per_day`,
    )
    .then((r) => r.rows);
  return { slot, linked: linked?.n ?? 0, heldMostOnADay: held?.n ?? 0 };
}

/** The orders (not cancelled) linked to each slot of a department: a slot with any is locked. */
export async function countLinkedBySlot(db: DbOrTx, departmentId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ slotId: orders.timeSlotId, n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(timeSlots, eq(timeSlots.id, orders.timeSlotId))
    .where(and(eq(timeSlots.departmentId, departmentId), ne(orders.orderStatus, 'CANCELLED')))
    .groupBy(orders.timeSlotId);
  return Object.fromEntries(rows.map((r) => [r.slotId!, r.n]));
}

type SlotValues = Omit<typeof timeSlots.$inferInsert, 'id' | 'createdAt' | 'departmentId' | 'type' | 'revision' | 'updateId'>;

export function slotValues(input: TTimeSlotInput & { originalId?: string | null }): SlotValues {
  return {
    day: input.day,
    date: input.date ? input.date.slice(0, 10) : null,
    from: input.from,
    to: input.to,
    maxBookings: input.maxBookings,
    reperationTime: input.reperationTime,
    stoneChipAlternativeWinReplace: input.stoneChipAlternativeWinReplace,
    hasFreeCar: input.hasFreeCar,
    originalId: input.originalId ?? null,
  };
}

export async function insertSlots(
  tx: DbOrTx,
  departmentId: string,
  type: string,
  values: Array<SlotValues & { id?: string }>,
): Promise<SlotRow[]> {
  if (values.length === 0) return [];
  return tx
    .insert(timeSlots)
    .values(values.map((v) => ({ ...v, departmentId, type })))
    .returning();
}

/**
 * Saves a slot over the copy the editor read (`updateId`) and gives it a new version, in one statement
 * (db/versioned.ts); null when the slot has another version by now. Only the editor's saves change the version: a
 * booking, a copy or a date plan that marks the slot changed (markSlotsChanged) leaves what the editor shows as it is.
 */
export async function updateSlot(tx: DbOrTx, slotId: string, updateId: string, values: SlotValues): Promise<SlotRow | null> {
  const { originalId: _keep, ...rest } = values;
  const [row] = await tx
    .update(timeSlots)
    .set({ ...rest, updateId: nextVersion })
    .where(and(eq(timeSlots.id, slotId), eq(timeSlots.updateId, updateId)))
    .returning();
  return row ?? null;
}

export async function deleteSlot(tx: DbOrTx, slotId: string): Promise<void> {
  await tx.delete(timeSlots).where(eq(timeSlots.id, slotId));
}

/** Locks a department's date-specific slots of a kind on a date, with the orders linked to them. */
export async function lockSpecificSlots(
  tx: DbOrTx,
  departmentId: string,
  type: string,
  date: string,
): Promise<{ ids: string[]; linked: number }> {
  const slots = await tx
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(eq(timeSlots.departmentId, departmentId), eq(timeSlots.type, type), eq(timeSlots.date, date)))
    .for('update');
  const ids = slots.map((s) => s.id);
  if (ids.length === 0) return { ids, linked: 0 };
  const [linked] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(inArray(orders.timeSlotId, ids), ne(orders.orderStatus, 'CANCELLED')));
  return { ids, linked: linked?.n ?? 0 };
}

export async function deleteSlots(tx: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length) await tx.delete(timeSlots).where(inArray(timeSlots.id, ids));
}

/**
 * Locks a department's standard slots of a kind on a weekday (FOR UPDATE, which waits for and holds off their
 * bookings, see lock_slot_for_booking), in id order so two edits queue rather than deadlock.
 */
export async function lockStandardSlots(tx: DbOrTx, departmentId: string, type: string, weekday: number): Promise<SlotRow[]> {
  return tx
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.departmentId, departmentId), eq(timeSlots.type, type), eq(timeSlots.day, weekday), isNull(timeSlots.date)))
    .orderBy(asc(timeSlots.id))
    .for('update');
}

/** A department's standard slots of a kind on a weekday (the source of a copy to another weekday's date). */
export async function listStandardSlots(db: DbOrTx, departmentId: string, type: string, weekday: number): Promise<SlotRow[]> {
  return db
    .select()
    .from(timeSlots)
    .where(and(eq(timeSlots.departmentId, departmentId), eq(timeSlots.type, type), eq(timeSlots.day, weekday), isNull(timeSlots.date)));
}

/** Whether the department has date-specific slots of a kind on a date besides `exceptId` (the date has its own plan). */
export async function hasSpecificSlots(
  db: DbOrTx,
  departmentId: string,
  type: string,
  date: string,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await db
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.departmentId, departmentId),
        eq(timeSlots.type, type),
        eq(timeSlots.date, date),
        exceptId ? ne(timeSlots.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Per slot, the orders not cancelled on it on a date and the places they hold (slots without any left out). */
export async function bookingsOnDate(db: DbOrTx, slotIds: string[], date: string): Promise<Map<string, { linked: number; held: number }>> {
  if (slotIds.length === 0) return new Map();
  const rows = await db
    .select({
      slotId: orders.timeSlotId,
      linked: sql<number>`count(*)::int`,
      held: placesHeld,
    })
    .from(orders)
    .where(and(inArray(orders.timeSlotId, slotIds), eq(orders.bookingDate, date), ne(orders.orderStatus, 'CANCELLED')))
    .groupBy(orders.timeSlotId);
  return new Map(rows.map((r) => [r.slotId!, { linked: r.linked, held: r.held }]));
}

/** The orders of a slot on a date move to another slot of the same times (a date's copied plan). */
export async function moveBookings(tx: DbOrTx, fromSlotId: string, toSlotId: string, date: string): Promise<void> {
  await tx
    .update(orders)
    .set({ timeSlotId: toSlotId, updatedAt: sql`now()` })
    .where(and(eq(orders.timeSlotId, fromSlotId), eq(orders.bookingDate, date)));
}

/**
 * Locks every slot of a department that can apply from `today` on (its standard slots and its date-specific ones
 * from today), in id order, for a save that may close days. Answers their ids.
 */
export async function lockPlanSlots(tx: DbOrTx, departmentId: string, today: string): Promise<string[]> {
  const rows = await tx
    .select({ id: timeSlots.id })
    .from(timeSlots)
    .where(and(eq(timeSlots.departmentId, departmentId), or(isNull(timeSlots.date), gte(timeSlots.date, today))))
    .orderBy(asc(timeSlots.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** The days from `today` on with orders (not cancelled) at the department, and how many. */
export async function bookedDays(db: DbOrTx, departmentId: string, today: string): Promise<Array<{ date: string; count: number }>> {
  const rows = await db
    .select({ date: orders.bookingDate, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.departmentId, departmentId), gte(orders.bookingDate, today), ne(orders.orderStatus, 'CANCELLED')))
    .groupBy(orders.bookingDate);
  return rows.map((r) => ({ date: r.date!, count: r.count }));
}

/** A department's opening-hours rows, standard and specific (read inside a save, before they are replaced). */
export async function listOpeningHours(db: DbOrTx, departmentId: string): Promise<HoursRow[]> {
  return db.select().from(departmentOpeningHours).where(eq(departmentOpeningHours.departmentId, departmentId));
}

/**
 * Marks slots as changed (their revision goes up): a booking checked against one of them before this transaction
 * is refused as changed and checked again, against the plan as it is now.
 */
export async function markSlotsChanged(tx: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length)
    await tx
      .update(timeSlots)
      .set({ revision: sql`${timeSlots.revision} + 1` })
      .where(inArray(timeSlots.id, ids));
}

export { slotToApi };

/**
 * A slot of the department changed: its time moves, not its version. The version guards what a department save
 * writes (master data and opening hours); slots are saved by themselves, each under its own lock, so the screen's
 * own slot change never makes its open copy stale (docs/decisions.md).
 */
export async function touchDepartment(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(departments)
    .set({ updatedAt: sql`now()` })
    .where(eq(departments.id, id));
}

// ---------------------------------------------------------------------------
// Resource relations

export async function listResourceRelations(db: DbOrTx, departmentId: string) {
  return db
    .select({
      id: departmentResourceRelations.id,
      departmentId: departmentResourceRelations.departmentId,
      resourceId: departmentResourceRelations.resourceId,
      resourceName: departments.name,
    })
    .from(departmentResourceRelations)
    .innerJoin(departments, eq(departments.id, departmentResourceRelations.resourceId))
    .where(eq(departmentResourceRelations.departmentId, departmentId))
    .orderBy(asc(departments.name));
}

export async function findResourceRelation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(departmentResourceRelations).where(eq(departmentResourceRelations.id, id));
  return row ?? null;
}

export async function insertResourceRelation(db: DbOrTx, departmentId: string, resourceId: string): Promise<void> {
  const existing = await db
    .select({ id: departmentResourceRelations.id })
    .from(departmentResourceRelations)
    .where(and(eq(departmentResourceRelations.departmentId, departmentId), eq(departmentResourceRelations.resourceId, resourceId)));
  if (existing.length === 0) await db.insert(departmentResourceRelations).values({ departmentId, resourceId });
}

export async function deleteResourceRelation(db: DbOrTx, id: string): Promise<void> {
  await db.delete(departmentResourceRelations).where(eq(departmentResourceRelations.id, id));
}
