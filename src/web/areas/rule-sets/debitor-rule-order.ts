import { DEBITOR_RULE_TYPE_LABELS, type TDebitorRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import { collator } from './format';

export type TSortKey = 'type' | 'user' | 'owner' | 'leasing' | 'insurrance' | 'debitor' | 'isMandatory';
export type TSortDirection = 'asc' | 'desc';

/** What a column sorts by: the type's Danish name, the text, the debitor's name (else its number), mandatory as 'Ja'. */
function sortValue(row: TDebitorRuleSet, key: TSortKey, debitorNames: ReadonlyMap<string, string>): string {
  switch (key) {
    case 'type':
      return DEBITOR_RULE_TYPE_LABELS[row.type];
    case 'debitor':
      return row.debitor ? (debitorNames.get(row.debitor) ?? row.debitor) : '';
    case 'isMandatory':
      return row.isMandatory ? 'Ja' : '';
    default:
      return row[key].trim();
  }
}

/**
 * The ids of the rows in a column's order, Danish alphabet, empty cells last either way; rows that tie keep their
 * order. The screen keeps this order while the user edits (a row does not jump away under the cursor).
 */
export function sortedIds(
  rows: readonly TDebitorRuleSet[],
  key: TSortKey,
  direction: TSortDirection,
  debitorNames: ReadonlyMap<string, string> = new Map(),
): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ id: row.id, value: sortValue(row, key, debitorNames), index }))
    .sort((a, b) => {
      if (a.value === '' || b.value === '') return Number(a.value === '') - Number(b.value === '') || a.index - b.index;
      return sign * collator.compare(a.value, b.value) || a.index - b.index;
    })
    .map((entry) => entry.id);
}

/** The rows in the kept order; rows added since (a new row) come last. */
export function inOrder(rows: readonly TDebitorRuleSet[], order: readonly string[] | null): TDebitorRuleSet[] {
  if (!order) return [...rows];
  const place = new Map(order.map((id, index) => [id, index]));
  return rows
    .map((row, index) => ({ row, index: place.get(row.id) ?? order.length + index }))
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.row);
}
