import { and, asc, gt, or, sql } from 'drizzle-orm';
import type { TCapacityOption, TTrainingDataSaved } from '@/domain/capacity';
import { toWireDateTime } from '@/domain/lib/dates';
import type { SessionUser } from '@/server/auth/sessions';
import type { Db } from '@/server/db/client';
import { capacityTrainingData } from '@/server/db/schema';
import type { InstantKey } from '@/server/lib/csv-stream';

/** A saved suggestion as the CSV export reads it. */
export interface TTrainingDataRow {
  id: string;
  createdAt: Date;
  /** The exact timestamptz text: the keyset position. */
  at: string;
  createdBy: string;
  suggestion: TCapacityOption;
}

/** Stores a suggestion with the signed-in user as its creator. */
export async function insertTrainingData(db: Db, suggestion: TCapacityOption, user: SessionUser): Promise<TTrainingDataSaved> {
  const [row] = await db
    .insert(capacityTrainingData)
    .values({
      type: suggestion.type,
      fromDepartmentId: suggestion.fromDepartmentId,
      toDepartmentId: suggestion.toDepartmentId,
      score: suggestion.score,
      reason: suggestion.reason,
      suggestion,
      createdById: user.id,
      createdBy: user.name,
    })
    .returning({ id: capacityTrainingData.id, createdBy: capacityTrainingData.createdBy, createdAt: capacityTrainingData.createdAt });
  return { id: row!.id, createdBy: row!.createdBy, createdAt: toWireDateTime(row!.createdAt) };
}

/** The saved suggestions after a keyset position, oldest first. */
export async function listTrainingData(db: Db, after: InstantKey | null, limit: number): Promise<TTrainingDataRow[]> {
  const at = sql<string>`${capacityTrainingData.createdAt}::text`;
  const rows = await db
    .select({
      id: capacityTrainingData.id,
      createdAt: capacityTrainingData.createdAt,
      at,
      createdBy: capacityTrainingData.createdBy,
      suggestion: capacityTrainingData.suggestion,
    })
    .from(capacityTrainingData)
    .where(
      after
        ? or(
            gt(capacityTrainingData.createdAt, sql`${after.at}::timestamptz`),
            and(sql`${capacityTrainingData.createdAt} = ${after.at}::timestamptz`, gt(capacityTrainingData.id, after.id)),
          )
        : undefined,
    )
    .orderBy(asc(capacityTrainingData.createdAt), asc(capacityTrainingData.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, suggestion: r.suggestion as TCapacityOption }));
}
