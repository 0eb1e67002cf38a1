import { describe, expect, it } from 'vitest';
import { type TOpeningHours, type TTimeSlot, isClosedDay } from '../departments';
import { fromCopenhagen } from '../lib/dates';
import {
  dayAvailableFor,
  dayIsFullyBooked,
  dayStateFor,
  dayIsSelectable,
  daySlotsFor,
  isPastDay,
  monthAvailability,
  monthAvailabilityUntil,
  slotKindFor,
  slotsForDay,
  type TAvailabilityDepartment,
} from './availability';
import type { TDayAvailability } from './booking.schemas';
import { publicHolidaySet } from './holidays';

function slot(fields: Partial<TTimeSlot> & Pick<TTimeSlot, 'id' | 'from' | 'to'>): TTimeSlot {
  return {
    originalId: null,
    parentSlotId: null,
    day: null,
    date: null,
    maxBookings: 1,
    reperationTime: 2,
    stoneChipAlternativeWinReplace: 0,
    hasFreeCar: false,
    updateId: '00000000-0000-4000-8000-000000000001',
    ...fields,
  };
}

function hours(fields: Partial<TOpeningHours> & Pick<TOpeningHours, 'id'>): TOpeningHours {
  return { day: null, date: null, from: 7, to: 16, closed: false, ...fields };
}

const MON_FRI = [1, 2, 3, 4, 5];

/**
 * A workshop open Monday to Friday 7-16 with three window slots (8-10, 10-12, 12-14, the last
 * with a free loan car on Tuesdays) and two stone-chip slots (8-9, 13:30-14:30) per day.
 * Friday 20 March is closed; Friday 27 March has its own window plan (one slot 7:30-9:30);
 * Saturday 28 and Sunday 29 March (the DST change) are opened with their own slots;
 * Langfredag 3 April has an opening row but is a public holiday.
 * Window bookings need 72 hours' notice, stone chips 2 hours.
 */
const department: TAvailabilityDepartment = {
  openingHours: MON_FRI.map((day) => hours({ id: `o${day}`, day })),
  specificOpeningHours: [
    hours({ id: 'o-0320', date: '2026-03-20T00:00:00', closed: true }),
    hours({ id: 'o-0328', date: '2026-03-28T00:00:00', from: 9, to: 13 }),
    hours({ id: 'o-0329', date: '2026-03-29', from: 8, to: 12 }),
    hours({ id: 'o-0403', date: '2026-04-03T00:00:00' }),
  ],
  windowReplaceTimeSlots: MON_FRI.flatMap((day) => [
    slot({ id: `w${day}-8`, day, from: 8, to: 10, maxBookings: 2 }),
    slot({ id: `w${day}-12`, day, from: 12, to: 14, maxBookings: 1, hasFreeCar: day === 2 }),
    slot({ id: `w${day}-10`, day, from: 10, to: 12, maxBookings: 2 }),
  ]),
  specificWindowReplaceTimeSlots: [
    slot({ id: 'w-0327', date: '2026-03-27T00:00:00', from: 7.5, to: 9.5, maxBookings: 3, originalId: 'w5-8' }),
    slot({ id: 'w-0328', date: '2026-03-28', from: 9, to: 11, maxBookings: 1 }),
  ],
  stoneChipTimeSlots: MON_FRI.flatMap((day) => [
    slot({ id: `s${day}-8`, day, from: 8, to: 9, maxBookings: 3, reperationTime: 1 }),
    slot({ id: `s${day}-13`, day, from: 13.5, to: 14.5, maxBookings: 2, reperationTime: 1 }),
  ]),
  specificStoneChipTimeSlots: [
    slot({ id: 's-0328', date: '2026-03-28T00:00:00', from: 10, to: 11, maxBookings: 2 }),
    slot({ id: 's-0329', date: '2026-03-29T00:00:00', from: 8, to: 9, maxBookings: 1 }),
  ],
  windowChangeTimeOffset: 72,
  stoneChipTimeOffset: 2,
};

const bookings: Record<string, number> = {
  'w2-8|2026-03-31': 2,
  'w2-10|2026-03-31': 1,
  'w2-12|2026-03-31': 3, // over-booked by hand
  's2-8|2026-03-31': 1,
  'w1-8|2026-03-02': 1,
};
const booked = (slotId: string, date: string) => bookings[`${slotId}|${date}`] ?? 0;
const holidays = publicHolidaySet(2026);

/** Friday 27 March 2026, 10:00 in Copenhagen (CET, two days before summer time). */
const NOW_MARCH = fromCopenhagen(2026, 3, 27, 10, 0);

function march(): TDayAvailability[] {
  return monthAvailability({ department, year: 2026, month: 3, booked, now: NOW_MARCH, holidays });
}
const day = (days: TDayAvailability[], dayOfMonth: number) => days.find((d) => d.dayOfMonth === dayOfMonth)!;

describe('monthAvailability', () => {
  it('gives one entry per day of the month', () => {
    const days = march();
    expect(days).toHaveLength(31);
    expect(days.map((d) => d.dayOfMonth)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(monthAvailability({ department, year: 2026, month: 2, booked, now: NOW_MARCH, holidays })).toHaveLength(28);
  });

  it('gives only the days asked for, each as the whole month has it', () => {
    const some = monthAvailability({ department, year: 2026, month: 3, booked, now: NOW_MARCH, holidays, firstDay: 26, lastDay: 30 });
    expect(some.map((d) => d.dayOfMonth)).toEqual([26, 27, 28, 29, 30]);
    expect(some).toEqual(march().slice(25, 30));
    // A last day past the month's end stops at its end.
    const february = monthAvailability({ department, year: 2026, month: 2, booked, now: NOW_MARCH, holidays, firstDay: 27, lastDay: 31 });
    expect(february.map((d) => d.dayOfMonth)).toEqual([27, 28]);
  });

  it('gives the same sums, closed days and validity with sumsOnly, without making the slots', () => {
    for (const minimumHours of [0, 2, 2.5]) {
      // March has past days, bookings, a closed specific day, specific slots and the change to summer time.
      for (const month of [3, 4]) {
        const input = { department, year: 2026, month, booked, now: NOW_MARCH, holidays, minimumHours };
        const full = monthAvailabilityUntil(input);
        const sums = monthAvailabilityUntil({ ...input, sumsOnly: true });
        expect(sums.validUntil).toBe(full.validUntil);
        expect(sums.days).toEqual(full.days.map((d) => ({ ...d, windowReplaceSlots: [], stoneChipSlots: [] })));
      }
    }
    expect(march().some((d) => d.windowReplaceAvailable > 0 && d.stoneChipAvailable > 0)).toBe(true);
  });

  it('closes weekends without opening hours and a day whose specific row is closed', () => {
    const days = march();
    for (const closedDay of [1, 7, 8, 14, 15, 20, 21, 22]) {
      expect(day(days, closedDay)).toEqual({
        dayOfMonth: closedDay,
        windowReplaceAvailable: 0,
        stoneChipAvailable: 0,
        windowReplaceSlots: [],
        stoneChipSlots: [],
        closed: true,
        windowReplaceState: 'CLOSED',
        stoneChipState: 'CLOSED',
      });
    }
  });

  it("tells each kind's state: free, full, over once no slot may be booked, without slots, closed", () => {
    const days = march();
    // Friday 27 March at 10:00: window needs 72 hours' notice (nothing before Monday 30 at 10:00), stone chip 2.
    expect([day(days, 27).windowReplaceState, day(days, 27).stoneChipState]).toEqual(['OVER', 'FREE']);
    expect(day(days, 26)).toMatchObject({
      windowReplaceState: 'OVER',
      stoneChipState: 'OVER',
      windowReplaceAvailable: 0,
      stoneChipAvailable: 0,
    });
    expect([day(days, 31).windowReplaceState, day(days, 31).windowReplaceAvailable]).toEqual(['FREE', 1]);
    expect(day(days, 20).windowReplaceState).toBe('CLOSED');
    // Sunday 29 March is open with a stone-chip slot and no window slot: that kind has no slots, it is not full
    // (seen a week before: on Friday the 27th its opening hours already lie inside the 72 hours' window notice).
    const weekBefore = monthAvailability({ department, year: 2026, month: 3, booked, now: fromCopenhagen(2026, 3, 20, 10, 0), holidays });
    expect(day(weekBefore, 29)).toMatchObject({ closed: false, windowReplaceState: 'NO_SLOTS', stoneChipState: 'FREE' });
    expect(day(days, 29)).toMatchObject({ closed: false, windowReplaceState: 'OVER', stoneChipState: 'FREE' });
    const full = monthAvailability({ department, year: 2026, month: 4, booked: () => 5, now: NOW_MARCH, holidays });
    expect([day(full, 7).windowReplaceState, day(full, 7).stoneChipState]).toEqual(['FULL', 'FULL']);
    // Once Sunday's opening hours (8-12) are over, its kind without slots is over too (blank, as closed).
    const afternoon = monthAvailability({ department, year: 2026, month: 3, booked, now: fromCopenhagen(2026, 3, 29, 12, 30), holidays });
    expect([day(afternoon, 29).windowReplaceState, day(afternoon, 29).stoneChipState]).toEqual(['OVER', 'OVER']);
    const sums = monthAvailability({ department, year: 2026, month: 3, booked, now: NOW_MARCH, holidays, sumsOnly: true });
    expect(sums.map((d) => [d.windowReplaceState, d.stoneChipState])).toEqual(days.map((d) => [d.windowReplaceState, d.stoneChipState]));
  });

  it('shows a past day with its slots and bookings but nothing available', () => {
    const monday = day(march(), 2);
    expect(monday.closed).toBe(false);
    expect(monday.windowReplaceSlots.map((s) => [s.id, s.available, s.alreadyBooked])).toEqual([
      ['w1-8', 0, 1],
      ['w1-10', 0, 0],
      ['w1-12', 0, 0],
    ]);
    expect(monday.windowReplaceAvailable).toBe(0);
    expect(monday.stoneChipAvailable).toBe(0);
  });

  it('uses a date’s specific slots as the whole plan of that kind, in time order, with wire times', () => {
    const friday = day(march(), 27);
    expect(friday.windowReplaceSlots).toEqual([
      {
        id: 'w-0327',
        from: '2026-03-27T07:30:00',
        to: '2026-03-27T09:30:00',
        available: 0,
        hasFreeCar: false,
        reperationTime: 2,
        alreadyBooked: 0,
      },
    ]);
    // stone chips keep the standard Friday plan; 8:00 has passed, 13:30 is more than 2 hours ahead
    expect(friday.stoneChipSlots.map((s) => [s.id, s.from, s.to, s.available])).toEqual([
      ['s5-8', '2026-03-27T08:00:00', '2026-03-27T09:00:00', 0],
      ['s5-13', '2026-03-27T13:30:00', '2026-03-27T14:30:00', 2],
    ]);
    expect(friday.windowReplaceAvailable).toBe(0);
    expect(friday.stoneChipAvailable).toBe(2);
  });

  it('opens a weekend day that has a specific opening row, with its specific slots', () => {
    const days = march();
    const saturday = day(days, 28);
    expect(saturday.closed).toBe(false);
    expect(saturday.windowReplaceSlots.map((s) => [s.id, s.available])).toEqual([['w-0328', 0]]); // within 72 hours
    expect(saturday.stoneChipSlots.map((s) => [s.id, s.available])).toEqual([['s-0328', 2]]);
    const dstSunday = day(days, 29);
    expect(dstSunday.windowReplaceSlots).toEqual([]);
    expect(dstSunday.stoneChipSlots.map((s) => [s.from, s.to, s.available])).toEqual([['2026-03-29T08:00:00', '2026-03-29T09:00:00', 1]]);
  });

  it('counts the offset in real hours across the change to summer time', () => {
    // 27 March 10:00 CET + 72 h = 30 March 11:00 CEST (the clocks went forward on the 29th)
    const monday = day(march(), 30);
    expect(monday.windowReplaceSlots.map((s) => [s.from, s.available])).toEqual([
      ['2026-03-30T08:00:00', 0],
      ['2026-03-30T10:00:00', 0],
      ['2026-03-30T12:00:00', 1],
    ]);
    expect(monday.windowReplaceAvailable).toBe(1);
    expect(monday.stoneChipAvailable).toBe(5);
  });

  it('subtracts bookings and never goes below 0', () => {
    const tuesday = day(march(), 31);
    expect(tuesday.windowReplaceSlots).toEqual([
      {
        id: 'w2-8',
        from: '2026-03-31T08:00:00',
        to: '2026-03-31T10:00:00',
        available: 0,
        hasFreeCar: false,
        reperationTime: 2,
        alreadyBooked: 2,
      },
      {
        id: 'w2-10',
        from: '2026-03-31T10:00:00',
        to: '2026-03-31T12:00:00',
        available: 1,
        hasFreeCar: false,
        reperationTime: 2,
        alreadyBooked: 1,
      },
      {
        id: 'w2-12',
        from: '2026-03-31T12:00:00',
        to: '2026-03-31T14:00:00',
        available: 0,
        hasFreeCar: true,
        reperationTime: 2,
        alreadyBooked: 3,
      },
    ]);
    expect(tuesday.windowReplaceAvailable).toBe(1);
    expect(tuesday.stoneChipSlots.map((s) => [s.available, s.alreadyBooked])).toEqual([
      [2, 1],
      [2, 0],
    ]);
    expect(tuesday.stoneChipAvailable).toBe(4);
  });

  it('closes public holidays, even with an opening row', () => {
    const april = monthAvailability({ department, year: 2026, month: 4, booked, now: NOW_MARCH, holidays });
    for (const holiday of [2, 3, 6]) expect(day(april, holiday).closed).toBe(true); // Skærtorsdag, Langfredag, 2. påskedag
    expect(day(april, 1)).toMatchObject({ closed: false, windowReplaceAvailable: 5, stoneChipAvailable: 5 });
    expect(day(april, 7)).toMatchObject({ closed: false, windowReplaceAvailable: 5 });
  });

  it('counts the offset in real hours across the change back to winter time', () => {
    // 23 October 11:00 CEST + 72 h = 26 October 10:00 CET (the clocks went back on the 25th)
    const now = fromCopenhagen(2026, 10, 23, 11, 0);
    const october = monthAvailability({ department, year: 2026, month: 10, booked, now, holidays });
    expect(day(october, 25).closed).toBe(true);
    expect(day(october, 26).windowReplaceSlots.map((s) => [s.from, s.available])).toEqual([
      ['2026-10-26T08:00:00', 0],
      ['2026-10-26T10:00:00', 2],
      ['2026-10-26T12:00:00', 1],
    ]);
  });

  it('says until when the answer holds: the same at that instant, another a millisecond later', () => {
    const input = { department, year: 2026, month: 3, booked, now: NOW_MARCH, holidays };
    const { days, validUntil } = monthAvailabilityUntil(input);
    expect(days).toEqual(march());
    // Monday 30 March's 12:00 window slot (summer time) is 72 real hours away at 11:00 today; it closes first.
    expect(validUntil).toBe(fromCopenhagen(2026, 3, 27, 11, 0).getTime());
    expect(monthAvailability({ ...input, now: new Date(validUntil) })).toEqual(days);
    expect(monthAvailability({ ...input, now: new Date(validUntil + 1) })).not.toEqual(days);
    // Later in the day, the next slot to close decides.
    const later = monthAvailabilityUntil({ ...input, now: new Date(validUntil + 1) });
    expect(later.validUntil).toBe(fromCopenhagen(2026, 3, 27, 11, 30).getTime()); // today's 13:30 stone chip, 2 h ahead
    expect(monthAvailability({ ...input, now: new Date(later.validUntil) })).toEqual(later.days);
  });

  it('holds for ever for a month whose slots are all too late', () => {
    expect(monthAvailabilityUntil({ department, year: 2026, month: 2, booked, now: NOW_MARCH, holidays }).validUntil).toBe(Infinity);
  });

  it('asks for the bookings of each slot by its id and the day', () => {
    const asked: string[] = [];
    monthAvailability({
      department,
      year: 2026,
      month: 3,
      booked: (id, date) => (asked.push(`${id}|${date}`), 0),
      now: NOW_MARCH,
      holidays,
    });
    expect(asked).toContain('w-0327|2026-03-27');
    expect(asked).toContain('s-0329|2026-03-29');
    expect(asked).toContain('w2-12|2026-03-31');
    expect(asked).not.toContain('w5-8|2026-03-27'); // replaced by the date's own plan
    expect(asked.some((a) => a.endsWith('|2026-03-20'))).toBe(false); // closed
  });

  it('has every slot free in a month far ahead without bookings', () => {
    const june = monthAvailability({ department, year: 2026, month: 6, booked: () => 0, now: NOW_MARCH, holidays });
    const monday = day(june, 1);
    expect(monday).toMatchObject({ closed: false, windowReplaceAvailable: 5, stoneChipAvailable: 5 });
    expect(day(june, 5).closed).toBe(false); // Grundlovsdag is no public holiday
  });

  it("counts only the places of slots as long as the car's minimum work length, and still lists the shorter ones", () => {
    const june = (minimumHours: number) =>
      day(monthAvailability({ department, year: 2026, month: 6, booked: () => 0, now: NOW_MARCH, holidays, minimumHours }), 1);
    // Window slots last 2 hours, stone-chip slots 1.
    expect(june(2)).toMatchObject({ windowReplaceAvailable: 5, stoneChipAvailable: 0 });
    expect(june(2.5)).toMatchObject({ windowReplaceAvailable: 0, stoneChipAvailable: 0 });
    expect(june(2.5).windowReplaceSlots.map((s) => s.available)).toEqual(june(0).windowReplaceSlots.map((s) => s.available));
    expect(june(0)).toMatchObject({ windowReplaceAvailable: 5, stoneChipAvailable: 5 });
  });
});

describe('day rules', () => {
  it('closes by holiday, specific row and missing weekday row', () => {
    expect(isClosedDay(department, '2026-04-03', 5, holidays)).toBe(true);
    expect(isClosedDay(department, '2026-03-20', 5, holidays)).toBe(true);
    expect(isClosedDay(department, '2026-03-21', 6, holidays)).toBe(true);
    expect(isClosedDay(department, '2026-03-28', 6, holidays)).toBe(false);
    expect(isClosedDay(department, '2026-03-19', 4, holidays)).toBe(false);
    const closedRow = { openingHours: [hours({ id: 'x', day: 4, closed: true })], specificOpeningHours: [] };
    expect(isClosedDay(closedRow, '2026-03-19', 4, new Set())).toBe(true);
  });

  it('picks the date’s slots over the weekday’s', () => {
    expect(
      slotsForDay(department.windowReplaceTimeSlots, department.specificWindowReplaceTimeSlots, '2026-03-27', 5).map((s) => s.id),
    ).toEqual(['w-0327']);
    expect(
      slotsForDay(department.windowReplaceTimeSlots, department.specificWindowReplaceTimeSlots, '2026-03-26', 4).map((s) => s.id),
    ).toEqual(['w4-8', 'w4-10', 'w4-12']);
  });

  it('books stone-chip slots for REPAIR and window-replace slots for the rest', () => {
    expect(slotKindFor('REPAIR')).toBe('STONE_CHIP');
    for (const type of ['REPLACE_FRONT', 'REPLACE_SIDE', 'REPLACE_REAR', 'REPLACE_ROOF', 'SALE', 'COMPLAINT'] as const) {
      expect(slotKindFor(type)).toBe('WINDOW_REPLACE');
    }
  });

  it('selects a day by the order type’s kind of availability', () => {
    const friday = day(march(), 27); // window 0, stone chip 2
    expect(dayIsSelectable(friday, 'REPAIR')).toBe(true);
    expect(dayIsSelectable(friday, 'REPLACE_FRONT')).toBe(false);
    expect(dayIsFullyBooked(friday, 'REPLACE_FRONT')).toBe(true);
    expect(dayIsFullyBooked(friday, 'REPAIR')).toBe(false);
    expect(dayAvailableFor(friday, 'REPAIR')).toBe(2);
    expect(daySlotsFor(friday, 'REPAIR').map((s) => s.id)).toEqual(['s5-8', 's5-13']);
    expect(daySlotsFor(friday, 'REPLACE_FRONT').map((s) => s.id)).toEqual(['w-0327']);
  });

  it('does not call a day without slots of the kind fully booked', () => {
    // Open, one stone-chip slot, no window slot (a week before, outside the window notice).
    const sunday = day(
      monthAvailability({ department, year: 2026, month: 3, booked, now: fromCopenhagen(2026, 3, 20, 10, 0), holidays }),
      29,
    );
    expect(dayStateFor(sunday, 'REPLACE_FRONT')).toBe('NO_SLOTS');
    expect(dayIsFullyBooked(sunday, 'REPLACE_FRONT')).toBe(false);
    expect(dayIsSelectable(sunday, 'REPLACE_FRONT')).toBe(false);
    expect(dayStateFor(day(march(), 20), 'REPAIR')).toBe('CLOSED');
  });

  it('never selects a closed or past day', () => {
    const days = march();
    expect(dayIsSelectable(day(days, 20), 'REPAIR')).toBe(false);
    expect(dayIsFullyBooked(day(days, 20), 'REPAIR')).toBe(false);
    expect(dayIsSelectable(day(days, 2), 'REPAIR')).toBe(false);
    const open = day(days, 30);
    expect(dayIsSelectable(open, 'REPAIR', true)).toBe(false);
    expect(dayIsFullyBooked(open, 'REPAIR', true)).toBe(false);
  });

  it('tells past days by the Copenhagen date', () => {
    const lateEvening = new Date('2026-03-26T23:30:00Z'); // 27 March 00:30 in Copenhagen
    expect(isPastDay(2026, 3, 26, lateEvening)).toBe(true);
    expect(isPastDay(2026, 3, 27, lateEvening)).toBe(false);
    expect(isPastDay(2026, 2, 28, lateEvening)).toBe(true);
    expect(isPastDay(2026, 4, 1, lateEvening)).toBe(false);
  });
});
