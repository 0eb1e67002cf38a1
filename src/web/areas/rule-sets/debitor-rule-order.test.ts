import { describe, expect, it } from 'vitest';
import type { TDebitorRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import { inOrder, sortedIds } from './debitor-rule-order';
import { formatHours, ruleTitle } from './format';

const row = (id: string, over: Partial<TDebitorRuleSet> = {}): TDebitorRuleSet => ({
  id,
  updateId: 'v1',
  type: '',
  user: '',
  owner: '',
  leasing: '',
  insurrance: '',
  debitor: '',
  isMandatory: false,
  ...over,
});

describe('the order of Debitor regelsæt', () => {
  const rows = [
    row('a', { owner: 'Aalborg Leasing' }),
    row('b'),
    row('c', { owner: 'Ørsted A/S', type: 'OFFER' }),
    row('d', { owner: 'Bilhuset', type: 'MIXED', debitor: '20001' }),
  ];

  it('sorts in the Danish alphabet with empty cells last both ways, ties in their place', () => {
    // Aa is Å: after Ø.
    expect(sortedIds(rows, 'owner', 'asc')).toEqual(['d', 'c', 'a', 'b']);
    expect(sortedIds(rows, 'owner', 'desc')).toEqual(['a', 'c', 'd', 'b']);
    expect(sortedIds(rows, 'type', 'asc')).toEqual(['d', 'c', 'a', 'b']);
    expect(sortedIds(rows, 'debitor', 'asc', new Map([['20001', 'Zealand Care']]))).toEqual(['d', 'a', 'b', 'c']);
  });

  it('keeps the sorted order while rows change, a new row last', () => {
    const order = sortedIds(rows, 'owner', 'asc');
    const edited = rows.map((r) => (r.id === 'd' ? { ...r, owner: 'Zzz' } : r));
    expect(inOrder([...edited, row('e')], order).map((r) => r.id)).toEqual(['d', 'c', 'a', 'b', 'e']);
    expect(inOrder(rows, null).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('hours and rule names', () => {
  it('writes hours the Danish way', () => {
    expect(formatHours(2.5)).toBe('2,5 timer');
    expect(formatHours(1)).toBe('1 time');
    expect(ruleTitle({ ruleName: 'Work_Allowed_Tesla', isWorkAllowed: true, minimumWorkLength: 0.75 })).toBe(
      'Work_Allowed_Tesla (min. 0,75 timer)',
    );
    expect(ruleTitle({ ruleName: 'Work_Not_Allowed_Tesla', isWorkAllowed: false, minimumWorkLength: 3 })).toBe('Work_Not_Allowed_Tesla');
  });
});
