import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { placesHeld } from '@/server/db/places-held';
import { preparedFor } from '@/server/db/prepared';
import { departments, orders, zipCodeAvailability, zipCodes } from '@/server/db/schema';

/**
 * Places held per slot and date in a date range (orders.holds_place), keyed `${slotId}:${YYYY-MM-DD}`. Prepared:
 * every month of availability asks it.
 */
const bookedStatements = preparedFor((db) => ({
  counts: db
    .select({ slotId: orders.timeSlotId, date: orders.bookingDate, n: placesHeld })
    .from(orders)
    .where(
      and(
        sql`${orders.departmentId} = any(${sql.placeholder('ids')}::uuid[])`,
        gte(orders.bookingDate, sql.placeholder('from')),
        lte(orders.bookingDate, sql.placeholder('to')),
        // Only the orders holding a place (the partial index orders_slot_places), so placesHeld counts every row read.
        eq(orders.holdsPlace, true),
      ),
    )
    .groupBy(orders.timeSlotId, orders.bookingDate)
    .prepare('booked_counts'),
}));

export async function bookedCounts(db: DbOrTx, departmentIds: string[], from: string, to: string): Promise<Map<string, number>> {
  if (departmentIds.length === 0) return new Map();
  const rows = await bookedStatements(db).counts.execute({ ids: departmentIds, from, to });
  return new Map(rows.map((r) => [`${r.slotId}:${r.date}`, r.n]));
}

export async function findCity(db: DbOrTx, zip: string): Promise<string | null> {
  const [row] = await db.select({ city: zipCodes.city }).from(zipCodes).where(eq(zipCodes.zipCode, zip));
  return row?.city ?? null;
}

/** Zip codes whose number starts with, or whose city contains, the typed text. */
export async function searchZipCodes(db: DbOrTx, input: string, limit = 10): Promise<Array<{ zipCode: string; city: string }>> {
  const text = input.trim();
  if (!text) return [];
  const digits = /^\d+$/.test(text);
  return db
    .select({ zipCode: zipCodes.zipCode, city: zipCodes.city })
    .from(zipCodes)
    .where(digits ? sql`${zipCodes.zipCode} like ${`${text}%`}` : sql`${zipCodes.city} ilike ${`%${text}%`}`)
    .orderBy(asc(zipCodes.zipCode))
    .limit(limit);
}

const zipAvailabilityColumns = {
  id: zipCodeAvailability.id,
  zipCode: zipCodeAvailability.zipCode,
  city: zipCodes.city,
  departmentId: zipCodeAvailability.departmentId,
  departmentName: departments.name,
  navResponsibilityCenter: zipCodeAvailability.navResponsibilityCenter,
  monday: zipCodeAvailability.monday,
  tuesday: zipCodeAvailability.tuesday,
  wednesday: zipCodeAvailability.wednesday,
  thursday: zipCodeAvailability.thursday,
  friday: zipCodeAvailability.friday,
  saturday: zipCodeAvailability.saturday,
  sunday: zipCodeAvailability.sunday,
  isActive: zipCodeAvailability.isActive,
};

/** Rows of Postnummer styring: by zip code, by department, or by the departments' responsibility centre. */
function zipAvailabilityWhere(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(zipAvailabilityColumns)
    .from(zipCodeAvailability)
    .innerJoin(zipCodes, eq(zipCodes.zipCode, zipCodeAvailability.zipCode))
    .innerJoin(departments, eq(departments.id, zipCodeAvailability.departmentId))
    .where(where)
    .orderBy(asc(zipCodeAvailability.zipCode), asc(departments.name));
}

export async function zipAvailability(db: DbOrTx, zip: string) {
  return zipAvailabilityWhere(db, eq(zipCodeAvailability.zipCode, zip));
}

export async function zipAvailabilityOfDepartment(db: DbOrTx, departmentId: string) {
  return zipAvailabilityWhere(db, eq(zipCodeAvailability.departmentId, departmentId));
}

export async function zipAvailabilityOfResponsibilityCenter(db: DbOrTx, code: string) {
  return zipAvailabilityWhere(db, eq(departments.navResponsibilityCenter, code));
}

export async function findMobileDepartment(
  db: DbOrTx,
  id: string,
): Promise<{ mobileService: boolean; navResponsibilityCenter: string } | null> {
  const [row] = await db
    .select({ mobileService: departments.mobileService, navResponsibilityCenter: departments.navResponsibilityCenter })
    .from(departments)
    .where(eq(departments.id, id));
  return row ?? null;
}

type ZipAvailabilityValues = Omit<typeof zipCodeAvailability.$inferInsert, 'id'>;

/** Saves one row: the given one (its van may change), or the zip code's row of the department. Null when no such row. */
export async function saveZipAvailability(db: DbOrTx, id: string | undefined, values: ZipAvailabilityValues): Promise<string | null> {
  if (id) {
    const [row] = await db
      .update(zipCodeAvailability)
      .set(values)
      .where(eq(zipCodeAvailability.id, id))
      .returning({ id: zipCodeAvailability.id });
    return row?.id ?? null;
  }
  const [row] = await db
    .insert(zipCodeAvailability)
    .values(values)
    .onConflictDoUpdate({ target: [zipCodeAvailability.zipCode, zipCodeAvailability.departmentId], set: values })
    .returning({ id: zipCodeAvailability.id });
  return row!.id;
}

export async function findZipAvailability(db: DbOrTx, id: string) {
  const [row] = await zipAvailabilityWhere(db, eq(zipCodeAvailability.id, id));
  return row ?? null;
}
