import {
  RULE_SET_MESSAGES,
  type TCarRule,
  type TCarRuleInput,
  type TDebitorRuleSet,
  type TDebitorRuleSetInput,
  type TRuleSet,
  type TRuleSetInput,
} from '@/domain/rule-sets';
import { carAcceptance, matchDebitorRule, type TCarAcceptance, type TCarAcceptanceInput, type TCarParties } from '@/domain/rule-sets';
import { STALE_COPY_MESSAGES } from '@/domain/lib/versions';
import type { Db } from '@/server/db/client';
import { AppError, assertSaved, requireVersion } from '@/server/errors';
import * as repo from './rule-sets.repo';

/**
 * Afdeling reglersæt and Debitor regelsæt (document 3), Adminstrator's screens; the booking seam reads the same
 * rules (orders.repo's facts) and the searches ask carAcceptanceOf.
 */

export const listRules = repo.pageOfRules;
export const listRuleSets = repo.pageOfRuleSets;
export const listDebitorRuleSets = repo.listDebitorRuleSets;

/** POST /api/departmentRuleSet/rule?id: a new rule, or a change of one (its make stays). */
export async function saveRule(db: Db, id: string | undefined, input: TCarRuleInput): Promise<TCarRule> {
  if (!id) return (await repo.findRule(db, await repo.insertRule(db, input)))!;
  const updateId = requireVersion(input.updateId);
  const stored = await repo.findRule(db, id);
  if (!stored) throw AppError.notFound(RULE_SET_MESSAGES.ruleNotFound);
  // The make is locked when a rule is edited (the sets using it are about that make).
  const outcome = await repo.updateRule(db, id, updateId, { ...input, carMake: stored.carMake });
  assertSaved(outcome, { stale: STALE_COPY_MESSAGES.rule, notFound: RULE_SET_MESSAGES.ruleNotFound });
  return (await repo.findRule(db, id))!;
}

/** DELETE /api/departmentRuleSet/rule?id: refused while a set uses the rule. */
export async function deleteRule(db: Db, id: string): Promise<void> {
  if (await repo.ruleInUse(db, id)) throw AppError.conflict(RULE_SET_MESSAGES.ruleInUse);
  if (!(await repo.deleteRule(db, id))) throw AppError.notFound(RULE_SET_MESSAGES.ruleNotFound);
}

/** POST /api/departmentRuleSet/ruleSet?id: a set with a name, an alert, its departments and its rules. */
export async function saveRuleSet(db: Db, id: string | undefined, input: TRuleSetInput): Promise<TRuleSet> {
  const incomplete =
    input.ruleSetName.trim() === '' || input.alertMessage.trim() === '' || input.departmentIds.length === 0 || input.ruleIds.length === 0;
  if (incomplete) throw AppError.validation({ _: [RULE_SET_MESSAGES.missingValues] }, RULE_SET_MESSAGES.missingValues);
  const departmentIds = input.departmentIds.map((d) => d.toLowerCase());
  const ruleIds = input.ruleIds.map((r) => r.toLowerCase());
  const found = await repo.existing(db, departmentIds, ruleIds);
  const errors: Record<string, string[]> = {};
  if (departmentIds.some((d) => !found.departments.has(d))) errors.departmentIds = ['Afdelingen findes ikke'];
  if (ruleIds.some((r) => !found.rules.has(r))) errors.ruleIds = [RULE_SET_MESSAGES.ruleNotFound];
  if (Object.keys(errors).length) throw AppError.validation(errors, Object.values(errors)[0]![0]);
  const existing = id ? { id, updateId: requireVersion(input.updateId) } : null;
  const savedId = await db.transaction(async (tx) => {
    const saved = await repo.saveRuleSet(
      tx,
      existing,
      { ruleSetName: input.ruleSetName, alertMessage: input.alertMessage },
      departmentIds,
      ruleIds,
    );
    assertSaved(saved.outcome, { stale: STALE_COPY_MESSAGES.ruleSet, notFound: RULE_SET_MESSAGES.ruleSetNotFound });
    return saved.id;
  });
  const all = await repo.pageOfRuleSets(db, 100_000, 0);
  return all.ruleSets.find((s) => s.id === savedId)!;
}

export async function deleteRuleSet(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteRuleSet(db, id))) throw AppError.notFound(RULE_SET_MESSAGES.ruleSetNotDeleted);
}

/**
 * Removing a rule or a department from a set in edit mode removes the link at once, and the set's version moves on
 * (an older copy's save would put the link back). With the version the form holds, only while it is the set's
 * (409 otherwise); answers the next version, which the form saves with.
 */
export async function removeFromSet(
  db: Db,
  setId: string,
  link: { ruleId: string } | { departmentId: string },
  updateId: string | undefined,
): Promise<string> {
  return db.transaction(async (tx) => {
    const version = await repo.newRuleSetVersion(tx, setId, updateId);
    assertSaved(version.outcome, { stale: STALE_COPY_MESSAGES.ruleSet, notFound: RULE_SET_MESSAGES.ruleSetNotDeleted });
    const removed =
      'ruleId' in link
        ? await repo.removeRuleFromSet(tx, setId, link.ruleId)
        : await repo.removeDepartmentFromSet(tx, setId, link.departmentId);
    if (!removed) throw AppError.notFound(RULE_SET_MESSAGES.ruleSetNotDeleted);
    return version.updateId!;
  });
}

/** Whether each department takes the car for the job (carAcceptance on its rule sets). */
export async function carAcceptanceOf(db: Db, departmentIds: string[], car: TCarAcceptanceInput): Promise<Map<string, TCarAcceptance>> {
  const sets = await repo.ruleSetsOfDepartments(db, departmentIds);
  return new Map(departmentIds.map((id) => [id, carAcceptance(car, sets.get(id) ?? [])]));
}

/** POST /api/debitorruleset/save: a row, new (no id) or changed; its debitor must be registered. */
export async function saveDebitorRuleSet(db: Db, input: TDebitorRuleSetInput): Promise<TDebitorRuleSet> {
  if (input.debitor && !(await repo.debitorExists(db, input.debitor)))
    throw AppError.field('debitor', 'Debitoren findes ikke i debitorregistret');
  const existing = input.id ? { id: input.id, updateId: requireVersion(input.updateId) } : null;
  const saved = await repo.saveDebitorRuleSet(db, existing, input);
  assertSaved(saved.outcome, { stale: STALE_COPY_MESSAGES.debitorRule, notFound: 'Rækken findes ikke' });
  return saved.row!;
}

export async function deleteDebitorRuleSet(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteDebitorRuleSet(db, id))) throw AppError.notFound('Rækken findes ikke');
}

/** The debtor rule that applies to a car's parties, for the customer step (its debitor offered, or set when mandatory). */
export async function matchingDebitorRule(db: Db, car: TCarParties): Promise<TDebitorRuleSet | null> {
  return matchDebitorRule(car, await repo.listDebitorRuleSets(db));
}
