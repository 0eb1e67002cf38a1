import { asc, eq, inArray, sql } from 'drizzle-orm';
import { toWireDateTime } from '@/domain/lib/dates';
import { guidOrZero } from '@/domain/lib/guid';
import type { TDepartment, TLoanCar, TOpeningHours, TRegion, TTimeSlot } from '@/domain/departments/department.schemas';
import type { DbOrTx } from '@/server/db/client';
import { preparedFor } from '@/server/db/prepared';
import { departmentOpeningHours, departments, loanCarDamages, loanCars, timeSlots } from '@/server/db/schema';

/** Date columns come back as 'YYYY-MM-DD'; the wire wants the full wall-clock form. */
function dateToWire(date: string | null): string | null {
  return date ? `${date}T00:00:00` : null;
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

type SlotRow = typeof timeSlots.$inferSelect;
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
  };
}

function hoursToApi(row: HoursRow): TOpeningHours {
  return { id: row.id, day: row.day, date: dateToWire(row.date), from: row.from, to: row.to, closed: row.closed };
}

/** Every department with its hours, slots and loan cars, as the Department entity of document 3. */
export async function listDepartments(db: DbOrTx): Promise<TDepartment[]> {
  return loadDepartments(db, null);
}

/** One department with everything, or null. */
export async function findDepartmentById(db: DbOrTx, id: string): Promise<TDepartment | null> {
  return (await loadDepartments(db, id))[0] ?? null;
}

/** A department's opening-hours rows as the Department entity has them: standard by weekday, specific by date. */
export function openingHoursOf(rows: HoursRow[]): Pick<TDepartment, 'openingHours' | 'specificOpeningHours'> {
  return {
    openingHours: rows.filter((h) => h.date === null).map(hoursToApi),
    specificOpeningHours: rows.filter((h) => h.date !== null).map(hoursToApi),
  };
}

type Rows = {
  departments: Array<typeof departments.$inferSelect>;
  hours: HoursRow[];
  slots: SlotRow[];
  cars: Array<typeof loanCars.$inferSelect>;
  damages: Array<typeof loanCarDamages.$inferSelect>;
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
      .select()
      .from(timeSlots)
      .where(eq(timeSlots.departmentId, id))
      .orderBy(asc(timeSlots.day), asc(timeSlots.date), asc(timeSlots.from))
      .prepare('department_slots_by_id'),
    cars: db.select().from(loanCars).where(eq(loanCars.departmentId, id)).orderBy(asc(loanCars.regNumber)).prepare('department_loan_cars_by_id'),
    // The department's cars' damages, not every department's.
    damages: db
      .select()
      .from(loanCarDamages)
      .where(inArray(loanCarDamages.loanCarId, db.select({ id: loanCars.id }).from(loanCars).where(eq(loanCars.departmentId, id))))
      .orderBy(asc(loanCarDamages.date))
      .prepare('department_loan_car_damages_by_id'),
  };
});

async function loadRows(db: DbOrTx, id: string | null): Promise<Rows> {
  // One query after the other: inside a transaction there is a single connection.
  if (id) {
    const statements = oneDepartment(db);
    return {
      departments: await statements.department.execute({ id }),
      hours: await statements.hours.execute({ id }),
      slots: await statements.slots.execute({ id }),
      cars: await statements.cars.execute({ id }),
      damages: await statements.damages.execute({ id }),
    };
  }
  return {
    departments: await db.select().from(departments).orderBy(asc(departments.name)),
    hours: await db
      .select()
      .from(departmentOpeningHours)
      .orderBy(asc(departmentOpeningHours.day), asc(departmentOpeningHours.date), asc(departmentOpeningHours.from)),
    slots: await db.select().from(timeSlots).orderBy(asc(timeSlots.day), asc(timeSlots.date), asc(timeSlots.from)),
    cars: await db.select().from(loanCars).orderBy(asc(loanCars.regNumber)),
    damages: await db.select().from(loanCarDamages).orderBy(asc(loanCarDamages.date)),
  };
}

async function loadDepartments(db: DbOrTx, id: string | null): Promise<TDepartment[]> {
  const { departments: rows, hours, slots, cars, damages } = await loadRows(db, id);
  const hoursBy = groupBy(hours, (h) => h.departmentId);
  const slotsBy = groupBy(slots, (s) => `${s.departmentId}:${s.type}`);
  const damagesBy = groupBy(damages, (d) => d.loanCarId);
  const carsBy = groupBy(cars, (c) => c.departmentId);

  return rows.map((d) => {
    const ownHours = hoursBy.get(d.id) ?? [];
    const windowSlots = slotsBy.get(`${d.id}:WINDOW_REPLACE`) ?? [];
    const chipSlots = slotsBy.get(`${d.id}:STONE_CHIP`) ?? [];
    const ownCars: TLoanCar[] = (carsBy.get(d.id) ?? []).map((c) => ({
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
    }));
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
      openingHours: ownHours.filter((h) => h.date === null).map(hoursToApi),
      specificOpeningHours: ownHours.filter((h) => h.date !== null).map(hoursToApi),
      windowReplaceTimeSlots: windowSlots.filter((s) => s.date === null).map(slotToApi),
      specificWindowReplaceTimeSlots: windowSlots.filter((s) => s.date !== null).map(slotToApi),
      stoneChipTimeSlots: chipSlots.filter((s) => s.date === null).map(slotToApi),
      specificStoneChipTimeSlots: chipSlots.filter((s) => s.date !== null).map(slotToApi),
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
      maxNumberOfWorkers: d.maxNumberOfWorkers,
      parentDepartmentId: guidOrZero(d.parentDepartmentId),
      loanCars: ownCars,
      calendarDepartmentId: guidOrZero(d.calendarDepartmentId),
      alertMessages: d.alertMessages,
      updateId: d.updateId,
    };
  });
}
