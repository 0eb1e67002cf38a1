import { BOOKING_MESSAGES, type TDayAvailability, type TNearestDepartment } from '@/domain/booking';
import { servedWeekdays, ZIP_MESSAGES, type TZipCodeAvailability, type TZipCodeAvailabilityUpdate } from '@/domain/departments';
import { closedDay, dayAvailableFor, monthAvailabilityUntil } from '@/domain/booking';
import { danishPublicHolidays } from '@/domain/booking';
import type { TDepartment } from '@/domain/departments';
import { copenhagenParts, daysInMonth } from '@/domain/lib/dates';
import { distanceKm } from '@/domain/map';
import { departmentRefOf } from '@/domain/orders';
import { ITEM_NUMBERS } from '@/domain/orders';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { zipCentroid } from '@/server/integrations/geocoding/zip-centroids';
import type { TCarAcceptanceInput } from '@/domain/rule-sets';
import { findDepartmentById, listDepartments } from '../departments';
import { carAcceptanceOf } from '../rule-sets';
import * as repo from './booking.repo';
import type { MonthCache } from './month-cache';

const pad = (n: number) => String(n).padStart(2, '0');

interface MonthRequest {
  departmentId: string;
  year: number;
  month: number;
  now: Date;
  zipCode: string;
  car: TCarAcceptanceInput | null;
}

/** What a month of one department rests on besides its plan and bookings, and the way to make it. */
interface PlannedMonth {
  /** The van's zip weekdays and the car's minimum work length, as a key (the month cache's variant). */
  variant: string;
  make: () => Promise<{ days: TDayAvailability[]; validUntil: number }>;
}

const loadPlan = (db: Db) => (departmentId: string) => findDepartmentById(db, departmentId, { loanCars: false });

async function planMonth(
  db: Db,
  request: MonthRequest,
  plan: (departmentId: string) => Promise<TDepartment | null>,
): Promise<PlannedMonth> {
  const { year, month, now, zipCode, car } = request;
  // The month needs the slots and hours, not the loan cars.
  const department = await plan(request.departmentId);
  if (!department) throw AppError.notFound('Afdelingen findes ikke');
  // A department that does not take the car (its rule sets) has nothing to book for it; one that asks a minimum work
  // length counts only the slots that long. Rule sets and zip codes are read each time: their changes are not announced.
  const acceptance = car?.carMake ? (await carAcceptanceOf(db, [department.id], car)).get(department.id)! : null;
  if (acceptance && !acceptance.accepted) {
    const days = Array.from({ length: daysInMonth(year, month) }, (_, i) => closedDay(i + 1));
    return { variant: 'refused', make: async () => ({ days, validUntil: Infinity }) };
  }
  let served: readonly boolean[] | null | undefined;
  if (department.mobileService && zipCode) {
    const row = (await repo.zipAvailabilityOfDepartment(db, department.id)).find((r) => r.zipCode === zipCode && r.isActive);
    served = row ? servedWeekdays(row) : null;
  }
  const weekdays = served === undefined ? undefined : new Map([[department.id, served]]);
  const minimumHours = acceptance?.accepted ? acceptance.minimumWorkLength : 0;
  const minimum = minimumHours ? new Map([[department.id, minimumHours]]) : undefined;
  const servedKey = served === undefined ? 'all' : served === null ? 'none' : served.map((day) => (day ? 1 : 0)).join('');
  return {
    variant: `${servedKey}|${minimumHours}`,
    make: () => availabilityFor(db, [department], year, month, now, weekdays, minimum).then((m) => m.get(department.id)!),
  };
}

/**
 * The month's availability of one department, for the booking calendar. At a mobile-service van with the
 * customer's zip code, the days it does not serve that zip code are closed (as booking refuses them).
 */
export async function getMonthAvailability(
  db: Db,
  departmentId: string,
  year: number,
  month: number,
  now = new Date(),
  zipCode = '',
  car: TCarAcceptanceInput | null = null,
): Promise<TDayAvailability[]> {
  const planned = await planMonth(db, { departmentId, year, month, now, zipCode, car }, loadPlan(db));
  return (await planned.make()).days;
}

/** getMonthAvailability as the route sends it (JSON), through the month cache. */
export async function getMonthAvailabilityAnswer(db: Db, cache: MonthCache, request: MonthRequest): Promise<Buffer> {
  const at = request.now.getTime();
  const planned = await planMonth(db, request, (id) => cache.plan(id, at, () => loadPlan(db)(id)));
  return cache.answer(request.departmentId, request, planned.variant, at, planned.make);
}

async function availabilityFor(
  db: Db,
  list: TDepartment[],
  year: number,
  month: number,
  now: Date,
  /** Per van, its weekdays at the customer's zip code (the other days closed); vans not in it: every day. */
  servedWeekdays?: ReadonlyMap<string, readonly boolean[] | null>,
  /** Per department, the car's minimum work length in hours (departments not in it: none). */
  minimumHours?: ReadonlyMap<string, number>,
): Promise<Map<string, { days: TDayAvailability[]; validUntil: number }>> {
  const from = `${year}-${pad(month)}-01`;
  const to = `${year}-${pad(month)}-${pad(daysInMonth(year, month))}`;
  const booked = await repo.bookedCounts(
    db,
    list.map((d) => d.id),
    from,
    to,
  );
  const holidays = new Set(danishPublicHolidays(year));
  return new Map(
    list.map((department) => [
      department.id,
      monthAvailabilityUntil({
        department,
        year,
        month,
        booked: (slotId, date) => booked.get(`${slotId}:${date}`) ?? 0,
        now,
        holidays,
        ...(servedWeekdays?.has(department.id) ? { servedWeekdays: servedWeekdays.get(department.id)! } : {}),
        minimumHours: minimumHours?.get(department.id) ?? 0,
      }),
    ]),
  );
}

/** Days from today to the first day with a free place of the order's kind, looking two months ahead. */
async function firstFree(
  db: Db,
  list: TDepartment[],
  orderType: string,
  now: Date,
  servedWeekdays?: ReadonlyMap<string, readonly boolean[] | null>,
  minimumHours?: ReadonlyMap<string, number>,
): Promise<Map<string, { days: number; date: string } | null>> {
  const today = copenhagenParts(now);
  const result = new Map<string, { days: number; date: string } | null>(list.map((d) => [d.id, null]));
  let dayIndex = 0;
  for (let step = 0; step < 3; step++) {
    const month = ((today.month - 1 + step) % 12) + 1;
    const year = today.year + Math.floor((today.month - 1 + step) / 12);
    const byDepartment = await availabilityFor(db, list, year, month, now, servedWeekdays, minimumHours);
    for (const department of list) {
      if (result.get(department.id)) continue;
      for (const day of byDepartment.get(department.id)!.days) {
        if (step === 0 && day.dayOfMonth < today.day) continue;
        if (dayAvailableFor(day, orderType) > 0) {
          const offset = step === 0 ? day.dayOfMonth - today.day : dayIndex + day.dayOfMonth - 1;
          result.set(department.id, { days: offset, date: `${year}-${pad(month)}-${pad(day.dayOfMonth)}T00:00:00` });
          break;
        }
      }
    }
    dayIndex += step === 0 ? daysInMonth(year, month) - today.day + 1 : daysInMonth(year, month);
  }
  return result;
}

export interface NearestCriteria {
  carMake: string;
  carModel: string;
  orderType: string;
  items: string[];
  zipCode: string;
  city: string;
  onlyMobile: boolean;
  /** Only the departments this keeps (the booking page: those with web booking on). */
  only?: (department: TDepartment) => boolean;
}

/**
 * Departments that can take the job near a zip code (or city). Mobile-service departments
 * come from the zip-code coverage; workshops are ordered by the distance between the centres of their zip code
 * and the customer's (the local geocoder's table). Calibration items (PK3, PK5, PK6) exclude mobile departments.
 */
export async function findNearest(db: Db, criteria: NearestCriteria, now = new Date()): Promise<TNearestDepartment[]> {
  let zip = criteria.zipCode.trim();
  if (!/^\d{4}$/.test(zip) && criteria.city.trim()) zip = (await repo.searchZipCodes(db, criteria.city, 1))[0]?.zipCode ?? '';
  if (!/^\d{4}$/.test(zip) || (await repo.findCity(db, zip)) === null) throw AppError.notFound(BOOKING_MESSAGES.noMatch);

  const origin = zipCentroid(zip);
  /** Km between the centres of the customer's and a department's zip code, one decimal; null when either is unknown. */
  const distanceOf = (departmentZip: string) => {
    const position = origin && zipCentroid(departmentZip.trim());
    return origin && position ? Math.round(distanceKm(origin, position) * 10) / 10 : null;
  };
  const calibration = criteria.items.some((no) => (ITEM_NUMBERS.CALIBRATION as readonly string[]).includes(no));
  // The department rule sets leave out the departments that do not take the car for the job.
  const car = { carMake: criteria.carMake, carModel: criteria.carModel, orderType: criteria.orderType };
  const all = (await listDepartments(db)).filter((d) => !d.inActive && (criteria.only?.(d) ?? true));
  let candidates: TDepartment[];
  let vanWeekdays: Map<string, readonly boolean[]> | undefined;
  let accepts: Awaited<ReturnType<typeof carAcceptanceOf>>;
  if (criteria.onlyMobile) {
    const rows = (await repo.zipAvailability(db, zip)).filter((r) => r.isActive);
    const covering = new Set(rows.map((r) => r.departmentId));
    // A van's first free day at this zip code is on a weekday it serves it.
    vanWeekdays = new Map(rows.map((r) => [r.departmentId, servedWeekdays(r)]));
    const vans = all.filter((d) => d.mobileService && covering.has(d.id));
    if (vans.length === 0) throw AppError.notFound(BOOKING_MESSAGES.noMatch);
    accepts = await carAcceptanceOf(
      db,
      vans.map((d) => d.id),
      car,
    );
    candidates = vans.filter((d) => !calibration && accepts.get(d.id)!.accepted);
    if (candidates.length === 0) throw AppError.notFound(BOOKING_MESSAGES.noMobileForCar);
  } else {
    const shops = all.filter((d) => !d.mobileService);
    accepts = await carAcceptanceOf(
      db,
      shops.map((d) => d.id),
      car,
    );
    // Nearest by the distance between the zip codes' centres; a zip code without a known centre sorts by how near
    // its number is (Danish zip codes run geographically), after those with a distance.
    const rank = (d: TDepartment) => distanceOf(d.zipCode) ?? 10_000 + Math.abs(Number(d.zipCode) - Number(zip));
    candidates = shops
      .filter((d) => accepts.get(d.id)!.accepted)
      .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'da'))
      .slice(0, 10);
    if (candidates.length === 0) throw AppError.notFound(BOOKING_MESSAGES.noMatch);
  }
  const minimum = new Map(
    candidates.map((d) => {
      const acceptance = accepts.get(d.id)!;
      return [d.id, acceptance.accepted ? acceptance.minimumWorkLength : 0];
    }),
  );
  const free = await firstFree(db, candidates, criteria.orderType, now, vanWeekdays, minimum);
  return candidates.map((d) => ({
    department: departmentRefOf(d),
    distanceKm: distanceOf(d.zipCode),
    deliveryDays: free.get(d.id)?.days ?? null,
    firstFreeDate: free.get(d.id)?.date ?? null,
  }));
}

export const zipAvailability = repo.zipAvailability;
export const zipAvailabilityOfDepartment = repo.zipAvailabilityOfDepartment;
export const zipAvailabilityOfResponsibilityCenter = repo.zipAvailabilityOfResponsibilityCenter;

/**
 * POST /api/zipcode/: which mobile-service van serves a zip code on which weekdays. A row may move to another
 * van (the department dropdown); a van serves a zip code once. Booking reads the rows live.
 */
export async function saveZipCodeAvailability(db: Db, input: TZipCodeAvailabilityUpdate): Promise<TZipCodeAvailability> {
  const department = await repo.findMobileDepartment(db, input.departmentId);
  if (!department) throw AppError.field('departmentId', 'Afdelingen findes ikke');
  if (!department.mobileService) throw AppError.field('departmentId', ZIP_MESSAGES.notMobile);
  if ((await repo.findCity(db, input.zipCode)) === null) throw AppError.field('zipCode', ZIP_MESSAGES.unknownZip);
  const { id, ...values } = input;
  let saved: string | null;
  try {
    saved = await repo.saveZipAvailability(db, id, { ...values, navResponsibilityCenter: department.navResponsibilityCenter });
  } catch (error) {
    const cause = error as { cause?: { constraint?: string }; constraint?: string };
    if ((cause.cause?.constraint ?? cause.constraint) === 'zip_code_availability_zip_department')
      throw AppError.conflict(ZIP_MESSAGES.taken);
    throw error;
  }
  if (!saved) throw AppError.notFound(ZIP_MESSAGES.rowNotFound);
  return (await repo.findZipAvailability(db, saved))!;
}
export const findCity = repo.findCity;
export const searchZipCodes = repo.searchZipCodes;
