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
