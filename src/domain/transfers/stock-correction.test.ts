import { describe, expect, it } from 'vitest';
import { STOCK_CORRECTION_ROLES, canCorrectStock, differenceFromCount } from './stock-correction';

describe('stock corrections', () => {
  it('are for Adminstrator and Stock only', () => {
    expect(STOCK_CORRECTION_ROLES).toEqual(['Adminstrator', 'Stock']);
    expect(canCorrectStock(['Stock'])).toBe(true);
    expect(canCorrectStock(['Operation', 'Adminstrator'])).toBe(true);
    expect(canCorrectStock(['Operation'])).toBe(false);
    expect(canCorrectStock(['CustomerService'])).toBe(false);
    expect(canCorrectStock([])).toBe(false);
    expect(canCorrectStock(null)).toBe(false);
  });

  it('turn a count into the difference sent: counted minus what the app holds', () => {
    expect(differenceFromCount(5, 7)).toBe(2);
    expect(differenceFromCount(5, 2)).toBe(-3);
    expect(differenceFromCount(4, 0)).toBe(-4);
    expect(differenceFromCount(0, 3)).toBe(3);
    expect(differenceFromCount(6, 6)).toBe(0);
  });
});
