import { isSetGuid } from '../lib/guid';
import { hasAnyRole } from '../users/roles';
import { DEPARTMENT_MESSAGES, type TDepartment, type TDepartmentInput, type TTimeSlot, type TTimeSlotInput } from './department.schemas';

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
  return new Set(departments.filter((d) => d.id === own.id || (own.navResponsibilityCenter !== '' && d.navResponsibilityCenter === own.navResponsibilityCenter)).map((d) => d.id));
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
  if (isSetGuid(input.parentDepartmentId) && sameId(input.parentDepartmentId, input.id)) errors.parentDepartmentId = [DEPARTMENT_MESSAGES.parentItself];
  return errors;
}

/** A slot as stored: a free loan car means one booking at a time. */
export function normalisedSlot(input: TTimeSlotInput): TTimeSlotInput {
  return input.hasFreeCar ? { ...input, maxBookings: Math.min(input.maxBookings, 1) } : input;
}

/** Whether a slot change moves it (another weekday, date or time span). */
function slotMoved(stored: Pick<TTimeSlot, 'day' | 'date' | 'from' | 'to'>, input: TTimeSlotInput): boolean {
  return stored.day !== input.day || (stored.date?.slice(0, 10) ?? null) !== (input.date?.slice(0, 10) ?? null) || stored.from !== input.from || stored.to !== input.to;
}

/**
 * Why a slot may not be saved as asked, or null. A slot with bookings linked to it (`linked`) keeps its day, date
 * and times (the bookings carry them); its places never go below the most it holds on any day from today on
 * (`heldMostOnADay`), so no booking is ever stranded by a smaller slot.
 */
export function slotChangeRefusal(stored: Pick<TTimeSlot, 'day' | 'date' | 'from' | 'to'> | null, input: TTimeSlotInput, linked: number, heldMostOnADay: number): string | null {
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
export function copiedSlots(standard: readonly TTimeSlot[], dayOfWeek: number, date: string): Array<TTimeSlotInput & { originalId: string }> {
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
