import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { seedReferenceData } from './reference/seed-reference';
import { seedFeedback } from './seed-feedback';
import { seedMedia } from './seed-media';
import { seedLifecycle } from './seed-lifecycle';
import { seedBusyWorkshop, seedOrders } from './seed-orders';
import { seedRuleSets } from './seed-rule-sets';
import { seedTransfers } from './seed-transfers';
import { seedUsers } from './seed-users';
import { seedWebBooking } from './seed-web-booking';

const SEED_LOCK = 727_002;

/**
 * Loads the demo data, but only into a database without any: it never mixes
 * with real data. The lock makes two instances starting at once seed only once.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const result = await tx.execute<{ has_data: boolean }>(sql`
      select exists (select 1 from users) or exists (select 1 from departments) or exists (select 1 from products) as has_data`);
    if (result.rows[0]?.has_data) return false;
    await seedReferenceData(tx);
    await seedUsers(tx);
    return true;
  });
  // Orders go through the order service, which runs its own transactions.
  if (seeded) await seedOrders(db);
  // Their history: journal, log entries, moves and complaints, through the lifecycle services.
  if (seeded) await seedLifecycle(db);
  // Photos and a signed disclaimer on the orders that have been worked on.
  if (seeded) await seedMedia(db);
  // Feedback on some finished jobs' fitters.
  if (seeded) await seedFeedback(db);
  // Rule sets that matter in the demo, after the history that was booked before them.
  if (seeded) await seedRuleSets(db);
  // Transfers waiting to be shipped and received at the demo users' department.
  if (seeded) await seedTransfers(db);
  // Last, with its own random stream: one workshop fully booked for window replacement two weeks ahead.
  if (seeded) await seedBusyWorkshop(db);
  // The booking page's departments (issue 41).
  if (seeded) await seedWebBooking(db);
  return seeded;
}
