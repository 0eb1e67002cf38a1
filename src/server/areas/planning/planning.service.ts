import { monthAvailability } from '@/domain/booking';
import { publicHolidaySet } from '@/domain/booking';
import type { TDepartment, TRegion } from '@/domain/departments';
import { sortByName } from '@/domain/lib/danish-order';
import { deliveryTimeOf, DELIVERY_HORIZON_DAYS, isShownInSlotSearch, slotsDayOf, type TPlannedDay } from '@/domain/planning';
import { addDays, copenhagenDay } from '@/domain/planning';
import type { TAvailableSlotsAll, TAvailableSlotsDepartment, TDeliveryTimeRow, TDeliveryTimes } from '@/domain/planning';
import { toWireDateTime } from '@/domain/lib/dates';
import type { Db } from '@/server/db/client';
// The booking's own count of held places: the same query the booking calendar and the nearest search read.
import { bookedCounts } from '../booking';
import { listActiveDepartmentsForDays } from '../departments';

/** Delivery time first looks two weeks ahead for every department, then the rest of the horizon for those still without. */
const FIRST_LOOK_DAYS = 14;

/** The active departments by name in Danish order, with what availability needs for the days `from`..`to`. */
async function activeDepartments(db: Db, from: string, to: string): Promise<TDepartment[]> {
  return sortByName(await listActiveDepartmentsForDays(db, from, to));
}

/**
 * The days `from`..`to` ('YYYY-MM-DD') of each department, computed exactly as the booking computes a month
 * (monthAvailability over bookedCounts, public holidays closed, nothing before now + the department's offset):
 * one query for the places held by all the departments on all the days.
 */
export async function plannedDays(db: Db, list: TDepartment[], from: string, to: string, now: Date): Promise<Map<string, TPlannedDay[]>> {
  const result = new Map<string, TPlannedDay[]>(list.map((d) => [d.id, []]));
  if (list.length === 0 || from > to) return result;
  const booked = await bookedCounts(
    db,
    list.map((d) => d.id),
    from,
    to,
  );
  const months: Array<{ year: number; month: number }> = [];
  for (
    let y = Number(from.slice(0, 4)), m = Number(from.slice(5, 7));
    `${y}-${String(m).padStart(2, '0')}` <= to.slice(0, 7);
    m === 12 ? (y++, (m = 1)) : m++
  ) {
    months.push({ year: y, month: m });
  }
  const holidays = publicHolidaySet(...new Set(months.map((m) => m.year)));
  for (const department of list) {
    const days = result.get(department.id)!;
    for (const { year, month } of months) {
      const key = `${year}-${String(month).padStart(2, '0')}`;
      // Only the month's days in from..to: a whole month per department was most of the work.
      const firstDay = key === from.slice(0, 7) ? Number(from.slice(8, 10)) : 1;
      const lastDay = key === to.slice(0, 7) ? Number(to.slice(8, 10)) : 31;
      const monthDays = monthAvailability({
        department,
        year,
        month,
        booked: (slotId, date) => booked.get(`${slotId}:${date}`) ?? 0,
        now,
        holidays,
        firstDay,
        lastDay,
        sumsOnly: true,
      });
      for (const day of monthDays) {
        const date = `${key}-${String(day.dayOfMonth).padStart(2, '0')}`;
        days.push({
          date,
          windowReplaceAvailable: day.windowReplaceAvailable,
          stoneChipAvailable: day.stoneChipAvailable,
          closed: day.closed,
          windowReplaceState: day.windowReplaceState,
          stoneChipState: day.stoneChipState,
        });
      }
    }
  }
  return result;
}

function slotTable(list: TDepartment[], days: Map<string, TPlannedDay[]>): TAvailableSlotsDepartment[] {
  return list.map((d) => ({ departmentId: d.id, name: d.name, zipCode: d.zipCode, availableSlots: days.get(d.id)!.map(slotsDayOf) }));
}

/**
 * GET /api/availableslots/getAll: every active department, today and the next 6 days, by region; none left out
 * (the table and the regional wall views show the week at any hour: today is blank once its time is over).
 */
export async function getAllAvailableSlots(db: Db, now = new Date()): Promise<TAvailableSlotsAll> {
  const today = copenhagenDay(now);
  const list = await activeDepartments(db, today, addDays(today, 6));
  const days = await plannedDays(db, list, today, addDays(today, 6), now);
  const region = (r: TRegion) =>
    slotTable(
      list.filter((d) => d.region === r),
      days,
    );
  return { julandDepartments: region('Jylland'), fynDepartmens: region('Fyn'), sjaellandDepartments: region('Sjaelland') };
}

/**
 * GET /api/availableslots/getByRegion, the 'Søg' search: one region's active departments, `count` days from
 * `start`, without those whose first day offers no place (isShownInSlotSearch).
 */
export async function getAvailableSlotsByRegion(
  db: Db,
  region: TRegion,
  start: string,
  count: number,
  now = new Date(),
): Promise<TAvailableSlotsDepartment[]> {
  const list = (await activeDepartments(db, start, addDays(start, count - 1))).filter((d) => d.region === region);
  const days = await plannedDays(db, list, start, addDays(start, count - 1), now);
  return slotTable(list, days).filter(isShownInSlotSearch);
}

/**
 * GET /api/deliverytime: per active department, working days to the first free window-replace and stone-chip
 * place from today within DELIVERY_HORIZON_DAYS. Two set-based looks: the first two weeks for all, the rest of the
 * horizon only for the departments that had no free place of a kind in them.
 */
export async function getDeliveryTimes(db: Db, now = new Date()): Promise<TDeliveryTimes> {
  const today = copenhagenDay(now);
  const firstEnd = addDays(today, FIRST_LOOK_DAYS - 1);
  const lastEnd = addDays(today, DELIVERY_HORIZON_DAYS - 1);
  const list = await activeDepartments(db, today, lastEnd);
  const first = await plannedDays(db, list, today, firstEnd, now);
  const free = (days: TPlannedDay[], kind: 'windowReplaceAvailable' | 'stoneChipAvailable') => days.some((d) => !d.closed && d[kind] > 0);
  const pending = list.filter((d) => !free(first.get(d.id)!, 'windowReplaceAvailable') || !free(first.get(d.id)!, 'stoneChipAvailable'));
  const rest = await plannedDays(db, pending, addDays(firstEnd, 1), lastEnd, now);
  const holidays = publicHolidaySet(Number(today.slice(0, 4)), Number(lastEnd.slice(0, 4)));
  const rows = new Map<string, TDeliveryTimeRow>(
    list.map((d) => [
      d.id,
      { departmentId: d.id, name: d.name, ...deliveryTimeOf([...first.get(d.id)!, ...(rest.get(d.id) ?? [])], today, holidays) },
    ]),
  );
  const region = (r: TRegion) => list.filter((d) => d.region === r).map((d) => rows.get(d.id)!);
  return { jylland: region('Jylland'), fyn: region('Fyn'), sjaelland: region('Sjaelland'), updated: toWireDateTime(now) };
}
