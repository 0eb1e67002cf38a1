import type { TCarRule } from '@/domain/rule-sets/rule-set.schemas';
import { countText } from '@/domain/lib/plural';

/** What the screens show for an empty value (the spec's '-' for a rule without a model). */
export const NONE = '-';

const hoursFormat = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 2 });

/** Decimal hours in Danish: '1 time', '2,5 timer'. */
export function formatHours(hours: number): string {
  return countText(hours, 'time', 'timer', hoursFormat.format(hours));
}

/** A rule's minimum work length as the lists show it: 'Ingen' when it has none (or does not allow work). */
export function minimumText(rule: Pick<TCarRule, 'isWorkAllowed' | 'minimumWorkLength'>): string {
  return rule.isWorkAllowed && rule.minimumWorkLength > 0 ? formatHours(rule.minimumWorkLength) : 'Ingen';
}

/** 'Regel' column: the generated name with the minimum work length, when there is one. */
export function ruleTitle(rule: Pick<TCarRule, 'ruleName' | 'isWorkAllowed' | 'minimumWorkLength'>): string {
  return rule.isWorkAllowed && rule.minimumWorkLength > 0
    ? `${rule.ruleName} (min. ${formatHours(rule.minimumWorkLength)})`
    : rule.ruleName;
}

/** The four window flags of a rule, in the form's order, with their Danish names. */
export const WINDOW_FLAGS = [
  ['disallowFrontWindowWork', 'Forrude'],
  ['disallowBackWindowWork', 'Bagrude'],
  ['disallowSideWindowWork', 'Siderude'],
  ['disallowRoofWindowWork', 'Tagrude'],
] as const;

export type TWindowFlag = (typeof WINDOW_FLAGS)[number][0];

/** The windows a rule that allows work still refuses, e.g. ['Forrude', 'Tagrude']. */
export function refusedWindows(rule: Pick<TCarRule, TWindowFlag>): string[] {
  return WINDOW_FLAGS.filter(([flag]) => rule[flag]).map(([, label]) => label);
}

/** Danish order, Aa as Å. */
export const collator = new Intl.Collator('da', { sensitivity: 'base', numeric: true });
