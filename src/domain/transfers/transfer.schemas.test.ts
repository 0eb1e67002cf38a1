import { describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES, ZStockCorrection, ZTransferQuery, lineDone, openQuantity, sideOf } from './transfer.schemas';

describe('transfer lines', () => {
  const line = { is_Receipt: false, qty_in_Transit: 5, qty_Shipped: 3, qty_Received: 1 };

  it('tells the side a location handles', () => {
    expect(sideOf({ fromCode: 'NØR-LAGER', toCode: 'ARH' }, 'ARH')).toBe('RECEIVE');
    expect(sideOf({ fromCode: 'NØR-LAGER', toCode: 'ARH' }, 'NØR-LAGER')).toBe('SHIP');
    expect(sideOf({ fromCode: 'NØR-LAGER', toCode: 'ARH' }, 'ODE')).toBeNull();
  });

  it('ships up to the quantity and receives up to what was shipped; done when the side has all', () => {
    expect(openQuantity(line)).toBe(2);
    expect(openQuantity({ ...line, is_Receipt: true })).toBe(2);
    expect(lineDone(line)).toBe(false);
    expect(lineDone({ ...line, qty_Shipped: 5 })).toBe(true);
    expect(lineDone({ ...line, is_Receipt: true, qty_Shipped: 5, qty_Received: 5 })).toBe(true);
  });

  it("reads the filter's month-day-year dates", () => {
    expect(ZTransferQuery.parse({ from_date: '10-23-2026', to_date: '2026-11-23' })).toMatchObject({
      from_date: '2026-10-23',
      to_date: '2026-11-23',
    });
    expect(ZTransferQuery.safeParse({ from_date: '23-10-2026' }).success).toBe(false);
  });
});

describe('stock corrections', () => {
  const at = { location: 'NØR-LAGER', bin: 'A-01', item_No: 'F10003' };

  it('takes a whole difference either way, never 0', () => {
    expect(ZStockCorrection.parse({ ...at, quantity: -3 })).toEqual({ ...at, quantity: -3 });
    expect(ZStockCorrection.parse({ ...at, quantity: 2 }).quantity).toBe(2);
    const zero = ZStockCorrection.safeParse({ ...at, quantity: 0 });
    expect(zero.success).toBe(false);
    expect(zero.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['quantity', TRANSFER_MESSAGES.zeroCorrection]]);
    expect(ZStockCorrection.safeParse({ ...at, quantity: 1.5 }).success).toBe(false);
    expect(ZStockCorrection.safeParse({ ...at, bin: ' ', quantity: 1 }).success).toBe(false);
  });
});
