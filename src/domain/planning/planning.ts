import { type TPlaceState, countsAsClosed, dayStateOf, takesPlaces } from '../booking';
import { workingDaysUntil } from './planning-days';
import type { TAvailableSlotsDay, TAvailableSlotsDepartment } from './planning.schemas';

/**
 * Ledige slots and Leveringstid, pure arithmetic over the booking's day availability
 * (monthAvailability in ../booking/availability: a place free here is a place the booking offers).
 */

/** Leveringstid looks at today and the next 55 days (8 weeks); no free place within them is -1. */
export const DELIVERY_HORIZON_DAYS = 56;

/** The part of a department's day the planning screens read (a TDayAvailability with its date). */
export interface TPlannedDay {
  /** 'YYYY-MM-DD' */
  date: string;
  windowReplaceAvailable: number;
  stoneChipAvailable: number;
  closed: boolean;
  windowReplaceState: TPlaceState;
  stoneChipState: TPlaceState;
}

/** A kind's count in a table cell: a number while the kind takes places (free or full), else blank (null). */
const cellCount = (state: TPlaceState, available: number) => (takesPlaces(state) ? available : null);

/**
 * A table cell: the free places of each kind (0 only when every place is taken), blank (null) for a kind that is
 * closed, over or without slots; a closed day and a day whose time is over count as closed.
 */
export function slotsDayOf(day: TPlannedDay): TAvailableSlotsDay {
  const window = day.closed ? 'CLOSED' : day.windowReplaceState;
  const stoneChip = day.closed ? 'CLOSED' : day.stoneChipState;
  // A day that counts as closed is blank in both kinds: one kind's time over and the other's places all taken (a
  // fully booked stone chip afternoon after the last windscreen slot) is a closed day, not a '0' beside a blank.
  const closed = countsAsClosed(dayStateOf(window, stoneChip));
  return {
    date: `${day.date}T00:00:00`,
    windowReplacementAvailableSlots: closed ? null : cellCount(window, day.windowReplaceAvailable),
    stoneChipAvailableSlots: closed ? null : cellCount(stoneChip, day.stoneChipAvailable),
    closed,
    windowReplacementState: window,
    stoneChipState: stoneChip,
  };
}

/**
 * The 'Søg' search of Ledige slots (document 3 section 5) leaves out a department whose first day is open and
 * offers no place: every slot taken, or no slot planned. A first day that is closed or whose time is over is blank
 * and keeps the department. The all-regions table and the regional wall views leave no department out.
 */
export function isShownInSlotSearch(department: Pick<TAvailableSlotsDepartment, 'availableSlots'>): boolean {
  const first = department.availableSlots[0];
  if (!first) return true;
  const state = dayStateOf(first.windowReplacementState, first.stoneChipState);
  return state !== 'FULL' && state !== 'NO_SLOTS';
}

export interface TDeliveryTime {
  replace: number;
  repair: number;
  replaceDate: string | null;
  repairDate: string | null;
}

/** The first day (in date order) with a free place of a kind, or null. */
export function firstFreeDay(days: readonly TPlannedDay[], kind: 'replace' | 'repair'): string | null {
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  const found = sorted.find((d) => !d.closed && (kind === 'replace' ? d.windowReplaceAvailable : d.stoneChipAvailable) > 0);
  return found?.date ?? null;
}

/**
 * Delivery time of each kind: working days from today to the first day with a free place of that kind
 * among the given days (the horizon), -1 with a null date when there is none.
 */
export function deliveryTimeOf(days: readonly TPlannedDay[], today: string, holidays: ReadonlySet<string>): TDeliveryTime {
  const replace = firstFreeDay(days, 'replace');
  const repair = firstFreeDay(days, 'repair');
  return {
    replace: replace === null ? -1 : workingDaysUntil(today, replace, holidays),
    repair: repair === null ? -1 : workingDaysUntil(today, repair, holidays),
    replaceDate: replace === null ? null : `${replace}T00:00:00`,
    repairDate: repair === null ? null : `${repair}T00:00:00`,
  };
}

/** The style of a delivery time on Leveringstid: 4 to under 7 warning; 7 or more, or -1, danger (and -1 blank). */
export function deliveryTimeLevel(days: number): 'ok' | 'warning' | 'danger' {
  if (days === -1 || days >= 7) return 'danger';
  if (days >= 4) return 'warning';
  return 'ok';
}
