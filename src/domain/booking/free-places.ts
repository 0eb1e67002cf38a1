import type { TDepartment, TTimeSlotType } from '../departments';
import type { TPlaceState } from './booking.schemas';

/**
 * The one definition of a free place (issue 39), read by the booking calendar, the booking seam, Ledige slots,
 * Leveringstid, Kapacitetsoptimering's delivery times and its forecast:
 * a place is free when its day is open (not a public holiday, not closed, see isClosedDay), it starts no earlier
 * than now plus the department's notice hours of its kind (so it has not passed), and its slot has a place left.
 */

const HOUR_MS = 3_600_000;

/** The notice hours of a kind at a department: windowChangeTimeOffset for window replace, stoneChipTimeOffset for stone chip. */
export function noticeHoursFor(
  department: Pick<TDepartment, 'windowChangeTimeOffset' | 'stoneChipTimeOffset'>,
  kind: TTimeSlotType,
): number {
  return (kind === 'STONE_CHIP' ? department.stoneChipTimeOffset : department.windowChangeTimeOffset) || 0;
}

/** The earliest start (ms) a place may be booked for now: now plus the notice hours. */
export function earliestBookableStart(now: Date | number, noticeHours: number): number {
  return (typeof now === 'number' ? now : now.getTime()) + (noticeHours || 0) * HOUR_MS;
}

/** Whether a place starting at `startsAt` (ms) may still be booked: not passed and not inside the notice hours. */
export function isBookableStart(startsAt: number, now: Date | number, noticeHours: number): boolean {
  return startsAt >= earliestBookableStart(now, noticeHours);
}

export interface TSlotPlaces {
  /** The slot's places (maxBookings). */
  maxBookings: number;
  /** Places already held in the slot on the day. */
  booked: number;
  /** The slot's start on the day (ms). */
  startsAt: number;
  now: Date | number;
  noticeHours: number;
  /** The day is closed (holiday, closed row, no opening hours). */
  closedDay?: boolean;
}

/** A slot's free places on a day (the definition above), and whether its start may still be booked at all. */
export function slotFreePlaces(input: TSlotPlaces): { free: number; bookable: boolean } {
  const bookable = !input.closedDay && isBookableStart(input.startsAt, input.now, input.noticeHours);
  const booked = Math.max(0, Math.trunc(input.booked) || 0);
  return { free: bookable ? Math.max(0, input.maxBookings - booked) : 0, bookable };
}

/**
 * A kind's state on a day:
 * - CLOSED: the day is closed;
 * - NO_SLOTS: open, but no slot of the kind is planned (a new department's day): not a full day; once the day's
 *   opening hours are over (`hoursOver`: their end inside the notice hours) it is OVER;
 * - FREE: a place is free;
 * - OVER: slots are planned but none may still be booked (passed, or inside the notice hours): counts as closed;
 * - FULL: slots may still be booked but every place is taken.
 */
export function placeStateOf(
  closedDay: boolean,
  slots: ReadonlyArray<{ bookable: boolean }>,
  free: number,
  hoursOver = false,
): TPlaceState {
  if (closedDay) return 'CLOSED';
  if (slots.length === 0) return hoursOver ? 'OVER' : 'NO_SLOTS';
  if (free > 0) return 'FREE';
  return slots.some((s) => s.bookable) ? 'FULL' : 'OVER';
}

/**
 * A day's state over both kinds: CLOSED when closed; FREE when either kind has a place; OVER when either kind's
 * time is over (the rest full or without slots); FULL when a kind is full; else NO_SLOTS.
 */
export function dayStateOf(window: TPlaceState, stoneChip: TPlaceState): TPlaceState {
  const both = [window, stoneChip];
  for (const state of ['FREE', 'OVER', 'FULL', 'NO_SLOTS'] as const) if (both.includes(state)) return state;
  return 'CLOSED';
}

/** A day that counts as closed (shown blank): closed, or its bookable time is over. */
export const countsAsClosed = (state: TPlaceState) => state === 'CLOSED' || state === 'OVER';

/** A kind that takes places (free or fully booked): its count is shown. */
export const takesPlaces = (state: TPlaceState) => state === 'FREE' || state === 'FULL';

/** A day where added capacity (a fitter more) could be booked: open, its time not over. */
export const canTakeMorePlaces = (state: TPlaceState) => takesPlaces(state) || state === 'NO_SLOTS';
