import type { Column } from 'drizzle-orm';
import type { TDepartmentRuleSet } from '@/domain/rule-sets';
import type { DbOrTx } from '@/server/db/client';
import { queryText } from '@/server/db/prepared';
import { carRuleToApi } from '@/server/db/rule-rows';
import { columnNames, decodeColumns, decodeRow } from '@/server/db/rows';
import { carRules, departmentOpeningHours, departments, timeSlots } from '@/server/db/schema';

/**
 * The booking seam's SQL: what a booking decision reads of a department and a slot, the slot's lock
 * (lock_slot_for_booking, migrations 0008/0014/0023: the slot row locked FOR SHARE and, when asked, the places held
 * on the date counted after the lock from orders.holds_place) and the check that a place is left. Every booking,
 * move, copy and status change that takes a place reads and locks through here: the orders area's facts statement and
 * its one-statement insert are built with these pieces.
 */

type HoursRow = typeof departmentOpeningHours.$inferSelect;
export type SlotRow = typeof timeSlots.$inferSelect;

/** The department columns the booking rules read (its notice per kind, the waiting list, whether it is a van). */
export const BOOKING_DEPARTMENT_COLUMNS = {
  id: departments.id,
  mobileService: departments.mobileService,
  windowChangeTimeOffset: departments.windowChangeTimeOffset,
  stoneChipTimeOffset: departments.stoneChipTimeOffset,
  hasWaitingList: departments.hasWaitingList,
};
export type BookingDepartmentRow = Pick<typeof departments.$inferSelect, keyof typeof BOOKING_DEPARTMENT_COLUMNS>;

/** The weekday flags of a van at a zip code (Postnummer styring). */
export type ZipRow = Record<'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday', boolean>;

/** The slot of an order as its checks read it. */
export interface FactsSlot extends SlotRow {
  /** The department has date-specific slots of the slot's kind on the date: they replace the standard plan. */
  specificPlanOnDate: boolean;
  /** Places taken on the date, when they were counted under the lock; otherwise null. */
  booked: number | null;
  /** The row as read, so the booking statement can tell whether it changed in between. */
  asRead: unknown;
}

/** The slot a booking asks for, and whether (and how) to lock it. */
export interface SlotQuery {
  id: string;
  date: string;
  /** Lock the slot row until the transaction ends; with `count` the places held by other orders are counted after the lock. */
  lock: { count: boolean; excludeOrderId: string | null } | null;
}

/** What the booking decision reads; `D` is the department row with the caller's further columns. */
export interface BookingFacts<D extends BookingDepartmentRow = BookingDepartmentRow> {
  /** Null when the department does not exist. */
  department: { row: D; hours: HoursRow[] } | null;
  /** Null when no slot was asked for or it does not exist. */
  slot: FactsSlot | null;
  /** The department's active zip-code row for the asked zip code (a van's weekdays there); null when none or not asked. */
  zipRow: ZipRow | null;
  /** The rule sets the department belongs to, with their rules (Afdeling reglersæt). */
  ruleSets: TDepartmentRuleSet[];
}

/** The statement's placeholders ('$n') of the booking facts' values; `lock` only for a locked read. */
export interface BookingFactsParams {
  department: string;
  slot: string;
  date: string;
  zipCode: string;
  lock?: { count: string; exclude: string };
}

/** The booking facts' columns as the statement answers them. */
export interface BookingFactsRaw {
  department: Record<string, unknown> | null;
  hours: Array<Record<string, unknown>>;
  slot: { slot: Record<string, unknown>; booked: number | null } | null;
  specific_plan: boolean;
  zip_row: ZipRow | null;
  rule_sets: Array<{ alertMessage: string; rules: Array<Record<string, unknown>> }>;
  revision_read?: number | null;
}

/** The slot lock (lock_slot_for_booking): the slot as json {slot, booked}, its places counted when `count` is true. */
const slotLock = (slot: string, date: string, count: string, exclude: string) =>
  `case when ${slot}::uuid is not null then lock_slot_for_booking(${slot}::uuid, ${date}::date, ${count}::boolean, ${exclude}) end`;

/**
 * The booking facts as columns of a select, for the department with `columns` (BOOKING_DEPARTMENT_COLUMNS and any the
 * caller reads besides): the department, its opening hours, the slot (locked with `p.lock`), whether a date plan
 * replaces the slot's kind that day, the van's zip-code row and the department's rule sets.
 */
export function bookingFactsSelect(columns: Record<string, Column>, p: BookingFactsParams): string {
  const slot = p.lock
    ? slotLock(p.slot, p.date, p.lock.count, p.lock.exclude)
    : `(select json_build_object('slot', row_to_json(s), 'booked', null) from time_slots as s where s.id = ${p.slot}::uuid)`;
  const list = `(select row_to_json(d) from (select ${columnNames(columns)} from departments where id = ${p.department}::uuid) as d) as department,
      (select coalesce(json_agg(h), '[]'::json) from department_opening_hours as h where h.department_id = ${p.department}::uuid) as hours,
      ${slot} as slot,
      exists (select 1 from time_slots as own join time_slots as other on other.department_id = own.department_id and other.type = own.type
        where own.id = ${p.slot}::uuid and other.date = ${p.date}::date) as specific_plan,
      (select row_to_json(z) from (select monday, tuesday, wednesday, thursday, friday, saturday, sunday from zip_code_availability
        where department_id = ${p.department}::uuid and zip_code = ${p.zipCode}::text and is_active) as z) as zip_row,
      (select coalesce(json_agg(json_build_object('alertMessage', rs.alert_message, 'rules',
          (select coalesce(json_agg(r), '[]'::json) from rule_set_rules as rsr join car_rules as r on r.id = rsr.rule_id where rsr.rule_set_id = rs.id))), '[]'::json)
        from rule_set_departments as rsd join rule_sets as rs on rs.id = rsd.rule_set_id where rsd.department_id = ${p.department}::uuid) as rule_sets`;
  // The slot's revision as this statement's snapshot saw it, beside the slot the lock returns (read after any wait).
  return p.lock ? `${list},\n      (select revision from time_slots where id = ${p.slot}::uuid) as revision_read` : list;
}

/**
 * Whether a locked read must be made again: the statement's snapshot was taken before the lock's wait, and had the
 * slot's day changed meanwhile (a copy to the date, a closing; they raise its revision), the hours and the date's
 * plan read with it are old. Read again under the lock now held, nothing is booked on a plan that no longer applies.
 */
export function slotChangedWhileLocking(raw: BookingFactsRaw): boolean {
  return raw.slot !== null && raw.revision_read !== undefined && raw.slot.slot.revision !== raw.revision_read;
}

/** The booking facts of a statement's answer, the department decoded with the `columns` it was read with. */
export function decodeBookingFacts<D extends BookingDepartmentRow>(columns: Record<string, Column>, raw: BookingFactsRaw): BookingFacts<D> {
  const department = raw.department ? (decodeColumns(columns, raw.department) as D) : null;
  return {
    department: department ? { row: department, hours: raw.hours.map((h) => decodeRow(departmentOpeningHours, h)) } : null,
    slot: raw.slot
      ? { ...decodeRow(timeSlots, raw.slot.slot), specificPlanOnDate: raw.specific_plan, booked: raw.slot.booked, asRead: raw.slot.slot }
      : null,
    zipRow: raw.zip_row,
    ruleSets: raw.rule_sets.map((set) => ({
      alertMessage: set.alertMessage,
      rules: set.rules.map((r) => carRuleToApi(decodeRow(carRules, r))),
    })),
  };
}

/** The booking facts alone, with the slot locked and its places counted: $1 department, $2 slot, $3 date, $4 the order left out. */
const LOCKED_FACTS = `select ${bookingFactsSelect(BOOKING_DEPARTMENT_COLUMNS, { department: '$1', slot: '$2', date: '$3', zipCode: 'null', lock: { count: 'true', exclude: '$4::uuid' } })}`;

/** The booking facts of a slot on a date, locked with its places held by orders other than `excludeOrderId` counted. */
export async function lockSlotFacts(
  tx: DbOrTx,
  departmentId: string,
  slot: { id: string; date: string },
  excludeOrderId: string,
): Promise<BookingFacts> {
  const [raw] = await queryText<BookingFactsRaw>(tx, LOCKED_FACTS, [departmentId, slot.id, slot.date, excludeOrderId]);
  if (slotChangedWhileLocking(raw!)) return lockSlotFacts(tx, departmentId, slot, excludeOrderId);
  return decodeBookingFacts(BOOKING_DEPARTMENT_COLUMNS, raw!);
}

/**
 * The slot lock of a one-statement booking, as two CTEs: `locked` (the slot locked and, with `count`, its places
 * counted) and `checked` (`unchanged`: no slot, or the slot still as the checks read it; `place_left`: fewer places held
 * than the slot's max_bookings, or not counted). The statement inserts only when both hold.
 */
export function slotLockCtes(p: { slot: string; date: string; count: string; asRead: string }): string {
  return `locked as (select ${slotLock(p.slot, p.date, p.count, 'null')} as v),
      checked as (select ${p.slot}::uuid is null or coalesce((v -> 'slot')::jsonb = ${p.asRead}::jsonb, false) as unchanged,
        coalesce((v ->> 'booked')::int < (v -> 'slot' ->> 'max_bookings')::int, true) as place_left from locked)`;
}
