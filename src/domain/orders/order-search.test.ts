import { describe, expect, it } from 'vitest';
import { orderListWithFreeText, orderSearchEnterTarget, searchesNames } from './order-search';
import type { TOrderSearchHit, TOrderSearchResult } from './order-search.schemas';

const hit = (orderId: string, orderStatus: TOrderSearchHit['orderStatus'] = 'PROCESSING'): TOrderSearchHit => ({
  orderId,
  orderNr: '100001',
  orderStatus,
  orderType: 'REPLACE_FRONT',
  plate: 'AB12345',
  customerName: 'Hanne Jensen',
  customerPhone: '20000000',
  bookedAt: null,
  departmentName: 'Aarhus',
});
const result = (hits: TOrderSearchHit[], more = false, listed = true): TOrderSearchResult => ({ hits, more, listed });

describe('order search', () => {
  it('looks among names for a text of three letters or more without digits or @', () => {
    expect(searchesNames('Han')).toBe(true);
    expect(searchesNames('Søren Ø')).toBe(true);
    expect(searchesNames('ha')).toBe(false);
    expect(searchesNames('AB123')).toBe(false);
    expect(searchesNames('hanne@')).toBe(false);
  });

  it('opens one hit, lists several when the list finds them and the user may open it', () => {
    expect(orderSearchEnterTarget(result([hit('a')]), 'ab', ['CustomerService'])).toBe('/worksheet/a');
    expect(orderSearchEnterTarget(result([hit('a', 'OFFER')]), 'ab', ['CustomerService'])).toBe('/booking?orderId=a');
    expect(orderSearchEnterTarget(result([hit('a'), hit('b')], true), ' ab 1 ', ['CustomerService'])).toBe('/assignments?fritekst=ab%201');
    expect(orderSearchEnterTarget(result([hit('a'), hit('b')]), 'ab', ['ReviewManager'])).toBeNull();
    expect(orderSearchEnterTarget(result([hit('a'), hit('b')], false, false), 'hanne', ['CustomerService'])).toBeNull();
    expect(orderSearchEnterTarget(result([]), 'x', ['CustomerService'])).toBeNull();
    expect(orderListWithFreeText('æ@x')).toBe('/assignments?fritekst=%C3%A6%40x');
  });
});
