import { describe, expect, it } from 'vitest';
import { emptyOrder, type TOrder } from '@/domain/orders';
import { OrderAnswers } from './order-answers';

const order = (orderNr: string): TOrder => {
  const o = emptyOrder();
  o.additionalData.orderNr = orderNr;
  return o;
};

describe('OrderAnswers', () => {
  it('keeps an order as sent, with the version it was made from', () => {
    const answers = new OrderAnswers();
    const body = answers.keep('a', 'v1', order('100001'));
    expect(JSON.parse(body.toString('utf8')).additionalData.orderNr).toBe('100001');
    expect(answers.get('a')).toEqual({ version: 'v1', body });
    expect(answers.get('b')).toBeUndefined();
  });

  it('replaces an order kept at an older version', () => {
    const answers = new OrderAnswers();
    answers.keep('a', 'v1', order('100001'));
    const body = answers.keep('a', 'v2', order('100002'));
    expect(answers.get('a')).toEqual({ version: 'v2', body });
    expect(answers.size).toBe(1);
  });

  it('lets the order asked for least recently go first when full', () => {
    const answers = new OrderAnswers({ maxEntries: 2 });
    answers.keep('a', 'v', order('1'));
    answers.keep('b', 'v', order('2'));
    answers.get('a');
    answers.keep('c', 'v', order('3'));
    expect(answers.get('b')).toBeUndefined();
    expect(answers.get('a')).toBeDefined();
    expect(answers.get('c')).toBeDefined();
    expect(answers.size).toBe(2);
  });

  it('checks an order before it is kept, and keeps nothing that fails', () => {
    const answers = new OrderAnswers({
      check: (o) => {
        if (!o.additionalData.orderNr) throw new Error('no number');
      },
    });
    expect(() => answers.keep('a', 'v', order(''))).toThrow('no number');
    expect(answers.get('a')).toBeUndefined();
  });
});
