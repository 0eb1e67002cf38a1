import { describe, expect, it } from 'vitest';
import { nextInList, type TRememberedList } from './remembered-list';

const list: TRememberedList = {
  listPath: '/gennemsyn',
  orders: ['a', 'b', 'c'].map((id, i) => ({ orderId: id, orderNr: String(1000 + i), target: `/worksheet/${id}` })),
};

describe('nextInList (issue 39)', () => {
  it('is the order after this one in the list the user came from', () => {
    expect(nextInList(list, 'a')?.orderId).toBe('b');
    expect(nextInList(list, 'b')?.target).toBe('/worksheet/c');
  });

  it('is nothing after the last, for an order not in the list, and passes over orders already done', () => {
    expect(nextInList(list, 'c')).toBeNull();
    expect(nextInList(list, 'x')).toBeNull();
    expect(nextInList(list, 'a', new Set(['b']))?.orderId).toBe('c');
  });
});
