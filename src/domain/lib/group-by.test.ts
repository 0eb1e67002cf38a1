import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by';

describe('groupBy', () => {
  it('groups rows by their key in first-seen order and keeps each group in row order', () => {
    const rows = [
      { dept: 'b', n: 1 },
      { dept: 'a', n: 2 },
      { dept: 'b', n: 3 },
    ];
    const groups = groupBy(rows, (r) => r.dept);
    expect([...groups.keys()]).toEqual(['b', 'a']);
    expect(groups.get('b')!.map((r) => r.n)).toEqual([1, 3]);
    expect(groups.get('a')!.map((r) => r.n)).toEqual([2]);
    expect(groupBy([], (r) => r).size).toBe(0);
  });
});
