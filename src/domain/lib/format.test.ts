import { describe, expect, it } from 'vitest';
import { formatCount, formatDecimal, formatPhone, formatPlate, normalisePlate } from './format';

describe('format', () => {
  it('shows plates as 2+2+3', () => {
    expect(formatPlate('ab12345')).toBe('AB 12 345');
    expect(formatPlate('AB 12 345')).toBe('AB 12 345');
    expect(formatPlate('XY123')).toBe('XY123');
    expect(formatPlate(null)).toBe('');
  });

  it('normalises typed plates', () => {
    expect(normalisePlate('ab 12-345')).toBe('AB12345');
  });

  it('shows Danish phone numbers in pairs', () => {
    expect(formatPhone('12345678')).toBe('12 34 56 78');
    expect(formatPhone('+4612345')).toBe('+4612345');
  });

  it("writes numbers with 0, 1 and 3 decimals as Intl's Danish number format does", () => {
    const values = [0, -0, 0.05, -0.05, 0.5, 1.45, 1.55, 2.675, 999.95, 1e15 - 1, 1e15, 1e21, 1e-7, NaN, Infinity, -Infinity];
    let seed = 29;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const scale = 10 ** Math.floor(random() * 9);
      const decimals = 10 ** Math.floor(random() * 5);
      values.push(Math.round((random() - 0.3) * scale * decimals) / decimals);
    }
    for (const digits of [0, 1, 3]) {
      const intl = new Intl.NumberFormat('da-DK', { minimumFractionDigits: digits, maximumFractionDigits: digits });
      for (const value of values) expect(formatDecimal(value, digits), `${value} with ${digits}`).toBe(intl.format(value));
    }
    expect(formatDecimal(1234.56, 1)).toBe('1.234,6');
  });

  it('writes counts as toLocaleString in Danish does: no zero decimals, at most three', () => {
    for (const value of [0, 1, 1.5, 2.25, 1250, 1250.5, 0.1234, 12.0004, -3.1, 1e6])
      expect(formatCount(value), String(value)).toBe(value.toLocaleString('da-DK'));
  });
});
