import type {
  TDepartment,
  TDepartmentInput,
  TOpeningHours,
  TTimeSlot,
  TTimeSlotInput,
  TTimeSlotType,
} from '@/domain/departments/department.schemas';
import { hoursToTime, timeToHours } from '@/domain/lib/dates';
import { isSetGuid } from '@/domain/lib/guid';

/**
 * The Departments screen's form state (document 3, Departments screen): the department as the edit form holds it,
 * and the department as the cache holds it after a slot was saved, deleted or copied. Pure, so it is tested alone.
 */

/** The weekdays in Danish week order (Monday first); `day` is the data's 0 Sunday … 6 Saturday. */
export const WEEKDAYS = [
  { day: 1, label: 'Mandag', short: 'Man' },
  { day: 2, label: 'Tirsdag', short: 'Tir' },
  { day: 3, label: 'Onsdag', short: 'Ons' },
  { day: 4, label: 'Torsdag', short: 'Tor' },
  { day: 5, label: 'Fredag', short: 'Fre' },
  { day: 6, label: 'Lørdag', short: 'Lør' },
  { day: 0, label: 'Søndag', short: 'Søn' },
] as const;

export function weekdayLabel(day: number): string {
  return WEEKDAYS.find((w) => w.day === day)?.label ?? '';
}

/** The labels of the two slot kinds (the `{type}` of the slot calls). */
export const SLOT_TYPE_LABELS: Record<TTimeSlotType, string> = { WINDOW_REPLACE: 'Rudeskift', STONE_CHIP: 'Stenslag' };

/** The form's opening-hours row: the input's row with its id kept, so a save keeps the rows it did not change. */
export type TOpeningHoursRow = TDepartmentInput['openingHours'][number];

/** What the edit form holds: the PUT body (master data and opening hours). */
export type TDepartmentForm = TDepartmentInput;

const idOrEmpty = (id: string) => (isSetGuid(id) ? id.toLowerCase() : '');

function hoursRow(row: TOpeningHours): TOpeningHoursRow {
  return { id: row.id, day: row.day, date: row.date ? row.date.slice(0, 10) : null, from: row.from, to: row.to, closed: row.closed };
}

/** The form's values of a stored department: every master-data field and its opening hours as they are. */
export function departmentToForm(department: TDepartment): TDepartmentForm {
  return {
    id: department.id,
    name: department.name,
    address: department.address,
    zipCode: department.zipCode,
    city: department.city,
    obs: department.obs,
    phone: department.phone,
    departmentEmail: department.departmentEmail,
    mobileService: department.mobileService,
    lat: department.lat,
    lng: department.lng,
    navLocationCode: department.navLocationCode,
    navResponsibilityCenter: department.navResponsibilityCenter,
    navBirthLocationCode: department.navBirthLocationCode,
    debitorId: department.debitorId,
    windowChangeTimeOffset: department.windowChangeTimeOffset,
    stoneChipTimeOffset: department.stoneChipTimeOffset,
    openingHours: sortedHours(department.openingHours.map(hoursRow)),
    specificOpeningHours: sortedHours(department.specificOpeningHours.map(hoursRow)),
    hasWaitingList: department.hasWaitingList,
    warehouseEmailList: department.warehouseEmailList,
    region: department.region,
    deliveringDays: department.deliveringDays,
    nextDayDeliveryTime: department.nextDayDeliveryTime,
    dailyDeliveryTime: department.dailyDeliveryTime,
    coffee: department.coffee,
    loanCar: department.loanCar,
    wifi: department.wifi,
    inActive: department.inActive,
    webBooking: department.webBooking,
    webBookingDaysAhead: department.webBookingDaysAhead,
    webBookingNoticeHours: department.webBookingNoticeHours,
    maxNumberOfWorkers: department.maxNumberOfWorkers,
    parentDepartmentId: idOrEmpty(department.parentDepartmentId),
    calendarDepartmentId: idOrEmpty(department.calendarDepartmentId),
    alertMessages: department.alertMessages,
    // The version read: a save of it is refused once another has saved the department (lib/stale-copy.ts).
    updateId: department.updateId,
  };
}

/** Monday first, then by date, then by start time. */
const weekOrder = (day: number | null) => (day === null ? 7 : (day + 6) % 7);
export function sortedHours<T extends { day: number | null; date: string | null; from: number }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => weekOrder(a.day) - weekOrder(b.day) || (a.date ?? '').localeCompare(b.date ?? '') || a.from - b.from);
}

/** Mobile service on or off; off clears the parent department (document 3). */
export function withMobileService(form: TDepartmentForm, mobileService: boolean): TDepartmentForm {
  return { ...form, mobileService, parentDepartmentId: mobileService ? form.parentDepartmentId : '' };
}

// ---------------------------------------------------------------------------
// Delivering days: a comma list of weekday numbers.

export function parseDeliveringDays(text: string): number[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => /^[0-6]$/.test(part))
        .map(Number),
    ),
  ];
}

export function formatDeliveringDays(days: readonly number[]): string {
  return [...new Set(days)]
    .filter((d) => Number.isInteger(d) && d >= 0 && d <= 6)
    .sort((a, b) => weekOrder(a) - weekOrder(b))
    .join(',');
}

// ---------------------------------------------------------------------------
// Hours: HH:mm on screen, decimal hours in the data.

export const formatHours = (hours: number): string => (Number.isFinite(hours) ? hoursToTime(hours) : '');

/**
 * A typed time as decimal hours: '07:30', '7:30', '7.30', '0730', '730' and '7' are 7.5, 7.5, 7.5, 7.5, 7.5 and 7;
 * '24:00' is the end of the day. Null when it is no time of day.
 */
export function parseHoursText(text: string): number | null {
  const t = text.trim().replace('.', ':');
  if (/^\d{1,2}$/.test(t)) return timeToHours(`${t}:00`);
  if (/^\d{3,4}$/.test(t)) return timeToHours(`${t.slice(0, -2)}:${t.slice(-2)}`);
  if (/^\d{1,2}:\d{2}$/.test(t)) return timeToHours(t);
  return null;
}

// ---------------------------------------------------------------------------
// Time slots

type SlotLists = Pick<
  TDepartment,
  'windowReplaceTimeSlots' | 'specificWindowReplaceTimeSlots' | 'stoneChipTimeSlots' | 'specificStoneChipTimeSlots'
>;

function listKeys(type: TTimeSlotType): { standard: keyof SlotLists; specific: keyof SlotLists } {
  return type === 'STONE_CHIP'
    ? { standard: 'stoneChipTimeSlots', specific: 'specificStoneChipTimeSlots' }
    : { standard: 'windowReplaceTimeSlots', specific: 'specificWindowReplaceTimeSlots' };
}

export function standardSlots(department: SlotLists, type: TTimeSlotType): TTimeSlot[] {
  return department[listKeys(type).standard];
}

export function specificSlots(department: SlotLists, type: TTimeSlotType): TTimeSlot[] {
  return department[listKeys(type).specific];
}

const byTime = (a: TTimeSlot, b: TTimeSlot) => a.from - b.from || a.to - b.to;

/** A weekday's standard slots, by time. */
export function slotsOfWeekday(slots: readonly TTimeSlot[], day: number): TTimeSlot[] {
  return slots.filter((s) => s.date === null && s.day === day).sort(byTime);
}

/** A date's own slots ('YYYY-MM-DD'), by time. */
export function slotsOfDate(slots: readonly TTimeSlot[], date: string): TTimeSlot[] {
  return slots.filter((s) => s.date !== null && s.date.slice(0, 10) === date).sort(byTime);
}

/** The dates ('YYYY-MM-DD') that have slots of their own, from `from` on, in order. */
export function datesWithOwnSlots(slots: readonly TTimeSlot[], from: string): string[] {
  return [...new Set(slots.filter((s) => s.date !== null).map((s) => s.date!.slice(0, 10)))].filter((d) => d >= from).sort();
}

/** The department with a saved slot in its list (a standard slot or a date's own), replacing the one with its id. */
export function withSlot<T extends SlotLists>(department: T, type: TTimeSlotType, slot: TTimeSlot): T {
  const keys = listKeys(type);
  const key = slot.date === null ? keys.standard : keys.specific;
  const other = slot.date === null ? keys.specific : keys.standard;
  const list = department[key];
  const next = list.some((s) => s.id === slot.id) ? list.map((s) => (s.id === slot.id ? slot : s)) : [...list, slot];
  return { ...department, [key]: next, [other]: department[other].filter((s) => s.id !== slot.id) };
}

export function withoutSlot<T extends SlotLists>(department: T, type: TTimeSlotType, slotId: string): T {
  const keys = listKeys(type);
  return {
    ...department,
    [keys.standard]: department[keys.standard].filter((s) => s.id !== slotId),
    [keys.specific]: department[keys.specific].filter((s) => s.id !== slotId),
  };
}

/** After 'Kopier til dato': the copies are the date's whole plan of that kind. */
export function withDatePlan<T extends SlotLists>(department: T, type: TTimeSlotType, date: string, copies: readonly TTimeSlot[]): T {
  const key = listKeys(type).specific;
  return { ...department, [key]: [...department[key].filter((s) => s.date?.slice(0, 10) !== date), ...copies] };
}

/** A slot of the department by its id (a standard slot or a date's own), or null when it is gone. */
export function findSlot(department: SlotLists, type: TTimeSlotType, slotId: string): TTimeSlot | null {
  return [...standardSlots(department, type), ...specificSlots(department, type)].find((s) => s.id === slotId) ?? null;
}

/** A slot's fields as the slot editor labels them, for the stale-copy notice (what another changed). */
export const SLOT_FIELD_LABELS: Record<string, string> = {
  from: 'Fra',
  to: 'Til',
  maxBookings: 'Pladser',
  reperationTime: 'Reparationstid (timer)',
  stoneChipAlternativeWinReplace: 'Omregning',
  hasFreeCar: 'Gratis lånebil',
};

/** A slot's times as the editor writes them (HH:mm) in the stale-copy notice; the rest the plain way. */
export function formatSlotValue(field: string, value: unknown): string | undefined {
  return (field === 'from' || field === 'to') && typeof value === 'number' ? formatHours(value) : undefined;
}

/** The body of a slot's save (POST addOrUpdateTimeslot), with the version it was read with. */
export function slotToInput(slot: TTimeSlot): TTimeSlotInput {
  return {
    id: slot.id,
    updateId: slot.updateId,
    day: slot.date === null ? slot.day : null,
    date: slot.date ? slot.date.slice(0, 10) : null,
    from: slot.from,
    to: slot.to,
    maxBookings: slot.maxBookings,
    reperationTime: slot.reperationTime,
    stoneChipAlternativeWinReplace: slot.stoneChipAlternativeWinReplace,
    hasFreeCar: slot.hasFreeCar,
  };
}

/** A slot with a field changed; ticking 'Gratis lånebil' makes it one booking (document 3 section 4). */
export function changedSlot(
  slot: TTimeSlot,
  patch: Partial<Pick<TTimeSlot, 'from' | 'to' | 'maxBookings' | 'reperationTime' | 'stoneChipAlternativeWinReplace' | 'hasFreeCar'>>,
): TTimeSlot {
  const next = { ...slot, ...patch };
  return patch.hasFreeCar ? { ...next, maxBookings: 1 } : next;
}

/**
 * A new slot for a day: two hours after the day's last slot ends, else from the day's opening (08:00 without one),
 * kept within the day; one place.
 */
export function newSlotTimes(daySlots: readonly Pick<TTimeSlot, 'to'>[], opensAt: number | null): { from: number; to: number } {
  const lastEnd = daySlots.reduce<number | null>((end, s) => (end === null || s.to > end ? s.to : end), null);
  const from = Math.min(lastEnd ?? opensAt ?? 8, 22);
  return { from, to: Math.min(from + 2, 24) };
}

// ---------------------------------------------------------------------------
// Labels

/** The form's Danish labels, also used for the field paths of a VALIDATION_ERROR in the exception dialog. */
export const DEPARTMENT_FIELD_LABELS: Record<string, string> = {
  name: 'Navn',
  address: 'Adresse',
  zipCode: 'Postnummer',
  city: 'By',
  obs: 'OBS',
  phone: 'Telefon',
  departmentEmail: 'E-mail',
  mobileService: 'Mobilservice',
  lat: 'Breddegrad',
  lng: 'Længdegrad',
  navLocationCode: 'Lokationskode',
  navResponsibilityCenter: 'Ansvarscenter',
  navBirthLocationCode: 'Oprindelig lokationskode',
  debitorId: 'Debitornummer',
  windowChangeTimeOffset: 'Varsel for rudeskift (timer)',
  stoneChipTimeOffset: 'Varsel for stenslag (timer)',
  openingHours: 'Åbningstider',
  specificOpeningHours: 'Særlige åbningstider',
  hasWaitingList: 'Venteliste',
  warehouseEmailList: 'Lagerets e-mails',
  region: 'Region',
  deliveringDays: 'Leveringsdage',
  nextDayDeliveryTime: 'Leveringstid (næste dag)',
  dailyDeliveryTime: 'Daglig leveringstid',
  coffee: 'Kaffe',
  loanCar: 'Lånebil',
  wifi: 'Wifi',
  inActive: 'Inaktiv',
  maxNumberOfWorkers: 'Maks. antal montører',
  webBooking: 'Webbooking',
  webBookingDaysAhead: 'Dage frem',
  webBookingNoticeHours: 'Varsel (timer)',
  parentDepartmentId: 'Overordnet afdeling',
  calendarDepartmentId: 'Kalenderafdeling',
  alertMessages: 'Beskeder ved booking',
};

/** A field's value as the stale-copy diff shows it (lib/stale-copy.ts): opening hours as days and times. */
export function formatDepartmentValue(field: string, value: unknown): string | undefined {
  if (field !== 'openingHours' && field !== 'specificOpeningHours') return undefined;
  const rows = (value ?? []) as TOpeningHoursRow[];
  if (rows.length === 0) return '(ingen)';
  return sortedHours(rows)
    .map((row) => {
      const when = row.date ? row.date.slice(0, 10).split('-').reverse().join('/') : (WEEKDAYS.find((w) => w.day === row.day)?.short ?? '');
      return `${when} ${row.closed ? 'lukket' : `${formatHours(row.from)}–${formatHours(row.to)}`}`;
    })
    .join(', ');
}

/** The Danish label of a field path ('openingHours.2.to' → 'Åbningstider'). */
export function fieldLabel(path: string): string {
  return DEPARTMENT_FIELD_LABELS[path] ?? DEPARTMENT_FIELD_LABELS[path.split('.')[0]!] ?? path;
}
