import { inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { departments } from '@/server/db/schema';

/**
 * The departments the demo's booking page (/book) offers (issue 41): a few workshops in Aarhus, Odense and around
 * Copenhagen, and the vans of Aarhus and Copenhagen. The rest keep web booking off, as an administrator would find them.
 */
export const DEMO_WEB_BOOKING_CODES = ['ARH', 'ODE', 'VAL', 'GLO', 'ROS', 'MARH', 'MKBH'] as const;

export async function seedWebBooking(db: Db): Promise<void> {
  await db
    .update(departments)
    .set({ webBooking: true })
    .where(inArray(departments.navLocationCode, [...DEMO_WEB_BOOKING_CODES]));
}
