import { describe, expect, it } from 'vitest';
import { publicHolidaySet, type TPlaceState } from '../booking';
import { deliveryTimeLevel, deliveryTimeOf, firstFreeDay, isShownInSlotSearch, slotsDayOf, type TPlannedDay } from './planning';
import { addDays, daysFrom, isWorkingDay, startDayOf, workingDaysUntil } from './planning-days';
import { ZAvailableSlotsQuery } from './planning.schemas';

const holidays = publicHolidaySet(2025, 2026);
const stateOf = (n: number): TPlaceState => (n > 0 ? 'FREE' : 'FULL');
const open = (date: string, windowReplaceAvailable: number, stoneChipAvailable: number): TPlannedDay => ({
  date,
  windowReplaceAvailable,
  stoneChipAvailable,
  closed: false,
  windowReplaceState: stateOf(windowReplaceAvailable),
  stoneChipState: stateOf(stoneChipAvailable),
});
const closed = (date: string): TPlannedDay => ({
  date,
  windowReplaceAvailable: 0,
  stoneChipAvailable: 0,
  closed: true,
  windowReplaceState: 'CLOSED',
  stoneChipState: 'CLOSED',
});
/** An open day whose slots have all passed (the evening) or that has none. */
const over = (date: string): TPlannedDay => ({ ...open(date, 0, 0), windowReplaceState: 'OVER', stoneChipState: 'OVER' });
const noSlots = (date: string): TPlannedDay => ({ ...open(date, 0, 0), windowReplaceState: 'NO_SLOTS', stoneChipState: 'NO_SLOTS' });

describe('days', () => {
  it('counts calendar days across months and years', () => {
    expect(addDays('2025-12-30', 3)).toBe('2026-01-02');
    expect(daysFrom('2025-02-27', 3)).toEqual(['2025-02-27', '2025-02-28', '2025-03-01']);
  });

  it('takes Monday to Friday outside the public holidays as working days', () => {
    expect(isWorkingDay('2025-06-02', holidays)).toBe(true); // Monday
    expect(isWorkingDay('2025-06-07', holidays)).toBe(false); // Saturday
    expect(isWorkingDay('2025-06-09', holidays)).toBe(false); // 2. pinsedag
  });

  it('counts the working days after today up to a day', () => {
    // Thursday 2025-06-05: Friday 6 counts, the weekend and 2. pinsedag (Monday 9) do not, Tuesday 10 does.
    expect(workingDaysUntil('2025-06-05', '2025-06-05', holidays)).toBe(0);
    expect(workingDaysUntil('2025-06-05', '2025-06-06', holidays)).toBe(1);
    expect(workingDaysUntil('2025-06-05', '2025-06-08', holidays)).toBe(1);
    expect(workingDaysUntil('2025-06-05', '2025-06-10', holidays)).toBe(2);
  });

  it('reads a start day from a day, a wire date-time or a zoned ISO instant, in Copenhagen', () => {
    expect(startDayOf('2025-06-05')).toBe('2025-06-05');
    expect(startDayOf('2025-06-05T23:30:00')).toBe('2025-06-05');
    expect(startDayOf('2025-06-04T22:30:00.000Z')).toBe('2025-06-05');
    expect(startDayOf('2025-02-30')).toBeNull();
    expect(startDayOf('i morgen')).toBeNull();
    expect(startDayOf('')).toBeNull();
  });
});

describe('the slot table', () => {
  it('shows a closed day blank and an open day with its free places', () => {
    expect(slotsDayOf(closed('2025-06-07'))).toMatchObject({
      date: '2025-06-07T00:00:00',
      windowReplacementAvailableSlots: null,
      stoneChipAvailableSlots: null,
      closed: true,
    });
    expect(slotsDayOf(open('2025-06-06', 0, 3))).toEqual({
      date: '2025-06-06T00:00:00',
      windowReplacementAvailableSlots: 0,
      stoneChipAvailableSlots: 3,
      closed: false,
      windowReplacementState: 'FULL',
      stoneChipState: 'FREE',
    });
  });

  it('shows a day whose time is over blank, as closed, and a day without slots blank but open (not a full day)', () => {
    expect(slotsDayOf(over('2025-06-05'))).toMatchObject({
      windowReplacementAvailableSlots: null,
      stoneChipAvailableSlots: null,
      closed: true,
    });
    expect(slotsDayOf(noSlots('2025-06-05'))).toMatchObject({
      windowReplacementAvailableSlots: null,
      stoneChipAvailableSlots: null,
      closed: false,
      windowReplacementState: 'NO_SLOTS',
    });
    // Window slots passed, one stone-chip place left this afternoon.
    expect(slotsDayOf({ ...open('2025-06-05', 0, 1), windowReplaceState: 'OVER' })).toMatchObject({
      windowReplacementAvailableSlots: null,
      stoneChipAvailableSlots: 1,
      closed: false,
    });
    // Window slots passed and every stone-chip place taken: the day is over, blank in both (not a 0 beside a blank).
    expect(slotsDayOf({ ...open('2025-06-05', 0, 0), windowReplaceState: 'OVER', stoneChipState: 'FULL' })).toMatchObject({
      windowReplacementAvailableSlots: null,
      stoneChipAvailableSlots: null,
      closed: true,
    });
  });

  it("the 'Søg' search leaves out a department whose first day offers no place; keeps one whose first day is closed or over", () => {
    const table = (...days: TPlannedDay[]) => ({ availableSlots: days.map(slotsDayOf) });
    expect(isShownInSlotSearch(table(open('2025-06-05', 0, 0), open('2025-06-06', 4, 4)))).toBe(false);
    expect(isShownInSlotSearch(table(noSlots('2025-06-05'), open('2025-06-06', 4, 4)))).toBe(false);
    expect(isShownInSlotSearch(table(open('2025-06-05', 0, 1)))).toBe(true);
    expect(isShownInSlotSearch(table(open('2025-06-05', 2, 0)))).toBe(true);
    expect(isShownInSlotSearch(table(closed('2025-06-07'), open('2025-06-09', 0, 0)))).toBe(true);
    // The evening: today's slots have all passed; Aarhus has 9 places tomorrow.
    expect(isShownInSlotSearch(table(over('2025-06-05'), open('2025-06-06', 9, 0)))).toBe(true);
  });
});

describe('delivery time', () => {
  it('is the working days to the first free place of each kind, whatever order the days come in', () => {
    const days = [open('2025-06-10', 1, 0), closed('2025-06-07'), open('2025-06-05', 0, 0), open('2025-06-06', 0, 2)];
    expect(firstFreeDay(days, 'replace')).toBe('2025-06-10');
    expect(deliveryTimeOf(days, '2025-06-05', holidays)).toEqual({
      replace: 2,
      replaceDate: '2025-06-10T00:00:00',
      repair: 1,
      repairDate: '2025-06-06T00:00:00',
    });
  });

  it('is 0 for a free place today and -1 without a date when none is within the days', () => {
    expect(deliveryTimeOf([open('2025-06-05', 1, 0), open('2025-06-06', 0, 0)], '2025-06-05', holidays)).toEqual({
      replace: 0,
      replaceDate: '2025-06-05T00:00:00',
      repair: -1,
      repairDate: null,
    });
  });

  it('is styled 4 to under 7 as a warning, 7 or more and -1 as danger', () => {
    expect([-1, 0, 3, 4, 6, 7, 12].map(deliveryTimeLevel)).toEqual(['danger', 'ok', 'ok', 'warning', 'warning', 'danger', 'danger']);
  });
});

describe('the getByRegion query', () => {
  it('takes the region keys and 7 or 1 days, and refuses the rest with Danish messages', () => {
    expect(ZAvailableSlotsQuery.parse({ region: 'Fyn', startDateTime: '2025-06-05T00:00:00' })).toEqual({
      region: 'Fyn',
      startDateTime: '2025-06-05',
      days: 7,
    });
    expect(ZAvailableSlotsQuery.parse({ region: 'Sjaelland', startDateTime: '2025-06-05', days: '1' }).days).toBe(1);
    const bad = ZAvailableSlotsQuery.safeParse({ region: 'Bornholm', startDateTime: '05/06-2025', days: '3' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['region', 'Værdien er ikke tilladt'],
      ['startDateTime', 'Field must be a date dd/MM-YYYY'],
      ['days', 'Værdien er ikke tilladt'],
    ]);
  });
});
