import { copenhagenParts, daysInMonth, fromCopenhagen, todayInCopenhagen, toWireDateTime } from '../lib/dates';
import { type TDepartment, type TTimeSlot, type TTimeSlotType, isClosedDay, rowDate } from '../departments';
import type { TOrderType } from '../orders';
import type { TDayAvailability, TPlaceState, TTimeslot } from './booking.schemas';
import { isBookableStart, noticeHoursFor, placeStateOf, slotFreePlaces } from './free-places';

/**
 * A department's month of availability (documents 1-3, 'Tid og sted'), pure arithmetic:
 * the server supplies the department's plan, the bookings per slot and day, the clock and
 * the public holidays.
 */

export type TAvailabilityDepartment = Pick<
  TDepartment,
  | 'windowReplaceTimeSlots'
  | 'specificWindowReplaceTimeSlots'
  | 'stoneChipTimeSlots'
  | 'specificStoneChipTimeSlots'
  | 'openingHours'
  | 'specificOpeningHours'
  | 'windowChangeTimeOffset'
  | 'stoneChipTimeOffset'
>;

export interface TMonthAvailabilityInput {
  department: TAvailabilityDepartment;
  year: number;
  /** 1-12 */
  month: number;
  /** Places taken in a slot on a day ('YYYY-MM-DD'). */
  booked: (slotId: string, date: string) => number;
  now: Date;
  /** 'YYYY-MM-DD' days that are closed everywhere (danishPublicHolidays). */
  holidays: ReadonlySet<string>;
  /** A van's weekdays (0 Sunday … 6) at the customer's zip code; the other days are closed. Omitted: every day. */
  servedWeekdays?: readonly boolean[] | null;
  /**
   * The car's minimum work length at the department in hours (its rule set; 0 or omitted: none). Shorter slots stay
   * in the day's list, as the booking step shows them ('For kort til bilen'), but their places are not in its sums.
   */
  minimumHours?: number;
  /** Only the days from this day of the month (1-31) to `lastDay`, for a caller that needs a few (planning). */
  firstDay?: number;
  lastDay?: number;
  /**
   * Only each day's sums and whether it is closed, its slot lists left empty: what the planning tables read, without
   * the slots' wire times (most of the work).
   */
  sumsOnly?: boolean;
}

/** An order type; the wire's plain strings are taken too (only REPAIR is special here). */
export type TOrderTypeName = TOrderType | (string & {});

const pad = (n: number) => String(n).padStart(2, '0');
const HOUR_MS = 3_600_000;

/** 'YYYY-MM-DD' of a day. */
export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}

/** When a day's opening hours end (decimal hours: the latest end of its open rows, the date's own rows first); null when none. */
export function openingEnd(
  department: Pick<TDepartment, 'openingHours' | 'specificOpeningHours'>,
  date: string,
  weekday: number,
): number | null {
  const specific = department.specificOpeningHours.filter((row) => rowDate(row) === date);
  const rows = (specific.length ? specific : department.openingHours.filter((row) => row.date === null && row.day === weekday)).filter(
    (row) => !row.closed,
  );
  return rows.length ? Math.max(...rows.map((row) => row.to)) : null;
}

/** A day's plan of one kind: the date's specific slots when it has any (they are the whole plan), else the weekday's. */
export function slotsForDay(standard: readonly TTimeSlot[], specific: readonly TTimeSlot[], date: string, weekday: number): TTimeSlot[] {
  const forDate = specific.filter((slot) => rowDate(slot) === date);
  const plan = forDate.length ? forDate : standard.filter((slot) => rowDate(slot) === null && slot.day === weekday);
  return [...plan].sort((a, b) => a.from - b.from || a.to - b.to);
}

/** The instant a decimal hour (7.5 = 07:30) of a Copenhagen day begins, to the minute as hoursToTime rounds it. */
function atHours(year: number, month: number, day: number, hours: number): Date {
  const minutes = Math.round(hours * 60);
  return fromCopenhagen(year, month, day, Math.floor(minutes / 60), minutes % 60);
}

/** A day of the month being worked out. */
type PlanDay = { year: number; month: number; day: number; date: string };

/**
 * What a slot's places of one kind depend on besides the slot: the bookings, the clock, the kind's notice hours,
 * and `closesAt`, which hears when each still open slot becomes too late.
 */
interface SlotClock {
  booked: TMonthAvailabilityInput['booked'];
  now: Date;
  noticeHours: number;
  closesAt: (instant: number) => void;
}

/** The bookable timeslots of one kind on one day, and whether each may still be booked. */
function timeslots(slots: readonly TTimeSlot[], day: PlanDay, clock: SlotClock): Array<TTimeslot & { bookable: boolean }> {
  return slots.map((slot) => {
    const from = atHours(day.year, day.month, day.day, slot.from);
    const { available, alreadyBooked, bookable } = places(slot, from, day.date, clock);
    return {
      id: slot.id,
      from: toWireDateTime(from),
      to: toWireDateTime(atHours(day.year, day.month, day.day, slot.to)),
      available,
      hasFreeCar: slot.hasFreeCar,
      reperationTime: slot.reperationTime,
      alreadyBooked,
      bookable,
    };
  });
}

/** A slot's places on a day: the one definition of a free place (free-places.ts slotFreePlaces). */
function places(
  slot: TTimeSlot,
  from: Date,
  date: string,
  clock: SlotClock,
): { available: number; alreadyBooked: number; bookable: boolean } {
  const alreadyBooked = Math.max(0, Math.trunc(clock.booked(slot.id, date)) || 0);
  const { free, bookable } = slotFreePlaces({
    maxBookings: slot.maxBookings,
    booked: alreadyBooked,
    startsAt: from.getTime(),
    now: clock.now,
    noticeHours: clock.noticeHours,
  });
  if (bookable) clock.closesAt(from.getTime() - clock.noticeHours * HOUR_MS);
  return { available: free, alreadyBooked, bookable };
}

/** A slot long enough for the car's minimum work length (in hours). */
const longEnough = (slot: TTimeSlot, minimumHours: number) => slot.to - slot.from >= minimumHours - 1e-9;

/** The day's places of one kind in the slots long enough for the car, and its state, without making the slots (sumsOnly). */
function placesSum(
  plan: readonly TTimeSlot[],
  day: PlanDay,
  clock: SlotClock,
  minimumHours: number,
  hoursOver: boolean,
): { sum: number; state: TPlaceState } {
  let sum = 0;
  const seen: Array<{ bookable: boolean }> = [];
  for (const slot of plan) {
    const { available, bookable } = places(slot, atHours(day.year, day.month, day.day, slot.from), day.date, clock);
    seen.push({ bookable });
    if (longEnough(slot, minimumHours)) sum += available;
  }
  return { sum, state: placeStateOf(false, seen, sum, hoursOver) };
}

/** The places of the slots long enough for the car (`source` is the plan the slots were made from, in order). */
const sumAvailable = (slots: readonly TTimeslot[], source: readonly TTimeSlot[], minimumHours: number) =>
  slots.reduce((sum, slot, i) => sum + (longEnough(source[i]!, minimumHours) ? slot.available : 0), 0);

/** The wire slots without the working flag. */
const wireSlots = (slots: ReadonlyArray<TTimeslot & { bookable: boolean }>): TTimeslot[] =>
  slots.map(({ bookable: _bookable, ...slot }) => slot);

/**
 * One entry per day of the month:
 * - a public holiday, a date with a closed specific opening-hours row, and a weekday without
 *   standard opening hours (and no specific row for the date) are closed, with no slots;
 * - per slot kind the date's specific slots, when it has any, are the whole plan of the day,
 *   otherwise the weekday's standard slots;
 * - a slot has available = max(0, maxBookings − booked) and alreadyBooked = booked, but
 *   available 0 when it starts before now + the department's offset hours
 *   (windowChangeTimeOffset for window replace, stoneChipTimeOffset for stone chip), which
 *   covers every slot of a past day;
 * - windowReplaceAvailable and stoneChipAvailable are the day's sums of available, over the slots at least as long
 *   as the car's minimum work length (when given).
 */
export function monthAvailability(input: TMonthAvailabilityInput): TDayAvailability[] {
  return monthAvailabilityUntil(input).days;
}

/**
 * monthAvailability and the last instant (ms) it holds for, bookings and plan unchanged: the clock alone changes it
 * when an open slot becomes too late, that is once now passes the slot's start minus the offset hours. Infinity
 * when no slot of the month is still open. What lets a server keep an answer until then (the month cache).
 */
export function monthAvailabilityUntil(input: TMonthAvailabilityInput): { days: TDayAvailability[]; validUntil: number } {
  const { department, year, month, booked, now, holidays, servedWeekdays, minimumHours = 0 } = input;
  const lastDay = Math.min(input.lastDay ?? 31, daysInMonth(year, month));
  let validUntil = Infinity;
  const closesAt = (instant: number) => {
    if (instant < validUntil) validUntil = instant;
  };
  const clockFor = (kind: TTimeSlotType): SlotClock => ({ booked, now, noticeHours: noticeHoursFor(department, kind), closesAt });
  const windowClock = clockFor('WINDOW_REPLACE');
  const stoneChipClock = clockFor('STONE_CHIP');
  const days: TDayAvailability[] = [];
  for (let dayOfMonth = Math.max(1, input.firstDay ?? 1); dayOfMonth <= lastDay; dayOfMonth++) {
    const date = isoDate(year, month, dayOfMonth);
    const weekday = copenhagenParts(fromCopenhagen(year, month, dayOfMonth, 12)).weekday;
    if (isClosedDay(department, date, weekday, holidays) || (servedWeekdays !== undefined && !servedWeekdays?.[weekday])) {
      days.push(closedDay(dayOfMonth));
      continue;
    }
    const day: PlanDay = { year, month, day: dayOfMonth, date };
    const windowPlan = slotsForDay(department.windowReplaceTimeSlots, department.specificWindowReplaceTimeSlots, date, weekday);
    const stoneChipPlan = slotsForDay(department.stoneChipTimeSlots, department.specificStoneChipTimeSlots, date, weekday);
    // A kind without slots: its day is over once the opening hours end inside the notice hours.
    const end = openingEnd(department, date, weekday);
    const endsAt = end === null ? null : atHours(year, month, dayOfMonth, end);
    const hoursOver = (plan: readonly TTimeSlot[], clock: SlotClock) => {
      if (plan.length > 0 || endsAt === null) return false;
      if (isBookableStart(endsAt.getTime(), now, clock.noticeHours)) {
        clock.closesAt(endsAt.getTime() - clock.noticeHours * HOUR_MS);
        return false;
      }
      return true;
    };
    const windowOver = hoursOver(windowPlan, windowClock);
    const stoneChipOver = hoursOver(stoneChipPlan, stoneChipClock);
    if (input.sumsOnly) {
      const windowSum = placesSum(windowPlan, day, windowClock, minimumHours, windowOver);
      const stoneChipSum = placesSum(stoneChipPlan, day, stoneChipClock, minimumHours, stoneChipOver);
      days.push({
        dayOfMonth,
        windowReplaceAvailable: windowSum.sum,
        stoneChipAvailable: stoneChipSum.sum,
        windowReplaceSlots: [],
        stoneChipSlots: [],
        closed: false,
        windowReplaceState: windowSum.state,
        stoneChipState: stoneChipSum.state,
      });
      continue;
    }
    const windowReplaceSlots = timeslots(windowPlan, day, windowClock);
    const stoneChipSlots = timeslots(stoneChipPlan, day, stoneChipClock);
    const windowReplaceAvailable = sumAvailable(windowReplaceSlots, windowPlan, minimumHours);
    const stoneChipAvailable = sumAvailable(stoneChipSlots, stoneChipPlan, minimumHours);
    days.push({
      dayOfMonth,
      windowReplaceAvailable,
      stoneChipAvailable,
      windowReplaceSlots: wireSlots(windowReplaceSlots),
      stoneChipSlots: wireSlots(stoneChipSlots),
      closed: false,
      windowReplaceState: placeStateOf(false, windowReplaceSlots, windowReplaceAvailable, windowOver),
      stoneChipState: placeStateOf(false, stoneChipSlots, stoneChipAvailable, stoneChipOver),
    });
  }
  return { days, validUntil };
}

/** A closed day of a month's answer: no places, no slots. */
export function closedDay(dayOfMonth: number): TDayAvailability {
  return {
    dayOfMonth,
    windowReplaceAvailable: 0,
    stoneChipAvailable: 0,
    windowReplaceSlots: [],
    stoneChipSlots: [],
    closed: true,
    windowReplaceState: 'CLOSED',
    stoneChipState: 'CLOSED',
  };
}

/** REPAIR (stone chip) books stone-chip slots; every other order type books window-replace slots. */
export function slotKindFor(orderType: TOrderTypeName): TTimeSlotType {
  return orderType === 'REPAIR' ? 'STONE_CHIP' : 'WINDOW_REPLACE';
}

/** The day's slots of a kind. */
export function daySlotsOfKind(day: TDayAvailability, kind: TTimeSlotType): TTimeslot[] {
  return kind === 'STONE_CHIP' ? day.stoneChipSlots : day.windowReplaceSlots;
}

/** The day's slots of the kind the order type books. */
export function daySlotsFor(day: TDayAvailability, orderType: TOrderTypeName): TTimeslot[] {
  return daySlotsOfKind(day, slotKindFor(orderType));
}

/** The day's free places of the kind the order type books. */
export function dayAvailableFor(day: TDayAvailability, orderType: TOrderTypeName): number {
  return slotKindFor(orderType) === 'STONE_CHIP' ? day.stoneChipAvailable : day.windowReplaceAvailable;
}

/** True for a day before today's date in Copenhagen. */
export function isPastDay(year: number, month: number, dayOfMonth: number, now: Date): boolean {
  return isoDate(year, month, dayOfMonth) < todayInCopenhagen(now);
}

/**
 * A day can be picked without a warning when it is open and has a free place of the order
 * type's kind (REPAIR: stone chip, others: window replace). Past days are never selectable:
 * pass `isPast` (see isPastDay); days from monthAvailability already have no free place then.
 */
export function dayIsSelectable(day: TDayAvailability, orderType: TOrderTypeName, isPast = false): boolean {
  return !isPast && !day.closed && dayAvailableFor(day, orderType) > 0;
}

/** The day's state of the kind the order type books (free-places.ts placeStateOf). */
export function dayStateFor(day: TDayAvailability, orderType: TOrderTypeName): TPlaceState {
  if (day.closed) return 'CLOSED';
  return slotKindFor(orderType) === 'STONE_CHIP' ? day.stoneChipState : day.windowReplaceState;
}

/**
 * An open, present day whose slots are all taken (or whose time is over) is greyed out; picking it asks
 * 'Der er ikke flere ledige tider på den valgte dag, ønsker du at fortsætte?' (BOOKING_MESSAGES.fullyBookedConfirm).
 * A day without any slot of the kind is not a full day.
 */
export function dayIsFullyBooked(day: TDayAvailability, orderType: TOrderTypeName, isPast = false): boolean {
  const state = dayStateFor(day, orderType);
  return !isPast && (state === 'FULL' || state === 'OVER');
}
