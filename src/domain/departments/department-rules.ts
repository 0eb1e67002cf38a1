import { canOpen, SCREENS, type TScreenName } from '../access';
import { formatDate, weekdayOf } from '../lib/dates';
import { isSetGuid } from '../lib/guid';
import { isOrdersLoanCar, LOAN_CAR_MESSAGES, type TDamageOrder } from '../loan-cars';
import { hasAnyRole } from '../users';
import { isClosedDay } from './opening-hours';
import {
  DEPARTMENT_MESSAGES,
  type TDepartment,
  type TDepartmentInput,
  type TOpeningHours,
  type TTimeSlot,
  type TTimeSlotInput,
} from './department.schemas';

/**
 * The Departments screen's rules (document 3): who may edit which department, what a save may change, and when
 * a time slot is locked by its bookings. Pure, so the screen shows exactly what the server allows.
 */

export interface TDepartmentEditor {
  roles: readonly string[];
  /** The user's own department id, null when none. */
  departmentId: string | null;
}

type TDepartmentKey = Pick<TDepartment, 'id' | 'navResponsibilityCenter'>;

export function isDepartmentAdmin(user: Pick<TDepartmentEditor, 'roles'>): boolean {
  return hasAnyRole(user.roles, ['Adminstrator']);
}

/**
 * The departments a user may open and edit on the Departments screen: every one for an administrator; for
 * TimeManagement the user's own department and those sharing its responsibility centre.
 */
export function editableDepartmentIds(user: TDepartmentEditor, departments: readonly TDepartmentKey[]): Set<string> {
  if (isDepartmentAdmin(user)) return new Set(departments.map((d) => d.id));
  if (!hasAnyRole(user.roles, ['TimeManagement']) || !isSetGuid(user.departmentId)) return new Set();
  const own = departments.find((d) => d.id.toLowerCase() === user.departmentId!.toLowerCase());
  if (!own) return new Set();
  return new Set(
    departments
      .filter((d) => d.id === own.id || (own.navResponsibilityCenter !== '' && d.navResponsibilityCenter === own.navResponsibilityCenter))
      .map((d) => d.id),
  );
}

/**
 * The screens that pick among every department: booking and worksheet (the order's department), calendar and map,
 * zip codes, users admin and rule sets. Their roles read the whole department lists.
 */
const EVERY_DEPARTMENT_SCREENS: readonly TScreenName[] = [
  'BOOKING',
  'WORKSHEET',
  'CALENDAR',
  'MOBILE_SERVICE_MAP',
  'ZIPCODE_AVALABILITY',
  'USERS',
  'DEPARTMENT_RULE_SET',
];

/**
 * Whether the user's reads of departments (the lists, a department's loan cars) answer every department. Not for
 * TimeManagement whose other roles open no screen that picks among them all (document 3: TimeManagement without
 * Adminstrator sees only its own department and those sharing its responsibility centre); everyone else reads all.
 */
export function readsEveryDepartment(user: Pick<TDepartmentEditor, 'roles'>): boolean {
  if (!hasAnyRole(user.roles, ['TimeManagement'])) return true;
  return EVERY_DEPARTMENT_SCREENS.some((screen) => canOpen(SCREENS[screen].access, user.roles));
}

/** The departments the user reads: every one, or for TimeManagement alone those it may edit (editableDepartmentIds). */
export function readableDepartmentIds(user: TDepartmentEditor, departments: readonly TDepartmentKey[]): Set<string> {
  return readsEveryDepartment(user) ? new Set(departments.map((d) => d.id)) : editableDepartmentIds(user, departments);
}

/** The master-data fields of a department: everything but its opening hours (and the lists with calls of their own). */
const MASTER_FIELDS = [
  'name',
  'address',
  'zipCode',
  'city',
  'obs',
  'phone',
  'departmentEmail',
  'mobileService',
  'lat',
  'lng',
  'navLocationCode',
  'navResponsibilityCenter',
  'navBirthLocationCode',
  'debitorId',
  'windowChangeTimeOffset',
  'stoneChipTimeOffset',
  'hasWaitingList',
  'warehouseEmailList',
  'region',
  'deliveringDays',
  'nextDayDeliveryTime',
  'dailyDeliveryTime',
  'coffee',
  'loanCar',
  'wifi',
  'inActive',
  'maxNumberOfWorkers',
  'parentDepartmentId',
  'calendarDepartmentId',
  'alertMessages',
] as const satisfies ReadonlyArray<keyof TDepartmentInput & keyof TDepartment>;

const sameId = (a: string, b: string) => (isSetGuid(a) ? a.toLowerCase() : '') === (isSetGuid(b) ? b.toLowerCase() : '');

/** The master-data fields a save changes (TimeManagement may change only opening hours and slots). */
export function changedMasterFields(stored: TDepartment, input: TDepartmentInput): string[] {
  return MASTER_FIELDS.filter((field) => {
    const before = stored[field];
    const after = input[field];
    if (field === 'parentDepartmentId' || field === 'calendarDepartmentId') return !sameId(String(before), String(after));
    return JSON.stringify(before) !== JSON.stringify(after);
  });
}

/**
 * A department as saved: unsetting mobile service clears the parent department, and a new department's location
 * code starts from its responsibility-centre code. Null for a field means it is not set.
 */
export function normalisedDepartment(input: TDepartmentInput): TDepartmentInput {
  return {
    ...input,
    navLocationCode: input.navLocationCode || input.navResponsibilityCenter,
    parentDepartmentId: input.mobileService ? input.parentDepartmentId : '',
    deliveringDays: input.deliveringDays.replace(/\s/g, ''),
  };
}

/** The department's own field errors a schema cannot see (its parent). */
export function departmentErrors(input: TDepartmentInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (isSetGuid(input.parentDepartmentId) && !input.mobileService) errors.parentDepartmentId = [DEPARTMENT_MESSAGES.parentNotMobile];
  if (isSetGuid(input.parentDepartmentId) && sameId(input.parentDepartmentId, input.id))
    errors.parentDepartmentId = [DEPARTMENT_MESSAGES.parentItself];
  return errors;
}

/** A slot as stored: a free loan car means one booking at a time. */
export function normalisedSlot(input: TTimeSlotInput): TTimeSlotInput {
  return input.hasFreeCar ? { ...input, maxBookings: Math.min(input.maxBookings, 1) } : input;
}

/** Whether a slot change moves it (another weekday, date or time span). */
function slotMoved(stored: Pick<TTimeSlot, 'day' | 'date' | 'from' | 'to'>, input: TTimeSlotInput): boolean {
  return (
    stored.day !== input.day ||
    (stored.date?.slice(0, 10) ?? null) !== (input.date?.slice(0, 10) ?? null) ||
    stored.from !== input.from ||
    stored.to !== input.to
  );
}

/**
 * Why a slot may not be saved as asked, or null. A slot with bookings linked to it (`linked`) keeps its day, date
 * and times (the bookings carry them); its places never go below the most it holds on any day from today on
 * (`heldMostOnADay`), so no booking is ever stranded by a smaller slot.
 */
export function slotChangeRefusal(
  stored: Pick<TTimeSlot, 'day' | 'date' | 'from' | 'to'> | null,
  input: TTimeSlotInput,
  linked: number,
  heldMostOnADay: number,
): string | null {
  if (stored && linked > 0 && slotMoved(stored, input)) return DEPARTMENT_MESSAGES.slotLocked(linked);
  if (normalisedSlot(input).maxBookings < heldMostOnADay) return DEPARTMENT_MESSAGES.belowBookings(heldMostOnADay);
  return null;
}

/** A slot with bookings linked to it is locked: it cannot be deleted. */
export function slotDeleteRefusal(linked: number): string | null {
  return linked > 0 ? DEPARTMENT_MESSAGES.slotLocked(linked) : null;
}

/**
 * 'Kopier til dato': the weekday's standard slots of one kind as the date's own plan (date-specific slots
 * replace the weekday's plan on that date), each remembering the standard slot it came from.
 */
export function copiedSlots(
  standard: readonly TTimeSlot[],
  dayOfWeek: number,
  date: string,
): Array<TTimeSlotInput & { originalId: string }> {
  return standard
    .filter((slot) => slot.date === null && slot.day === dayOfWeek)
    .map((slot) => ({
      day: null,
      date: date.slice(0, 10),
      from: slot.from,
      to: slot.to,
      maxBookings: slot.maxBookings,
      reperationTime: slot.reperationTime,
      stoneChipAlternativeWinReplace: slot.stoneChipAlternativeWinReplace,
      hasFreeCar: slot.hasFreeCar,
      originalId: slot.id,
    }));
}

/** 'YYYY-MM-DD' (or a wire date-time) as the screens write a day: dd/MM-YYYY. */
const danishDay = (date: string) => formatDate(`${date.slice(0, 10)}T00:00:00`);

/** A standard slot a date's own plan replaces that day, with the bookings on it that day. */
export interface TDisplacedSlot {
  slot: Pick<TTimeSlot, 'id' | 'from' | 'to' | 'hasFreeCar'>;
  /** Orders not cancelled on the slot that day (they move with it or keep the date's plan from starting). */
  linked: number;
  /** Places those orders hold (the capacity they need in the slot they move to). */
  held: number;
}

/** A copied slot as copiedSlots makes it. */
type TCopy = Pick<TTimeSlotInput, 'from' | 'to' | 'maxBookings' | 'hasFreeCar'> & { originalId: string };

/**
 * 'Kopier til dato' on a date whose weekday slots already hold bookings: the date's own plan replaces them, so the
 * bookings of each move to a copied slot with the same times and free-car flag (the copy of that very slot first)
 * that has room for the places they hold, and nothing is stranded or overbooked. Answers which slot's bookings go
 * to which copy (its index), or the refusal naming the bookings that would have no such slot.
 */
export function carriedBookings(
  displaced: readonly TDisplacedSlot[],
  copies: readonly TCopy[],
  date: string,
): { ok: true; moves: Array<{ fromSlotId: string; toCopy: number }> } | { ok: false; refusal: string } {
  const room = copies.map((copy) => copy.maxBookings);
  const moves: Array<{ fromSlotId: string; toCopy: number }> = [];
  let stranded = 0;
  for (const { slot, linked, held } of displaced) {
    if (linked === 0) continue;
    const candidates = copies
      .map((copy, index) => ({ copy, index }))
      .filter(
        ({ copy, index }) => copy.from === slot.from && copy.to === slot.to && copy.hasFreeCar === slot.hasFreeCar && room[index]! >= held,
      )
      .sort((a, b) => Number(b.copy.originalId === slot.id) - Number(a.copy.originalId === slot.id));
    const target = candidates[0];
    if (!target) {
      stranded += linked;
      continue;
    }
    room[target.index]! -= held;
    moves.push({ fromSlotId: slot.id, toCopy: target.index });
  }
  return stranded > 0 ? { ok: false, refusal: DEPARTMENT_MESSAGES.copyStrands(stranded, danishDay(date)) } : { ok: true, moves };
}

/**
 * A date's first own slot of a kind (added, or moved there) makes the date's plan its own, so the weekday's slots
 * stop applying that day: refused while they hold bookings that day (`linked`), which 'Kopier til dato' carries over.
 */
export function datePlanRefusal(linked: number, date: string): string | null {
  return linked > 0 ? DEPARTMENT_MESSAGES.datePlanHasBookings(linked, danishDay(date)) : null;
}

type THoursRow = Pick<TOpeningHours, 'day' | 'date' | 'closed'>;
export interface THoursPlan {
  openingHours: readonly THoursRow[];
  specificOpeningHours: readonly THoursRow[];
}

const NO_HOLIDAYS: ReadonlySet<string> = new Set();

function closedOn(plan: THoursPlan, date: string): boolean {
  const rows = (list: readonly THoursRow[]) => list.map((row) => ({ ...row, id: '', from: 0, to: 0 }));
  return isClosedDay(
    { openingHours: rows(plan.openingHours), specificOpeningHours: rows(plan.specificOpeningHours) },
    date,
    weekdayOf(date),
    NO_HOLIDAYS,
  );
}

/**
 * Whether saving opening hours closes a day the stored hours keep open: a weekday (its standard rows) or a date
 * (its own rows, or the weekday it falls back to). Only then can a booking be stranded by the save.
 */
export function hoursCloseADay(before: THoursPlan, after: THoursPlan): boolean {
  const weekdayClosed = (plan: THoursPlan, day: number) => {
    const rows = plan.openingHours.filter((row) => row.date === null && row.day === day);
    return rows.length === 0 || rows.every((row) => row.closed);
  };
  if ([0, 1, 2, 3, 4, 5, 6].some((day) => weekdayClosed(after, day) && !weekdayClosed(before, day))) return true;
  const dates = new Set([...before.specificOpeningHours, ...after.specificOpeningHours].map((row) => row.date!.slice(0, 10)));
  return [...dates].some((date) => closedOn(after, date) && !closedOn(before, date));
}

/**
 * Saving opening hours may not close a day that holds bookings (the days from today on with their orders that are
 * not cancelled): they would stay on a closed day. Answers the refusal naming the bookings and days, or null.
 */
export function closingRefusal(
  before: THoursPlan,
  after: THoursPlan,
  booked: ReadonlyArray<{ date: string; count: number }>,
): string | null {
  const closing = booked
    .filter(({ date, count }) => count > 0 && closedOn(after, date) && !closedOn(before, date))
    .sort((a, b) => a.date.localeCompare(b.date));
  if (closing.length === 0) return null;
  const held = closing.reduce((sum, day) => sum + day.count, 0);
  return DEPARTMENT_MESSAGES.closedWithBookings(
    held,
    closing.map((day) => danishDay(day.date)),
  );
}

/**
 * Who marks and removes a loan car's damages (document 2 'Loan car', document 3 'Departments screen'): an
 * administrator on any car; TimeManagement on its own centre's cars, on the Departments screen; the worksheet's
 * roles only on the loan car of the order they work on, at handover and return.
 */

/** Whether the user marks damages on the Departments screen (on the cars of the departments it may edit). */
export function marksDamagesOfDepartments(user: Pick<TDepartmentEditor, 'roles'>): boolean {
  return isDepartmentAdmin(user) || hasAnyRole(user.roles, ['TimeManagement']);
}

/**
 * Why the user may not mark or remove a damage on the car, or null when it may. `departments` are every
 * department's keys (for TimeManagement's centre); `order` is the order the worksheet sends, when it sends one.
 */
export function damageRefusal(
  user: TDepartmentEditor,
  car: { id: string; departmentId: string },
  departments: Parameters<typeof editableDepartmentIds>[1],
  order: TDamageOrder | null,
): string | null {
  if (isDepartmentAdmin(user)) return null;
  const timeManagement = hasAnyRole(user.roles, ['TimeManagement']);
  if (timeManagement && editableDepartmentIds(user, departments).has(car.departmentId.toLowerCase())) return null;
  const worksheet = canOpen(SCREENS.WORKSHEET.access, user.roles);
  if (worksheet && order && isOrdersLoanCar(order, car.id)) return null;
  return worksheet && (order || !timeManagement) ? LOAN_CAR_MESSAGES.notTheOrdersCar : LOAN_CAR_MESSAGES.notYourCentresCar;
}
