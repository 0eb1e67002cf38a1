import { asc, eq } from 'drizzle-orm';
import { toWireDateTime } from '@/domain/lib/dates';
import { guidOrZero } from '@/domain/lib/guid';
import type { TDepartment, TLoanCar, TOpeningHours, TRegion, TTimeSlot } from '@/domain/departments/department.schemas';
import type { DbOrTx } from '@/server/db/client';
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

async function loadDepartments(db: DbOrTx, id: string | null): Promise<TDepartment[]> {
  // One query after the other: inside a transaction there is a single connection.
  const rows = await db.select().from(departments).where(id ? eq(departments.id, id) : undefined).orderBy(asc(departments.name));
  const hours = await db
    .select()
    .from(departmentOpeningHours)
    .where(id ? eq(departmentOpeningHours.departmentId, id) : undefined)
    .orderBy(asc(departmentOpeningHours.day), asc(departmentOpeningHours.date), asc(departmentOpeningHours.from));
  const slots = await db
    .select()
    .from(timeSlots)
    .where(id ? eq(timeSlots.departmentId, id) : undefined)
    .orderBy(asc(timeSlots.day), asc(timeSlots.date), asc(timeSlots.from));
  const cars = await db.select().from(loanCars).where(id ? eq(loanCars.departmentId, id) : undefined).orderBy(asc(loanCars.regNumber));
  const damages = await db.select().from(loanCarDamages).orderBy(asc(loanCarDamages.date));
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
