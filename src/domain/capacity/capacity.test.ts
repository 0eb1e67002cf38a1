import { describe, expect, it } from 'vitest';
import { ZCapacityOption, ZForecastInput, ZTryFindInput } from './capacity.schemas';
import type { TPlannedDay } from '../planning';
import {
  findCapacityOptions,
  forecastChangeOf,
  forecastOf,
  MAX_DISTANCE_KM,
  trendLevelOf,
  trendValueOf,
  type TCapacityDepartment,
} from './capacity';

const AARHUS = { lat: 56.1629, lng: 10.2039 };
const RANDERS = { lat: 56.4607, lng: 10.0364 };
const KOBENHAVN = { lat: 55.6761, lng: 12.5683 };

let n = 0;
function department(patch: Partial<TCapacityDepartment>): TCapacityDepartment {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Afdeling ${n}`,
    locationCode: `L${n}`,
    region: 'Jylland',
    mobileService: false,
    position: AARHUS,
    maxNumberOfWorkers: 3,
    replaceDeliveryTime: 1,
    repairDeliveryTime: 1,
    freeReplaceSlots: 6,
    freeRepairSlots: 6,
    stoneChipPerWindowSlot: 0,
    ...patch,
  };
}

describe('findCapacityOptions', () => {
  const aarhus = department({ name: 'Aarhus', position: AARHUS, replaceDeliveryTime: 9, freeReplaceSlots: 0 });
  const randers = department({ name: 'Randers', position: RANDERS, replaceDeliveryTime: 1, freeReplaceSlots: 6 });

  it('suggests moving a fitter from a department at 1 day to one nearby at 9 days, saying why', () => {
    const options = findCapacityOptions({ departments: [aarhus, randers], minDeliveryTime: 3 });
    const move = options.find((o) => o.type === 'MOVE_WORKER');
    expect(move).toMatchObject({
      fromDepartment: 'Randers',
      toDepartment: 'Aarhus',
      fromDepartmentId: randers.id,
      toDepartmentId: aarhus.id,
      name: 'Flyt montør',
    });
    expect(move!.reason).toMatch(/^Aarhus har 9 dages leveringstid, Randers 1 dag, \d+ km væk\.$/);
    expect(move!.distanceKm).toBeGreaterThan(25);
    expect(move!.distanceKm).toBeLessThan(45);
    expect(move!.score).toBeGreaterThan(0);
    expect(() => ZCapacityOption.parse(move)).not.toThrow();
  });

  it('suggests nothing for a department below the minimum delivery time', () => {
    expect(findCapacityOptions({ departments: [aarhus, randers], minDeliveryTime: 10 })).toEqual([]);
    const at4 = { ...aarhus, replaceDeliveryTime: 4 };
    expect(findCapacityOptions({ departments: [at4, randers], minDeliveryTime: 5 })).toEqual([]);
    expect(findCapacityOptions({ departments: [at4, randers], minDeliveryTime: 4 }).map((o) => o.type)).toEqual(['MOVE_WORKER']);
  });

  it('never moves booked capacity: a giver with no free place gives nothing, and no more than its free places', () => {
    const fullyBooked = { ...randers, freeReplaceSlots: 0 };
    expect(findCapacityOptions({ departments: [aarhus, fullyBooked], minDeliveryTime: 3 })).toEqual([]);
    const oneFree = { ...randers, freeReplaceSlots: 1 };
    const options = findCapacityOptions({ departments: [aarhus, oneFree], minDeliveryTime: 3 });
    expect(options).toHaveLength(1);
    expect(options[0]!.movedSlots).toBe(1);
    for (const o of findCapacityOptions({
      departments: [aarhus, randers, department({ stoneChipPerWindowSlot: 2, repairDeliveryTime: 8, freeReplaceSlots: 5 })],
      minDeliveryTime: 0,
    })) {
      expect(o.movedSlots).toBeLessThanOrEqual(o.fromAvailableReplaceSlots);
      expect(o.movedSlots).toBeGreaterThan(0);
    }
  });

  it('moves nobody across regions, over MAX_DISTANCE_KM, or from a department with one fitter', () => {
    expect(findCapacityOptions({ departments: [aarhus, { ...randers, region: 'Fyn' }], minDeliveryTime: 3 })).toEqual([]);
    expect(findCapacityOptions({ departments: [aarhus, { ...randers, position: KOBENHAVN }], minDeliveryTime: 3 })).toEqual([]);
    expect(MAX_DISTANCE_KM).toBeLessThan(150);
    expect(findCapacityOptions({ departments: [aarhus, { ...randers, maxNumberOfWorkers: 1 }], minDeliveryTime: 3 })).toEqual([]);
    expect(findCapacityOptions({ departments: [aarhus, { ...randers, replaceDeliveryTime: 8 }], minDeliveryTime: 3 })).toEqual([]);
  });

  it('counts no free place within the horizon (-1) as a long delivery time', () => {
    const options = findCapacityOptions({ departments: [{ ...aarhus, replaceDeliveryTime: -1 }, randers], minDeliveryTime: 10 });
    expect(options.map((o) => o.type)).toEqual(['MOVE_WORKER']);
    expect(options[0]!.reason).toContain('Aarhus har ingen ledig tid inden for 8 uger');
  });

  it('starts a mobile van with free places in a busy workshop nearby', () => {
    const van = department({
      name: 'Mobil Randers',
      mobileService: true,
      position: RANDERS,
      maxNumberOfWorkers: 1,
      replaceDeliveryTime: 0,
      freeReplaceSlots: 4,
    });
    const options = findCapacityOptions({ departments: [aarhus, van], minDeliveryTime: 3 });
    expect(options).toHaveLength(1);
    expect(options[0]).toMatchObject({
      type: 'START_IN_SHOP',
      fromDepartment: 'Mobil Randers',
      toDepartment: 'Aarhus',
      isMobileDepartment: true,
      movedSlots: 4,
    });
    expect(options[0]!.reason).toMatch(
      /^Aarhus har 9 dages leveringstid, mobilservice Mobil Randers 0 dage med 4 ledige tider, \d+ km væk\.$/,
    );
  });

  it('converts free window places to stone-chip places with the department conversion value', () => {
    const odense = department({
      name: 'Odense',
      region: 'Fyn',
      replaceDeliveryTime: 0,
      repairDeliveryTime: 6,
      freeReplaceSlots: 5,
      stoneChipPerWindowSlot: 2,
    });
    const options = findCapacityOptions({ departments: [odense], minDeliveryTime: 3 });
    expect(options).toHaveLength(1);
    expect(options[0]).toMatchObject({
      type: 'WINDOW_TO_STONE_CHIP',
      fromDepartmentId: odense.id,
      toDepartmentId: odense.id,
      movedSlots: 3,
    });
    expect(options[0]!.reason).toBe(
      'Odense har 6 dages leveringstid på stenslag og 0 dage på rudeskift: 3 ledige rudeskift-tider giver 6 stenslagstider.',
    );
    expect(findCapacityOptions({ departments: [{ ...odense, stoneChipPerWindowSlot: 0 }], minDeliveryTime: 3 })).toEqual([]);
    expect(findCapacityOptions({ departments: [{ ...odense, freeReplaceSlots: 0 }], minDeliveryTime: 3 })).toEqual([]);
  });

  it('sorts the best score first: a larger gap and a shorter way win', () => {
    const near = department({ name: 'Nær', position: RANDERS, replaceDeliveryTime: 1 });
    const busier = department({ name: 'Travl', position: AARHUS, replaceDeliveryTime: 12, freeReplaceSlots: 0 });
    const options = findCapacityOptions({ departments: [aarhus, busier, near], minDeliveryTime: 3 });
    expect(options.map((o) => o.toDepartment)).toEqual(['Travl', 'Aarhus']);
    expect(options[0]!.score).toBeGreaterThan(options[1]!.score);
  });
});

describe('trend', () => {
  it('is the percentage above or below the region average', () => {
    expect(trendValueOf(4, [4, 4])).toBe(0);
    expect(trendValueOf(6, [6, 2])).toBe(50);
    expect(trendValueOf(2, [6, 2])).toBe(-50);
    expect(trendValueOf(0, [0, 0])).toBe(0);
    expect(trendValueOf(-1, [-1, 0])).toBe(100);
  });

  it('maps to the spec thresholds', () => {
    expect(trendLevelOf(-30)).toBe('STRONG_DOWN');
    expect(trendLevelOf(-29)).toBe('MILD_DOWN');
    expect(trendLevelOf(-10)).toBe('FLAT');
    expect(trendLevelOf(9)).toBe('FLAT');
    expect(trendLevelOf(10)).toBe('MILD_UP');
    expect(trendLevelOf(30)).toBe('MILD_UP');
    expect(trendLevelOf(31)).toBe('STRONG_UP');
  });
});

describe('forecastOf', () => {
  const days: TPlannedDay[] = [
    {
      date: '2026-03-02',
      windowReplaceAvailable: 0,
      stoneChipAvailable: 0,
      closed: false,
      windowReplaceState: 'FULL',
      stoneChipState: 'FULL',
    },
    {
      date: '2026-03-03',
      windowReplaceAvailable: 0,
      stoneChipAvailable: 1,
      closed: false,
      windowReplaceState: 'FULL',
      stoneChipState: 'FREE',
    },
    {
      date: '2026-03-04',
      windowReplaceAvailable: 2,
      stoneChipAvailable: 0,
      closed: false,
      windowReplaceState: 'FREE',
      stoneChipState: 'FULL',
    },
    {
      date: '2026-03-07',
      windowReplaceAvailable: 5,
      stoneChipAvailable: 5,
      closed: true,
      windowReplaceState: 'CLOSED',
      stoneChipState: 'CLOSED',
    },
  ];

  it("adds nothing on a day whose time is over: today in the evening stays today's 0", () => {
    // Monday 2 March at 23:xx: every slot of the day has passed (OVER). Wednesday 4 has no slot yet.
    const evening: TPlannedDay[] = [
      {
        date: '2026-03-02',
        windowReplaceAvailable: 0,
        stoneChipAvailable: 0,
        closed: false,
        windowReplaceState: 'OVER',
        stoneChipState: 'OVER',
      },
      {
        date: '2026-03-03',
        windowReplaceAvailable: 0,
        stoneChipAvailable: 0,
        closed: false,
        windowReplaceState: 'FULL',
        stoneChipState: 'FULL',
      },
      {
        date: '2026-03-04',
        windowReplaceAvailable: 0,
        stoneChipAvailable: 0,
        closed: false,
        windowReplaceState: 'NO_SLOTS',
        stoneChipState: 'NO_SLOTS',
      },
    ];
    const more = forecastOf(evening, { replace: 1, repair: 1 }, '2026-03-02', new Set());
    // A day without slots whose hours are not over takes the moved fitter's places.
    expect(more.deliveries.map((d) => [d.type, d.replace, d.repair])).toEqual([
      ['CLOSED', 0, 0],
      ['OPEN', 1, 1],
      ['OPEN', 1, 1],
    ]);
    expect(more).toMatchObject({ stoneToReplaceDate: '2026-03-03T00:00:00', replaceDeliveryTime: 1, repairDeliveryTime: 1 });
  });

  it('adds places on open days and reports the delivery that follows', () => {
    const none = forecastOf(days, { replace: 0, repair: 0 }, '2026-03-02', new Set());
    expect(none).toMatchObject({
      lookupDate: '2026-03-02T00:00:00',
      stoneToReplaceDate: '2026-03-04T00:00:00',
      replaceDeliveryTime: 2,
      repairDeliveryTime: 1,
    });
    const more = forecastOf(days, { replace: 1, repair: 0 }, '2026-03-02', new Set());
    expect(more.stoneToReplaceDate).toBe('2026-03-02T00:00:00');
    expect(more.deliveries.map((d) => [d.type, d.replace])).toEqual([
      ['OPEN', 1],
      ['OPEN', 1],
      ['OPEN', 3],
      ['CLOSED', 0],
    ]);
  });

  it('takes free places away but never below zero', () => {
    const less = forecastOf(days, { replace: -5, repair: -5 }, '2026-03-02', new Set());
    expect(less.deliveries.every((d) => d.replace === 0 && d.repair === 0)).toBe(true);
    expect(less).toMatchObject({ stoneToReplaceDate: null, replaceDeliveryTime: -1, repairDeliveryTime: -1 });
  });
});

describe('inputs', () => {
  it('limits Min leverings tid to 0 to 10', () => {
    expect(ZTryFindInput.safeParse({ minDeliveryTime: 0 }).success).toBe(true);
    expect(ZTryFindInput.safeParse({ minDeliveryTime: 10 }).success).toBe(true);
    expect(ZTryFindInput.safeParse({ minDeliveryTime: 11 }).error?.issues[0]?.message).toBe('Min leverings tid skal være mellem 0 og 10');
    expect(ZTryFindInput.safeParse({ minDeliveryTime: -1 }).success).toBe(false);
    expect(ZTryFindInput.safeParse({ minDeliveryTime: '3' }).success).toBe(false);
  });

  it('needs a department id for a forecast', () => {
    expect(ZForecastInput.safeParse({ departmentId: 'x' }).success).toBe(false);
    expect(ZForecastInput.parse({ departmentId: '00000000-0000-4000-8000-000000000001' })).toMatchObject({
      replace: 0,
      repair: 0,
      mobileService: false,
    });
  });
});

describe('forecastChangeOf', () => {
  it('spreads the moved places over a working week', () => {
    expect(forecastChangeOf({ type: 'MOVE_WORKER', movedSlots: 6 })).toEqual({ replace: 2, repair: 0 });
    expect(forecastChangeOf({ type: 'START_IN_SHOP', movedSlots: 1 })).toEqual({ replace: 1, repair: 0 });
    expect(forecastChangeOf({ type: 'WINDOW_TO_STONE_CHIP', movedSlots: 3 })).toEqual({ replace: -1, repair: 1 });
  });
});
