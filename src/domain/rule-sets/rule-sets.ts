import type { TOrderType, TWhoPays } from '../orders';
import {
  RULE_SET_MESSAGES,
  type TCarRule,
  type TCarRuleInput,
  type TDebitorRuleSet,
  type TDebitorRuleType,
  type TRuleSetInput,
} from './rule-set.schemas';

/**
 * Department rule sets and debtor rule sets (document 3), as pure rules: which department takes which car, and
 * which payer a car must or may have. The booking seam (decideBooking) and the searches call these.
 */

/** 'Work_Allowed' or 'Work_Not_Allowed', the make, then the model when given, joined by underscores. */
export function ruleName(rule: Pick<TCarRuleInput, 'isWorkAllowed' | 'carMake' | 'carModel'>): string {
  return [rule.isWorkAllowed ? 'Work_Allowed' : 'Work_Not_Allowed', rule.carMake.trim(), rule.carModel.trim()].filter(Boolean).join('_');
}

/** A rule set needs a name, an alert, at least one department and one rule. */
export function ruleSetError(input: TRuleSetInput): string | null {
  const complete =
    input.ruleSetName.trim() !== '' && input.alertMessage.trim() !== '' && input.departmentIds.length > 0 && input.ruleIds.length > 0;
  return complete ? null : RULE_SET_MESSAGES.missingValues;
}

/** The window a job works on, for the rules' disallow flags; null for a job on no window (an extra sale). */
type TWindow = 'front' | 'back' | 'side' | 'roof';

function windowOf(orderType: string): TWindow | null {
  switch (orderType as TOrderType) {
    case 'REPLACE_FRONT':
    case 'REPLACE':
    case 'REPAIR':
      return 'front';
    case 'REPLACE_REAR':
      return 'back';
    case 'REPLACE_SIDE':
      return 'side';
    case 'REPLACE_ROOF':
      return 'roof';
    default:
      return null;
  }
}

function disallows(rule: TCarRule, window: TWindow | null): boolean {
  switch (window) {
    case 'front':
      return rule.disallowFrontWindowWork;
    case 'back':
      return rule.disallowBackWindowWork;
    case 'side':
      return rule.disallowSideWindowWork;
    case 'roof':
      return rule.disallowRoofWindowWork;
    default:
      return false;
  }
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('da') === b.trim().toLocaleLowerCase('da');

export interface TCarAcceptanceInput {
  carMake: string;
  carModel: string;
  /** The job's order type (a complaint: the type of the job complained about). */
  orderType: string;
}

/** The rule sets a department belongs to, with their rules. */
export interface TDepartmentRuleSet {
  alertMessage: string;
  rules: readonly TCarRule[];
}

export type TCarAcceptance = { accepted: true; minimumWorkLength: number } | { accepted: false; alertMessage: string };

/**
 * Whether a department takes a car for a job. A department in no rule set takes every car. In a rule set, the
 * rules of the car's make decide, a rule for the car's model beating one for the whole make: the car is refused
 * when the deciding rule does not allow work or disallows the job's window (front for a windscreen or a stone
 * chip, back, side or roof); otherwise taken, with the rule's minimum work length. A make without a rule is taken.
 * Several deciding rules (from several sets): any refusal refuses, the largest minimum applies. The alert is the
 * refusing rule's set's alert message, else the spec's default alert.
 */
export function carAcceptance(car: TCarAcceptanceInput, sets: readonly TDepartmentRuleSet[]): TCarAcceptance {
  if (sets.length === 0 || car.carMake.trim() === '') return { accepted: true, minimumWorkLength: 0 };
  const forMake = sets.flatMap((set) => set.rules.filter((rule) => same(rule.carMake, car.carMake)).map((rule) => ({ rule, set })));
  const forModel = forMake.filter(
    ({ rule }) => rule.carModel.trim() !== '' && car.carModel.trim() !== '' && same(rule.carModel, car.carModel),
  );
  const deciding = forModel.length > 0 ? forModel : forMake.filter(({ rule }) => rule.carModel.trim() === '');
  const window = windowOf(car.orderType);
  const refusing = deciding.find(({ rule }) => !rule.isWorkAllowed || disallows(rule, window));
  if (refusing) return { accepted: false, alertMessage: refusing.set.alertMessage.trim() || RULE_SET_MESSAGES.defaultAlert };
  return { accepted: true, minimumWorkLength: Math.max(0, ...deciding.map(({ rule }) => rule.minimumWorkLength)) };
}

// ---------------------------------------------------------------------------
// Debtor rule sets

/** The car's parties a debtor rule matches on. */
export interface TCarParties {
  user: string;
  owner: string;
  leaser: string;
  insurance: string;
}

/**
 * The debtor rule that applies to a car, or null. A row matches when each of its filled fields (user, owner,
 * leasing company, insurer) equals the car's (case and surrounding spaces ignored) and it names a debitor; a row
 * with no filled field matches nothing. Of several, the one with more filled fields wins, then a mandatory one,
 * then the first.
 */
export function matchDebitorRule<T extends Pick<TDebitorRuleSet, 'user' | 'owner' | 'leasing' | 'insurrance' | 'debitor' | 'isMandatory'>>(
  car: TCarParties,
  rows: readonly T[],
): T | null {
  const fields = (row: T): Array<[string, string]> =>
    (
      [
        [row.user, car.user],
        [row.owner, car.owner],
        [row.leasing, car.leaser],
        [row.insurrance, car.insurance],
      ] as Array<[string, string]>
    ).filter(([wanted]) => wanted.trim() !== '');
  const matching = rows
    .map((row, index) => ({ row, index, filled: fields(row) }))
    .filter(
      ({ row, filled }) => row.debitor.trim() !== '' && filled.length > 0 && filled.every(([wanted, actual]) => same(wanted, actual)),
    );
  matching.sort((a, b) => b.filled.length - a.filled.length || Number(b.row.isMandatory) - Number(a.row.isMandatory) || a.index - b.index);
  return matching[0]?.row ?? null;
}

/** The payer a debtor rule's type stands for: insurance and leasing pay as themselves, the rest as a debitor. */
export function payerOfDebitorRule(type: TDebitorRuleType): TWhoPays {
  if (type === 'INSURANCE') return 'INSURANCE';
  if (type === 'LEASING') return 'LEASING';
  return 'DEBITOR';
}
