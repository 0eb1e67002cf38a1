import { describe, expect, it } from 'vitest';
import { formatPhone, formatPlate, normalisePlate } from './format';

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
});
