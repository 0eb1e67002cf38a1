import { describe, expect, it } from 'vitest';
import { addVat, formatDkk, formatKroner, kronerToOre, oreToKroner, parseKroner, removeVat } from './money';

describe('money', () => {
  it('converts between kroner and øre without float drift', () => {
    expect(kronerToOre(0.1 + 0.2)).toBe(30);
    expect(kronerToOre(1234.5)).toBe(123450);
    expect(oreToKroner(123450)).toBe(1234.5);
  });

  it('adds 25 % VAT and removes it with factor 0.8', () => {
    expect(addVat(80000)).toBe(100000);
    expect(removeVat(100000)).toBe(80000);
    expect(removeVat(addVat(12345))).toBe(12345);
  });

  it('formats DKK the Danish way', () => {
    expect(formatDkk(123450)).toBe('1.234,50 kr.');
    expect(formatDkk(0)).toBe('0,00 kr.');
    expect(formatDkk(500000)).toBe('5.000,00 kr.');
    expect(formatKroner(100)).toBe('100,00');
    expect(formatKroner(-1234.5)).toBe('-1.234,50');
    expect(formatKroner(1.005)).toBe('1,01');
  });

  it("writes every amount as Intl's Danish number format does", () => {
    const intl = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Whole øre, amounts with up to four decimals (halves included), signs, zeros and the edges of the own rule.
    const values = [0, -0, 0.005, -0.005, 0.004999, 0.015, 1.005, 2.675, 999.995, 1e15 - 1, 1e15, 1e21, -1e16, NaN, Infinity, -Infinity];
    let seed = 17;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20000; i++) {
      const scale = 10 ** Math.floor(random() * 10);
      const decimals = 10 ** Math.floor(random() * 5);
      values.push(Math.round((random() - 0.3) * scale * decimals) / decimals);
      values.push(Math.round((random() - 0.5) * 2 * scale * 1000) / 1000 + 0.005);
    }
    for (const value of values) expect(formatKroner(value), String(value)).toBe(intl.format(value));
  });

  it('reads typed amounts, turning nonsense into 0', () => {
    expect(parseKroner('1.234,50')).toBe(1234.5);
    expect(parseKroner('1234.5')).toBe(1234.5);
    expect(parseKroner('12')).toBe(12);
    expect(parseKroner('abc')).toBe(0);
    expect(parseKroner('')).toBe(0);
    expect(parseKroner('99,95 kr.')).toBe(99.95);
  });
});
