import { describe, expect, it } from 'vitest';
import { countText, pluralForm } from './plural';

describe('Danish counts (issue 39)', () => {
  it('uses the singular for exactly one, the plural for every other count', () => {
    expect(countText(1, 'ledig', 'ledige')).toBe('1 ledig');
    expect(countText(0, 'ledig', 'ledige')).toBe('0 ledige');
    expect(countText(2, 'ledig', 'ledige')).toBe('2 ledige');
    expect(countText(1, 'ordre', 'ordrer')).toBe('1 ordre');
    expect(countText(12, 'ordre', 'ordrer')).toBe('12 ordrer');
    expect(countText(-1, 'dag', 'dage')).toBe('-1 dag');
  });

  it('a fraction is plural and keeps its decimals; a large count gets the thousands separator', () => {
    expect(countText(1.5, 'time', 'timer')).toBe('1,5 timer');
    expect(countText(1250, 'række', 'rækker')).toBe('1.250 rækker');
    expect(countText(1, 'time', 'timer', '1,0')).toBe('1,0 time');
  });

  it('gives the word alone for texts that put the number elsewhere', () => {
    expect(pluralForm(1, 'afdeling', 'afdelinger')).toBe('afdeling');
    expect(pluralForm(3, 'afdeling', 'afdelinger')).toBe('afdelinger');
  });
});
