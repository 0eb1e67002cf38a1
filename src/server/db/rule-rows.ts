import type { TCarRule } from '@/domain/rule-sets';
import { ruleName } from '@/domain/rule-sets';
import type { carRules } from './schema';

/** A car rule row as the wire has it (its name generated); shared by the rule-set screens and the booking facts. */
export function carRuleToApi(row: typeof carRules.$inferSelect): TCarRule {
  return {
    id: row.id,
    ruleName: ruleName(row),
    carMake: row.carMake,
    carModel: row.carModel,
    isWorkAllowed: row.isWorkAllowed,
    minimumWorkLength: row.minimumWorkLength,
    disallowBackWindowWork: row.disallowBackWindowWork,
    disallowFrontWindowWork: row.disallowFrontWindowWork,
    disallowSideWindowWork: row.disallowSideWindowWork,
    disallowRoofWindowWork: row.disallowRoofWindowWork,
    updateId: row.updateId,
  };
}
