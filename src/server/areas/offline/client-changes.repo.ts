import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { KEEP_ANSWER_DAYS, STALE_CLAIM_MS, type TKeptChange } from '@/domain/offline';
import type { DbOrTx } from '@/server/db/client';
import { clientChanges } from '@/server/db/schema';

export interface ChangeRef {
  userId: string;
  changeId: string;
}

export interface KeptAnswer {
  status: number;
  contentType: string | null;
  body: string;
  etag: string | null;
}

const ofChange = (ref: ChangeRef) => and(eq(clientChanges.userId, ref.userId), eq(clientChanges.changeId, ref.changeId));

/** Claims the key for this request in one statement: true when no request had claimed it. */
export async function claimChange(db: DbOrTx, ref: ChangeRef, request: { method: string; path: string }): Promise<boolean> {
  const claimed = await db
    .insert(clientChanges)
    .values({ ...ref, method: request.method, path: request.path })
    .onConflictDoNothing()
    .returning({ changeId: clientChanges.changeId });
  return claimed.length > 0;
}

/** The change as its first request left it, with its kept answer (null while it runs); null when the key is free. */
export async function findChange(db: DbOrTx, ref: ChangeRef): Promise<(TKeptChange & { answer: KeptAnswer | null }) | null> {
  const [row] = await db.select().from(clientChanges).where(ofChange(ref));
  if (!row) return null;
  return {
    method: row.method,
    path: row.path,
    status: row.status,
    createdAt: row.createdAt,
    answer: row.status === null ? null : { status: row.status, contentType: row.contentType, body: row.body ?? '', etag: row.etag },
  };
}

/**
 * Takes over a claim left without an answer for STALE_CLAIM_MS (by the database's clock), in one statement: true
 * when this request now holds it (a second resend racing for it finds it fresh again).
 */
export async function takeOverStaleChange(db: DbOrTx, ref: ChangeRef): Promise<boolean> {
  const taken = await db
    .update(clientChanges)
    .set({ createdAt: sql`now()` })
    .where(
      and(
        ofChange(ref),
        isNull(clientChanges.status),
        lt(clientChanges.createdAt, sql`now() - make_interval(secs => ${STALE_CLAIM_MS / 1000})`),
      ),
    )
    .returning({ changeId: clientChanges.changeId });
  return taken.length > 0;
}

/** Keeps the answer of the request holding the claim. */
export async function keepAnswer(db: DbOrTx, ref: ChangeRef, answer: KeptAnswer): Promise<void> {
  await db
    .update(clientChanges)
    .set({ ...answer, completedAt: sql`now()` })
    .where(and(ofChange(ref), isNull(clientChanges.status)));
}

/** Frees a claim that got no answer worth keeping (a 5xx, a request cut off), so a resend runs again. */
export async function freeChange(db: DbOrTx, ref: ChangeRef): Promise<void> {
  await db.delete(clientChanges).where(and(ofChange(ref), isNull(clientChanges.status)));
}

/** Removes the changes claimed more than KEEP_ANSWER_DAYS ago (the hourly sweep in server.ts). */
export async function deleteOldChanges(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(clientChanges)
    .where(lt(clientChanges.createdAt, sql`now() - make_interval(days => ${KEEP_ANSWER_DAYS})`))
    .returning({ changeId: clientChanges.changeId });
  return deleted.length;
}
