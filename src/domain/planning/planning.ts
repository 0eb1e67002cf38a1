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
}

/** A table cell: the free places of each kind, or blank (null) on a closed day. */
export function slotsDayOf(day: TPlannedDay): TAvailableSlotsDay {
  return {
    date: `${day.date}T00:00:00`,
    windowReplacementAvailableSlots: day.closed ? null : day.windowReplaceAvailable,
    stoneChipAvailableSlots: day.closed ? null : day.stoneChipAvailable,
    closed: day.closed,
  };
}

/**
 * A department whose first day is open with no free place of either kind is left out of the table
 * (document 3 section 5). A closed first day is blank, not 0/0, and keeps the department.
 */
export function isShownInSlotTable(department: Pick<TAvailableSlotsDepartment, 'availableSlots'>): boolean {
  const first = department.availableSlots[0];
  if (!first || first.closed) return true;
  return (first.windowReplacementAvailableSlots ?? 0) > 0 || (first.stoneChipAvailableSlots ?? 0) > 0;
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
