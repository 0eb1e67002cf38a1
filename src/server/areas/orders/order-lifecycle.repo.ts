import { and, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { users } from '@/server/db/schema';

/** Of the given user ids, those of users that exist and are not deleted. */
export async function findActiveUserIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  return new Set(rows.map((r) => r.id));
}
