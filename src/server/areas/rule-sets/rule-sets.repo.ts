import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TCarRuleInput, TDebitorRuleSet, TDebitorRuleSetInput, TRuleSet } from '@/domain/rule-sets';
import type { TDepartmentRuleSet } from '@/domain/rule-sets';
import type { DbOrTx } from '@/server/db/client';
import { carRuleToApi } from '@/server/db/rule-rows';
import { nextVersion, updateIfCurrent, type TSaveOutcome } from '@/server/db/versioned';
import { carRules, debitorRuleSets, debitors, departments, ruleSetDepartments, ruleSetRules, ruleSets } from '@/server/db/schema';

export async function pageOfRules(db: DbOrTx, pageSize: number, pageNumber: number) {
  const [total] = await db.select({ n: count() }).from(carRules);
  const rows = await db
    .select()
    .from(carRules)
    .orderBy(asc(carRules.carMake), asc(carRules.carModel), asc(carRules.createdAt))
    .limit(pageSize)
    .offset(pageSize * pageNumber);
  return { rules: rows.map(carRuleToApi), totalPages: Math.ceil(total!.n / pageSize) };
}

export async function pageOfRuleSets(
  db: DbOrTx,
  pageSize: number,
  pageNumber: number,
): Promise<{ ruleSets: TRuleSet[]; totalPages: number }> {
  const [total] = await db.select({ n: count() }).from(ruleSets);
  const sets = await db
    .select()
    .from(ruleSets)
    .orderBy(asc(ruleSets.ruleSetName), asc(ruleSets.createdAt))
    .limit(pageSize)
    .offset(pageSize * pageNumber);
  const ids = sets.map((s) => s.id);
  const [links, rules] = ids.length
    ? await Promise.all([
        db
          .select({
            ruleSetId: ruleSetDepartments.ruleSetId,
            departmentId: ruleSetDepartments.departmentId,
            departmentName: departments.name,
          })
          .from(ruleSetDepartments)
          .innerJoin(departments, eq(departments.id, ruleSetDepartments.departmentId))
          .where(inArray(ruleSetDepartments.ruleSetId, ids))
          .orderBy(asc(departments.name)),
        db.select().from(ruleSetRules).where(inArray(ruleSetRules.ruleSetId, ids)),
      ])
    : [[], []];
  return {
    ruleSets: sets.map((s) => ({
      id: s.id,
      ruleSetName: s.ruleSetName,
      alertMessage: s.alertMessage,
      departments: links
        .filter((l) => l.ruleSetId === s.id)
        .map((l) => ({ departmentId: l.departmentId, departmentName: l.departmentName })),
      rules: rules.filter((r) => r.ruleSetId === s.id).map((r) => r.ruleId),
      updateId: s.updateId,
    })),
    totalPages: Math.ceil(total!.n / pageSize),
  };
}

export async function findRule(db: DbOrTx, id: string) {
  const [row] = await db.select().from(carRules).where(eq(carRules.id, id));
  return row ? carRuleToApi(row) : null;
}

/** A rule's columns from its input (its version is the row's own, never the client's). */
function ruleValues({ updateId: _version, ...values }: TCarRuleInput) {
  return values;
}

export async function insertRule(db: DbOrTx, input: TCarRuleInput): Promise<string> {
  const [row] = await db.insert(carRules).values(ruleValues(input)).returning({ id: carRules.id });
  return row!.id;
}

/** Saves a rule over the copy the client read (`updateId`, db/versioned.ts). */
export async function updateRule(db: DbOrTx, id: string, updateId: string, input: TCarRuleInput): Promise<TSaveOutcome> {
  return updateIfCurrent(db, carRules, { id, updateId }, { ...ruleValues(input), updatedAt: sql`now()` });
}

export async function ruleInUse(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.select({ id: ruleSetRules.ruleId }).from(ruleSetRules).where(eq(ruleSetRules.ruleId, id)).limit(1)).length > 0;
}

export async function deleteRule(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.delete(carRules).where(eq(carRules.id, id)).returning({ id: carRules.id })).length > 0;
}

/**
 * Saves a set with exactly the given departments and rules: a new one (no `existing`), or over the copy the client
 * read (`existing.updateId`, db/versioned.ts), whose links are then replaced; a stale copy changes nothing.
 */
export async function saveRuleSet(
  tx: DbOrTx,
  existing: { id: string; updateId: string } | null,
  values: { ruleSetName: string; alertMessage: string },
  departmentIds: string[],
  ruleIds: string[],
): Promise<{ outcome: TSaveOutcome; id: string }> {
  let setId: string;
  if (existing) {
    setId = existing.id;
    const outcome = await updateIfCurrent(tx, ruleSets, existing, { ...values, updatedAt: sql`now()` });
    if (outcome !== 'SAVED') return { outcome, id: setId };
    await tx.delete(ruleSetDepartments).where(eq(ruleSetDepartments.ruleSetId, setId));
    await tx.delete(ruleSetRules).where(eq(ruleSetRules.ruleSetId, setId));
  } else {
    setId = (await tx.insert(ruleSets).values(values).returning({ id: ruleSets.id }))[0]!.id;
  }
  await tx.insert(ruleSetDepartments).values([...new Set(departmentIds)].map((departmentId) => ({ ruleSetId: setId, departmentId })));
  await tx.insert(ruleSetRules).values([...new Set(ruleIds)].map((ruleId) => ({ ruleSetId: setId, ruleId })));
  return { outcome: 'SAVED', id: setId };
}

export async function deleteRuleSet(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.delete(ruleSets).where(eq(ruleSets.id, id)).returning({ id: ruleSets.id })).length > 0;
}

export async function removeRuleFromSet(db: DbOrTx, setId: string, ruleId: string): Promise<boolean> {
  return (
    (
      await db
        .delete(ruleSetRules)
        .where(and(eq(ruleSetRules.ruleSetId, setId), eq(ruleSetRules.ruleId, ruleId)))
        .returning({ id: ruleSetRules.ruleId })
    ).length > 0
  );
}

export async function removeDepartmentFromSet(db: DbOrTx, setId: string, departmentId: string): Promise<boolean> {
  return (
    (
      await db
        .delete(ruleSetDepartments)
        .where(and(eq(ruleSetDepartments.ruleSetId, setId), eq(ruleSetDepartments.departmentId, departmentId)))
        .returning({ id: ruleSetDepartments.departmentId })
    ).length > 0
  );
}

/**
 * A set's links changed: its version moves on, under the set's row lock (so a save of an older copy waits and is
 * then refused). With `updateId`, only while the set still has it (db/versioned.ts). Answers the new version.
 */
export async function newRuleSetVersion(
  tx: DbOrTx,
  setId: string,
  updateId: string | undefined,
): Promise<{ outcome: TSaveOutcome; updateId: string | null }> {
  const [row] = await tx
    .update(ruleSets)
    .set({ updateId: nextVersion, updatedAt: sql`now()` })
    .where(and(eq(ruleSets.id, setId), updateId ? eq(ruleSets.updateId, updateId) : undefined))
    .returning({ updateId: ruleSets.updateId });
  if (row) return { outcome: 'SAVED', updateId: row.updateId };
  const [found] = await tx.select({ id: ruleSets.id }).from(ruleSets).where(eq(ruleSets.id, setId));
  return { outcome: found ? 'STALE' : 'MISSING', updateId: null };
}

/** Which of the ids exist: departments and rules. */
export async function existing(
  db: DbOrTx,
  departmentIds: string[],
  ruleIds: string[],
): Promise<{ departments: Set<string>; rules: Set<string> }> {
  const [d, r] = await Promise.all([
    departmentIds.length ? db.select({ id: departments.id }).from(departments).where(inArray(departments.id, departmentIds)) : [],
    ruleIds.length ? db.select({ id: carRules.id }).from(carRules).where(inArray(carRules.id, ruleIds)) : [],
  ]);
  return { departments: new Set(d.map((x) => x.id)), rules: new Set(r.map((x) => x.id)) };
}

/** The rule sets (with their rules) of each of the given departments. */
export async function ruleSetsOfDepartments(db: DbOrTx, departmentIds: string[]): Promise<Map<string, TDepartmentRuleSet[]>> {
  const result = new Map<string, TDepartmentRuleSet[]>(departmentIds.map((id) => [id, []]));
  if (departmentIds.length === 0) return result;
  const links = await db
    .select({ departmentId: ruleSetDepartments.departmentId, ruleSetId: ruleSets.id, alertMessage: ruleSets.alertMessage })
    .from(ruleSetDepartments)
    .innerJoin(ruleSets, eq(ruleSets.id, ruleSetDepartments.ruleSetId))
    .where(inArray(ruleSetDepartments.departmentId, departmentIds));
  if (links.length === 0) return result;
  const rules = await db
    .select({ ruleSetId: ruleSetRules.ruleSetId, rule: carRules })
    .from(ruleSetRules)
    .innerJoin(carRules, eq(carRules.id, ruleSetRules.ruleId))
    .where(inArray(ruleSetRules.ruleSetId, [...new Set(links.map((l) => l.ruleSetId))]));
  for (const link of links) {
    result.get(link.departmentId)!.push({
      alertMessage: link.alertMessage,
      rules: rules.filter((r) => r.ruleSetId === link.ruleSetId).map((r) => carRuleToApi(r.rule)),
    });
  }
  return result;
}

// ---------------------------------------------------------------------------
// Debtor rule sets

function debitorRuleToApi(row: typeof debitorRuleSets.$inferSelect): TDebitorRuleSet {
  return {
    id: row.id,
    type: row.type as TDebitorRuleSet['type'],
    user: row.user,
    owner: row.owner,
    leasing: row.leasing,
    insurrance: row.insurance,
    debitor: row.debitorNo ?? '',
    isMandatory: row.isMandatory,
    updateId: row.updateId,
  };
}

export async function listDebitorRuleSets(db: DbOrTx): Promise<TDebitorRuleSet[]> {
  return (await db.select().from(debitorRuleSets).orderBy(asc(debitorRuleSets.createdAt), asc(debitorRuleSets.id))).map(debitorRuleToApi);
}

/** A new row (`existing` null), or a change over the copy the client read (`existing.updateId`, db/versioned.ts). */
export async function saveDebitorRuleSet(
  db: DbOrTx,
  existing: { id: string; updateId: string } | null,
  input: TDebitorRuleSetInput,
): Promise<{ outcome: TSaveOutcome; row: TDebitorRuleSet | null }> {
  const values = {
    type: input.type,
    user: input.user,
    owner: input.owner,
    leasing: input.leasing,
    insurance: input.insurrance,
    debitorNo: input.debitor || null,
    isMandatory: input.isMandatory,
  };
  if (!existing) {
    const [row] = await db.insert(debitorRuleSets).values(values).returning();
    return { outcome: 'SAVED', row: debitorRuleToApi(row!) };
  }
  const outcome = await updateIfCurrent(db, debitorRuleSets, existing, { ...values, updatedAt: sql`now()` });
  if (outcome !== 'SAVED') return { outcome, row: null };
  const [row] = await db.select().from(debitorRuleSets).where(eq(debitorRuleSets.id, existing.id));
  return { outcome, row: debitorRuleToApi(row!) };
}

export async function deleteDebitorRuleSet(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.delete(debitorRuleSets).where(eq(debitorRuleSets.id, id)).returning({ id: debitorRuleSets.id })).length > 0;
}

export async function debitorExists(db: DbOrTx, no: string): Promise<boolean> {
  return (await db.select({ no: debitors.no }).from(debitors).where(eq(debitors.no, no))).length > 0;
}
