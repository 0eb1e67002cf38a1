import { describe, expect, it } from 'vitest';
import { LOAN_TERMS, splitDamagesAtPickup, ZLoanCarDamageInput } from './loan-car.schemas';

describe('splitDamagesAtPickup', () => {
  const pickup = new Date('2026-03-10T09:00:00Z');
  const at = (minutesBefore: number) => ({ id: String(minutesBefore), date: new Date(pickup.getTime() - minutesBefore * 60_000) });

  it('counts markers older than 15 minutes before pickup as before handover', () => {
    const { beforeHandover, atHandover } = splitDamagesAtPickup([at(60 * 24 * 30), at(16), at(15), at(3), at(-2)], pickup);
    expect(beforeHandover.map((d) => d.id)).toEqual([String(60 * 24 * 30), '16']);
    expect(atHandover.map((d) => d.id)).toEqual(['15', '3', '-2']);
  });
});

describe('loan agreement terms', () => {
  it('are the spec terms', () => {
    expect(LOAN_TERMS).toMatchObject({
      dailyPrice: '0,00',
      includedKm: 250,
      excessPerDamage: '5.000,00',
      excessWaiverPerDay: '100,00',
      returnBy: '16:00',
      electricRangeKm: 250,
    });
  });

  it('places markers on the drawing only', () => {
    expect(ZLoanCarDamageInput.parse({ x: 12.5, y: 99 })).toEqual({ x: 12.5, y: 99, description: '' });
    const outside = ZLoanCarDamageInput.safeParse({ x: 120, y: 5 });
    expect(outside.error?.issues[0]?.message).toBe('Skaden skal placeres på tegningen');
  });
});
