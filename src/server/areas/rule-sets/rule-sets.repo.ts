import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { TCarRuleInput, TDebitorRuleSet, TDebitorRuleSetInput, TRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import type { TDepartmentRuleSet } from '@/domain/rule-sets/rule-sets';
import type { DbOrTx } from '@/server/db/client';
import { carRuleToApi } from '@/server/db/rule-rows';
import { carRules, debitorRuleSets, debitors, departments, ruleSetDepartments, ruleSetRules, ruleSets } from '@/server/db/schema';

export async function pageOfRules(db: DbOrTx, pageSize: number, pageNumber: number) {
  const [total] = await db.select({ n: count() }).from(carRules);
  const rows = await db.select().from(carRules).orderBy(asc(carRules.carMake), asc(carRules.carModel), asc(carRules.createdAt)).limit(pageSize).offset(pageSize * pageNumber);
  return { rules: rows.map(carRuleToApi), totalPages: Math.ceil(total!.n / pageSize) };
}

export async function pageOfRuleSets(db: DbOrTx, pageSize: number, pageNumber: number): Promise<{ ruleSets: TRuleSet[]; totalPages: number }> {
  const [total] = await db.select({ n: count() }).from(ruleSets);
  const sets = await db.select().from(ruleSets).orderBy(asc(ruleSets.ruleSetName), asc(ruleSets.createdAt)).limit(pageSize).offset(pageSize * pageNumber);
  const ids = sets.map((s) => s.id);
  const [links, rules] = ids.length
    ? await Promise.all([
        db
          .select({ ruleSetId: ruleSetDepartments.ruleSetId, departmentId: ruleSetDepartments.departmentId, departmentName: departments.name })
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
      departments: links.filter((l) => l.ruleSetId === s.id).map((l) => ({ departmentId: l.departmentId, departmentName: l.departmentName })),
      rules: rules.filter((r) => r.ruleSetId === s.id).map((r) => r.ruleId),
    })),
    totalPages: Math.ceil(total!.n / pageSize),
  };
}

export async function findRule(db: DbOrTx, id: string) {
  const [row] = await db.select().from(carRules).where(eq(carRules.id, id));
  return row ? carRuleToApi(row) : null;
}

export async function insertRule(db: DbOrTx, input: TCarRuleInput): Promise<string> {
  const [row] = await db.insert(carRules).values(input).returning({ id: carRules.id });
  return row!.id;
}

export async function updateRule(db: DbOrTx, id: string, input: TCarRuleInput): Promise<boolean> {
  return (await db.update(carRules).set({ ...input, updatedAt: sql`now()` }).where(eq(carRules.id, id)).returning({ id: carRules.id })).length > 0;
}

export async function ruleInUse(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.select({ id: ruleSetRules.ruleId }).from(ruleSetRules).where(eq(ruleSetRules.ruleId, id)).limit(1)).length > 0;
}

export async function deleteRule(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.delete(carRules).where(eq(carRules.id, id)).returning({ id: carRules.id })).length > 0;
}

/** Saves a set with exactly the given departments and rules. */
export async function saveRuleSet(tx: DbOrTx, id: string | null, values: { ruleSetName: string; alertMessage: string }, departmentIds: string[], ruleIds: string[]): Promise<string | null> {
  let setId = id;
  if (setId) {
    const updated = await tx.update(ruleSets).set({ ...values, updatedAt: sql`now()` }).where(eq(ruleSets.id, setId)).returning({ id: ruleSets.id });
    if (updated.length === 0) return null;
    await tx.delete(ruleSetDepartments).where(eq(ruleSetDepartments.ruleSetId, setId));
    await tx.delete(ruleSetRules).where(eq(ruleSetRules.ruleSetId, setId));
  } else {
    setId = (await tx.insert(ruleSets).values(values).returning({ id: ruleSets.id }))[0]!.id;
  }
  await tx.insert(ruleSetDepartments).values([...new Set(departmentIds)].map((departmentId) => ({ ruleSetId: setId!, departmentId })));
  await tx.insert(ruleSetRules).values([...new Set(ruleIds)].map((ruleId) => ({ ruleSetId: setId!, ruleId })));
  return setId;
}

export async function deleteRuleSet(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.delete(ruleSets).where(eq(ruleSets.id, id)).returning({ id: ruleSets.id })).length > 0;
}

export async function removeRuleFromSet(db: DbOrTx, setId: string, ruleId: string): Promise<boolean> {
  return (await db.delete(ruleSetRules).where(and(eq(ruleSetRules.ruleSetId, setId), eq(ruleSetRules.ruleId, ruleId))).returning({ id: ruleSetRules.ruleId })).length > 0;
}

export async function removeDepartmentFromSet(db: DbOrTx, setId: string, departmentId: string): Promise<boolean> {
  return (
    await db
      .delete(ruleSetDepartments)
      .where(and(eq(ruleSetDepartments.ruleSetId, setId), eq(ruleSetDepartments.departmentId, departmentId)))
      .returning({ id: ruleSetDepartments.departmentId })
  ).length > 0;
}

/** Which of the ids exist: departments and rules. */
export async function existing(db: DbOrTx, departmentIds: string[], ruleIds: string[]): Promise<{ departments: Set<string>; rules: Set<string> }> {
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
  };
}

export async function listDebitorRuleSets(db: DbOrTx): Promise<TDebitorRuleSet[]> {
  return (await db.select().from(debitorRuleSets).orderBy(asc(debitorRuleSets.createdAt), asc(debitorRuleSets.id))).map(debitorRuleToApi);
}

export async function saveDebitorRuleSet(db: DbOrTx, input: TDebitorRuleSetInput): Promise<TDebitorRuleSet | null> {
  const values = {
    type: input.type,
    user: input.user,
    owner: input.owner,
    leasing: input.leasing,
    insurance: input.insurrance,
    debitorNo: input.debitor || null,
    isMandatory: input.isMandatory,
  };
  const [row] = input.id
    ? await db.update(debitorRuleSets).set({ ...values, updatedAt: sql`now()` }).where(eq(debitorRuleSets.id, input.id)).returning()
    : await db.insert(debitorRuleSets).values(values).returning();
  return row ? debitorRuleToApi(row) : null;
}

export async function deleteDebitorRuleSet(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.delete(debitorRuleSets).where(eq(debitorRuleSets.id, id)).returning({ id: debitorRuleSets.id })).length > 0;
}

export async function debitorExists(db: DbOrTx, no: string): Promise<boolean> {
  return (await db.select({ no: debitors.no }).from(debitors).where(eq(debitors.no, no))).length > 0;
}
