import { describe, expect, it } from 'vitest';
import { fromCopenhagen } from '../lib/dates';
import { countsAsClosed, dayStateOf, isBookableStart, noticeHoursFor, placeStateOf, slotFreePlaces, takesPlaces } from './free-places';

const at = (h: number, m = 0) => fromCopenhagen(2026, 3, 2, h, m).getTime();
const evening = fromCopenhagen(2026, 3, 2, 23, 10);

describe('a free place', () => {
  it('has not passed and lies outside the notice hours', () => {
    expect(isBookableStart(at(14), fromCopenhagen(2026, 3, 2, 12, 0), 2)).toBe(true);
    expect(isBookableStart(at(14), fromCopenhagen(2026, 3, 2, 12, 1), 2)).toBe(false);
    expect(isBookableStart(at(8), evening, 0)).toBe(false);
    expect(isBookableStart(fromCopenhagen(2026, 3, 3, 8, 0).getTime(), evening, 0)).toBe(true);
    expect(isBookableStart(fromCopenhagen(2026, 3, 3, 8, 0).getTime(), evening, 24)).toBe(false);
  });

  it("is a slot's place left on an open day; none on a closed day (a holiday) or once the start has passed", () => {
    const base = { maxBookings: 3, booked: 1, startsAt: at(14), now: fromCopenhagen(2026, 3, 2, 9, 0), noticeHours: 0 };
    expect(slotFreePlaces(base)).toEqual({ free: 2, bookable: true });
    expect(slotFreePlaces({ ...base, booked: 5 })).toEqual({ free: 0, bookable: true });
    expect(slotFreePlaces({ ...base, closedDay: true })).toEqual({ free: 0, bookable: false });
    expect(slotFreePlaces({ ...base, now: evening })).toEqual({ free: 0, bookable: false });
  });

  it("reads a kind's notice hours from the department", () => {
    const department = { windowChangeTimeOffset: 72, stoneChipTimeOffset: 2 };
    expect(noticeHoursFor(department, 'WINDOW_REPLACE')).toBe(72);
    expect(noticeHoursFor(department, 'STONE_CHIP')).toBe(2);
  });
});

describe('day states', () => {
  it('tells free, full, over, without slots and closed apart', () => {
    expect(placeStateOf(true, [{ bookable: true }], 0)).toBe('CLOSED');
    expect(placeStateOf(false, [], 0)).toBe('NO_SLOTS');
    expect(placeStateOf(false, [{ bookable: true }], 2)).toBe('FREE');
    expect(placeStateOf(false, [{ bookable: false }, { bookable: true }], 0)).toBe('FULL');
    expect(placeStateOf(false, [{ bookable: false }, { bookable: false }], 0)).toBe('OVER');
  });

  it('combines the two kinds: a free place wins, then a day whose time is over, then full', () => {
    expect(dayStateOf('FULL', 'FREE')).toBe('FREE');
    expect(dayStateOf('OVER', 'FULL')).toBe('OVER');
    expect(dayStateOf('FULL', 'NO_SLOTS')).toBe('FULL');
    expect(dayStateOf('NO_SLOTS', 'NO_SLOTS')).toBe('NO_SLOTS');
    expect(dayStateOf('CLOSED', 'CLOSED')).toBe('CLOSED');
  });

  it('counts an over day as closed, and only free or full days as taking places', () => {
    expect((['FREE', 'FULL', 'OVER', 'NO_SLOTS', 'CLOSED'] as const).map((s) => [countsAsClosed(s), takesPlaces(s)])).toEqual([
      [false, true],
      [false, true],
      [true, false],
      [false, false],
      [true, false],
    ]);
  });
});
