/**
 * The booking calendar's screen rules (document 3, 'Calendar screen'; section 9's constants): which days a view
 * shows, the wire's Copenhagen wall-clock times as the calendar's dates, titles, labels and the order of the
 * all-day row after a drop. Pure functions, tested beside this file; the components only call them.
 */
import type { TCalendarEvent } from '@/domain/calendar/calendar.schemas';
import type { TCalendarFilter, TCalendarResource } from '@/domain/calendar/calendar';
import type { TDepartmentSummary } from '@/domain/departments/department.schemas';
import { isSetGuid } from '@/domain/lib/guid';
import { isLocked } from '@/domain/orders/order-status';
import { changeConcernsDays, type LiveChange } from '@/domain/calendar/live-changes';
import type { TSmsKind } from '@/domain/notifications/sms';

/** Section 9: 15-minute slots, the day from 06:00 unless '24:00', day view at 768 px or less, three calendars at most. */
export const SLOT_MINUTES = 15;
export const DAY_START_HOUR = 6;
export const PHONE_MAX_WIDTH = 768;
export const MAX_CALENDARS = 3;
export const AUTO_REFRESH_MS = 300_000;

export type TCalendarView = 'day' | 'work_week' | 'week';
export const VIEW_LABELS: Record<TCalendarView, string> = { day: 'En Dag', work_week: '5 dage', week: 'En Uge' };

/** The filter checkboxes in the spec's order, with their labels. */
export const FILTER_LABELS: ReadonlyArray<{ key: TCalendarFilter; label: string }> = [
  { key: 'DEPARTMENT', label: 'Afdeling' },
  { key: 'TIMESLOT', label: 'Tidslots' },
  { key: 'WINDSCREEN', label: 'Rudeskift' },
  { key: 'STONECHIP', label: 'Sten slag' },
  { key: 'SALE', label: 'Mersalg' },
  { key: 'COMPLAINT', label: 'Reklamation' },
];
export const CANCELED_LABEL = 'Annullerede ordrer';

/** The weekdays of 'Gentag på', Monday first (values as the server counts them: 0 Sunday … 6 Saturday). */
export const REPEAT_WEEKDAYS: ReadonlyArray<{ value: number; label: string; name: string }> = [
  { value: 1, label: 'Man', name: 'mandag' },
  { value: 2, label: 'Tir', name: 'tirsdag' },
  { value: 3, label: 'Ons', name: 'onsdag' },
  { value: 4, label: 'Tor', name: 'torsdag' },
  { value: 5, label: 'Fre', name: 'fredag' },
  { value: 6, label: 'Lør', name: 'lørdag' },
  { value: 0, label: 'Søn', name: 'søndag' },
];

const WEEKDAY_NAMES = ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A wire time ('YYYY-MM-DDTHH:mm:ss', Copenhagen) as the calendar's date: the same wall clock in the browser's
 * zone, so the grid shows the workshop's hours wherever the browser is.
 */
export function wireToDate(wire: string): Date {
  const [date = '', time = '00:00:00'] = wire.split('T');
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min, s] = time.split(':').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, h || 0, min || 0, s || 0);
}

/** The calendar's date back as a wire time (its wall clock). */
export function dateToWire(date: Date): string {
  return `${dayKey(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** 'YYYY-MM-DD' of a calendar date. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function sameDay(a: Date, b: Date): boolean {
  return dayKey(a) === dayKey(b);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, date.getHours(), date.getMinutes());
}

/** Monday of the date's week (the week starts on Monday). */
export function mondayOf(date: Date): Date {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  return addDays(d, -((d.getDay() + 6) % 7));
}

/** The first and last day a view shows: the day, Monday–Friday, or Monday–Sunday. */
export function visibleDays(date: Date, view: TCalendarView): { from: string; to: string } {
  if (view === 'day') return { from: dayKey(date), to: dayKey(date) };
  const monday = mondayOf(date);
  return { from: dayKey(monday), to: dayKey(addDays(monday, view === 'work_week' ? 4 : 6)) };
}

/** The view a calendar opens in: day view on a window of 768 px or less, else 5 dage. */
export function defaultView(windowWidth: number): TCalendarView {
  return windowWidth <= PHONE_MAX_WIDTH ? 'day' : 'work_week';
}

/** dd/MM-YYYY of a calendar date. */
export function danishDate(date: Date): string {
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** HH:mm of a calendar date. */
export function clock(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The ISO week number (Danish weeks: Monday first, week 1 holds the first Thursday). */
export function weekNumber(date: Date): number {
  const d = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

/** A calendar's title: 'Mandag 24/11-2026' in day view, 'Uge 48 · 23/11 – 27/11-2026' otherwise. */
export function calendarTitle(date: Date, view: TCalendarView): string {
  if (view === 'day') {
    const name = WEEKDAY_NAMES[date.getDay()]!;
    return `${name[0]!.toUpperCase()}${name.slice(1)} ${danishDate(date)}`;
  }
  const monday = mondayOf(date);
  const last = addDays(monday, view === 'work_week' ? 4 : 6);
  const first = monday.getFullYear() === last.getFullYear() ? `${pad(monday.getDate())}/${pad(monday.getMonth() + 1)}` : danishDate(monday);
  return `Uge ${weekNumber(monday)} · ${first} – ${danishDate(last)}`;
}

/** The earliest hour shown: 06:00, or 00:00 with '24:00'. */
export function dayStart(fullDay: boolean): Date {
  return new Date(1970, 0, 1, fullDay ? 0 : DAY_START_HOUR, 0, 0);
}

/** The resource columns of day view, according to the filters: 'Mont' for fitting, 'Rep' for repair. */
export function resourcesFor(filters: readonly TCalendarFilter[]): Array<{ id: TCalendarResource; title: string }> {
  const columns: Array<{ id: TCalendarResource; title: string }> = [];
  if (filters.some((f) => f === 'WINDSCREEN' || f === 'SALE' || f === 'COMPLAINT' || f === 'TIMESLOT'))
    columns.push({ id: 'MONT', title: 'Mont' });
  if (filters.some((f) => f === 'STONECHIP' || f === 'COMPLAINT' || f === 'TIMESLOT')) columns.push({ id: 'REP', title: 'Rep' });
  return columns;
}

/** The filters as the API's comma list, in a fixed order (one query key per choice). */
export function filtersParam(filters: readonly TCalendarFilter[]): string {
  const order = [...FILTER_LABELS.map((f) => f.key), 'CANCELED'];
  return [...filters].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join(',');
}

/** 'På lager' or 'Ikke på lager' for a windscreen booking; nothing for anything else. */
export function stockLabel(event: Pick<TCalendarEvent, 'inStock' | 'type'>): string | null {
  if (event.type !== 'BOOKING' || event.inStock === null) return null;
  return event.inStock ? 'På lager' : 'Ikke på lager';
}

/** The kind of an event for its colour: the filter a booking belongs to, an appointment or a slot. */
export type TEventKind = 'WINDSCREEN' | 'STONECHIP' | 'SALE' | 'COMPLAINT' | 'APPOINTMENT' | 'TIMESLOT';

export function eventKind(event: Pick<TCalendarEvent, 'type' | 'orderType' | 'resource'>): TEventKind {
  if (event.type === 'APPOINTMENT') return 'APPOINTMENT';
  if (event.type === 'TIMESLOT') return 'TIMESLOT';
  if (event.orderType === 'SALE') return 'SALE';
  if (event.orderType === 'COMPLAINT' || event.orderType === 'INTERNAL_COMPLAINT') return 'COMPLAINT';
  return event.resource === 'REP' ? 'STONECHIP' : 'WINDSCREEN';
}

export const KIND_LABELS: Record<TEventKind, string> = {
  WINDSCREEN: 'Rudeskift',
  STONECHIP: 'Sten slag',
  SALE: 'Mersalg',
  COMPLAINT: 'Reklamation',
  APPOINTMENT: 'Aftale',
  TIMESLOT: 'Tidslot',
};

/** Bookings still on the plan and appointments can be dragged; slots, finished and cancelled bookings cannot. */
export function isDraggable(event: Pick<TCalendarEvent, 'type' | 'orderStatus'>): boolean {
  if (event.type === 'APPOINTMENT') return true;
  return event.type === 'BOOKING' && !isLocked(event.orderStatus ?? '');
}

/**
 * The day's all-day row after `fromId` was dropped on `toId`: the dragged booking takes the place of the one it
 * was dropped on, the others keep their order. Null when the drop changes nothing.
 */
export function reorderRow(row: readonly string[], fromId: string, toId: string): string[] | null {
  const from = row.indexOf(fromId);
  const to = row.indexOf(toId);
  if (from < 0 || to < 0 || from === to) return null;
  const next = row.filter((id) => id !== fromId);
  next.splice(to, 0, fromId);
  return next;
}

/** The parent departments a calendar can show (vans are shown with their workshop), sorted by name. */
export function calendarDepartments(departments: readonly TDepartmentSummary[]): TDepartmentSummary[] {
  return departments
    .filter((d) => !d.inActive && !d.mobileService && !isSetGuid(d.parentDepartmentId))
    .sort((a, b) => a.name.localeCompare(b.name, 'da'));
}

/** The department a user's calendar opens with: their calendar department or their own; a van's workshop for a van. */
export function ownCalendarDepartment(
  user: { calendarDepartmentGuid: string; departmentGuid: string } | null,
  departments: readonly TDepartmentSummary[],
): string | null {
  if (!user) return null;
  const id = [user.calendarDepartmentGuid, user.departmentGuid].find((g) => isSetGuid(g));
  const own = id ? departments.find((d) => d.id === id) : undefined;
  if (!own) return null;
  const parent = isSetGuid(own.parentDepartmentId) ? departments.find((d) => d.id === own.parentDepartmentId) : own;
  return parent && calendarDepartments([parent]).length === 1 ? parent.id : null;
}

/** The departments whose changes concern a calendar: the workshop and its mobile-service vans. */
export function departmentFamily(departmentId: string, departments: readonly TDepartmentSummary[]): Set<string> {
  return new Set([departmentId, ...departments.filter((d) => d.parentDepartmentId === departmentId).map((d) => d.id)]);
}

/** A live change ({departmentId, date}; an empty list means anything) that concerns this calendar's days. */
export function concernsCalendar(changes: readonly LiveChange[], family: ReadonlySet<string>, days: { from: string; to: string }): boolean {
  if (changes.length === 0) return true;
  return changes.some((c) => family.has(c.departmentId) && changeConcernsDays(c, days.from, days.to));
}

/** The first Danish message of a refused call: a field's message for a validation error, else the answer's own. */
export function refusalMessage(error: unknown): string {
  const e = error as { errors?: Record<string, string[]> | null; message?: string } | null;
  const first = e?.errors ? Object.values(e.errors).flat()[0] : undefined;
  return first ?? e?.message ?? 'Der opstod en uventet fejl';
}

/**
 * The SMS a moved booking's customer is offered first: the arrival window that holds its new start (8–12 before 10,
 * 10–14 before 12, else 12–16); none for the waiting list's midnight (the dialog then starts on the first it allows).
 */
export function arrivalSmsFor(start: Date): TSmsKind | undefined {
  const hour = start.getHours() + start.getMinutes() / 60;
  if (hour === 0) return undefined;
  if (hour < 10) return 'ARRIVE_BETWEEN_8_12';
  if (hour < 12) return 'ARRIVE_BETWEEN_10_14';
  return 'ARRIVE_BETWEEN_12_16';
}
