import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { seedReferenceData } from './reference/seed-reference';
import { seedOrders } from './seed-orders';
import { seedUsers } from './seed-users';

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
  return seeded;
}
