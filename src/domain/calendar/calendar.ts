import { isNotYetBooked, type TOrderStatus, type TOrderType } from '../orders';
import { hasAnyRole } from '../users';
import type { TCalendarEvent } from './calendar.schemas';

/**
 * The booking calendar (document 3: CALENDAR /calender): its filters, event kinds, columns and messages, and its rules,
 * pure: which bookings show, in which column, in which order.
 */

export const CALENDAR_FILTERS = ['DEPARTMENT', 'TIMESLOT', 'WINDSCREEN', 'STONECHIP', 'SALE', 'COMPLAINT', 'CANCELED'] as const;
export type TCalendarFilter = (typeof CALENDAR_FILTERS)[number];
/** The filters on by default: every one but the cancelled orders. */
export const DEFAULT_CALENDAR_FILTERS: readonly TCalendarFilter[] = [
  'DEPARTMENT',
  'TIMESLOT',
  'WINDSCREEN',
  'STONECHIP',
  'SALE',
  'COMPLAINT',
];

export const CALENDAR_MESSAGES = {
  title: 'Du skal indtaste en title',
  dateAndTime: 'Du skal vælge en dato og en tid',
  date: 'Du skal vælge en dato',
  sameDay: 'Du må kun ændre en aftale på dagen',
  notFound: 'Aftalen findes ikke',
  beforeToday: 'Datoen kan ikke ligge før i dag',
  endBeforeStart: 'Til skal være efter Fra',
  range: 'Kalenderen viser højst 31 dage ad gangen',
  notABooking: 'Kun bookinger kan flyttes i rækken',
} as const;

export const EVENT_TYPES = ['BOOKING', 'APPOINTMENT', 'TIMESLOT'] as const;
export type TEventType = (typeof EVENT_TYPES)[number];

/** 'Mont' (window fitting) or 'Rep' (repair): the calendar's two resource columns. */
export const CALENDAR_RESOURCES = ['MONT', 'REP'] as const;
export type TCalendarResource = (typeof CALENDAR_RESOURCES)[number];

/** The column a booking goes in: 'Rep' for a stone-chip repair (and a complaint on a stone-chip slot), else 'Mont'. */
export function resourceOf(orderType: string, complaintType?: string | null): TCalendarResource {
  return orderType === 'REPAIR' || complaintType === 'REPAIR_SLOT' ? 'REP' : 'MONT';
}

/** The filter a booking belongs to: Rudeskift, Sten slag, Mersalg or Reklamation. */
export function filterOfBooking(orderType: string, complaintType?: string | null): TCalendarFilter {
  if (orderType === 'SALE') return 'SALE';
  if (orderType === 'COMPLAINT' || orderType === 'INTERNAL_COMPLAINT') return 'COMPLAINT';
  return resourceOf(orderType, complaintType) === 'REP' ? 'STONECHIP' : 'WINDSCREEN';
}

/** Statuses a booking shows in: everything on the plan (not the orders not yet booked); cancelled only with 'Annullerede ordrer'. */
export function bookingShown(
  order: { orderType: TOrderType | string; orderStatus: TOrderStatus; complaintType?: string | null },
  filters: readonly TCalendarFilter[],
): boolean {
  if (isNotYetBooked(order.orderStatus)) return false;
  if (order.orderStatus === 'CANCELLED' && !filters.includes('CANCELED')) return false;
  return filters.includes(filterOfBooking(order.orderType, order.complaintType));
}

/** Events of a day in the spec's order: priority (higher first), then title; all-day bookings by their dragged position first. */
export function compareEvents(
  a: Pick<TCalendarEvent, 'priority' | 'title'> & { position?: number | null },
  b: Pick<TCalendarEvent, 'priority' | 'title'> & { position?: number | null },
): number {
  const pa = a.position ?? Number.MAX_SAFE_INTEGER;
  const pb = b.position ?? Number.MAX_SAFE_INTEGER;
  return pa - pb || b.priority - a.priority || a.title.localeCompare(b.title, 'da');
}

/** Events of 30 minutes or less get the compact style. */
export function isShortEvent(event: Pick<TCalendarEvent, 'start' | 'end' | 'allDay'>): boolean {
  if (event.allDay) return false;
  return Date.parse(`${event.end}Z`) - Date.parse(`${event.start}Z`) <= 30 * 60_000;
}

/**
 * The days of a repeating appointment: the first date, then for `weeks` weeks every weekday of `repeatOn`
 * (0 Sunday … 6) after it. Without repeat: the first date only.
 */
export function repeatDates(first: string, weeks: number, repeatOn: readonly number[]): string[] {
  const dates = [first];
  if (weeks <= 0 || repeatOn.length === 0) return dates;
  const start = new Date(`${first}T12:00:00Z`);
  for (let offset = 1; offset <= weeks * 7; offset++) {
    const day = new Date(start.getTime() + offset * 86_400_000);
    if (repeatOn.includes(day.getUTCDay())) dates.push(day.toISOString().slice(0, 10));
  }
  return dates;
}

/** Whether two wire times are on the same day (a booking may only be moved within its day). */
export function sameDay(a: string, b: string): boolean {
  return a.slice(0, 10) === b.slice(0, 10);
}

/**
 * TimeManagement without Adminstrator changes a calendar (moves, appointments) only where it may edit the slots:
 * its own department and those sharing its responsibility centre, as on Afdelinger. The planning roles change
 * every department's calendar.
 */
export function calendarLimitedToCentre(roles: readonly string[]): boolean {
  return hasAnyRole(roles, ['TimeManagement']) && !hasAnyRole(roles, ['Adminstrator']);
}
