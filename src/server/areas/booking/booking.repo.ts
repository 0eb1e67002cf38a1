import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { departments, orders, zipCodeAvailability, zipCodes } from '@/server/db/schema';

/** Places held per slot and date in a date range (orders.holds_place), keyed `${slotId}:${YYYY-MM-DD}`. */
export async function bookedCounts(db: DbOrTx, departmentIds: string[], from: string, to: string): Promise<Map<string, number>> {
  if (departmentIds.length === 0) return new Map();
  const rows = await db
    .select({ slotId: orders.timeSlotId, date: orders.bookingDate, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        inArray(orders.departmentId, departmentIds),
        gte(orders.bookingDate, from),
        lte(orders.bookingDate, to),
        eq(orders.holdsPlace, true),
      ),
    )
    .groupBy(orders.timeSlotId, orders.bookingDate);
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

export async function zipAvailability(db: DbOrTx, zip: string) {
  return db
    .select({
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
    })
    .from(zipCodeAvailability)
    .innerJoin(zipCodes, eq(zipCodes.zipCode, zipCodeAvailability.zipCode))
    .innerJoin(departments, eq(departments.id, zipCodeAvailability.departmentId))
    .where(eq(zipCodeAvailability.zipCode, zip))
    .orderBy(asc(departments.name));
}
