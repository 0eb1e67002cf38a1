import type { TDepartment, TOpeningHours, TTimeSlot, TTimeSlotType } from '../departments';
import { fromCopenhagen, hoursToTime, isWireDateTime, toWireDateTime, weekdayOf } from '../lib/dates';
import { isSetGuid } from '../lib/guid';
import { addFieldError, type FieldErrors } from '../lib/validation';
import { CAPACITY_STATUSES, type TOrderStatus, type TOrderType } from '../orders';
import { RULE_SET_MESSAGES, type TCarAcceptance } from '../rule-sets';
import { isPastDay, slotKindFor } from './availability';
import { isBookableStart, noticeHoursFor } from './free-places';
import { BOOKING_MESSAGES } from './booking.schemas';

/**
 * The booking seam: whether an order may have the time it asks for, and whether it holds a place in a slot.
 * Creating, saving (moving), copying, complaints, status changes and leaving the waiting list all decide
 * here; the database counts the places with the same rule (the generated column `orders.holds_place`).
 */

export const BOOKING_RULE_MESSAGES = {
  slotNotFound: 'Det valgte timeslot findes ikke i afdelingen',
  slotWrongDay: 'Det valgte timeslot gælder ikke den valgte dag',
  slotWrongKind: 'Det valgte timeslot passer ikke til ordretypen',
  dayPassed: 'Der kan ikke bookes på en dag, der er gået',
  holiday: 'Der kan ikke bookes på en helligdag',
  dayClosed: 'Afdelingen har lukket den valgte dag',
  timePassed: 'Tidspunktet er passeret',
  notice: (hours: number) => `Afdelingen skal have mindst ${hours} timers varsel`,
  fromRequired: 'Feltet er påkrævet',
  fromBeforeTo: 'Fra skal være før Til',
  notOnDate: 'Tiden skal ligge på den valgte dag',
  outsideOpeningHours: 'Tiden skal ligge inden for afdelingens åbningstid',
  noWaitingList: 'Afdelingen har ingen venteliste',
  vanNotInZip: 'Mobilservicen kører ikke i postnummeret på den valgte dag',
  waitingListNeedsSlot: 'Venteliste kræver et valgt timeslot',
  fullyBooked: BOOKING_MESSAGES.fullyBooked,
} as const;

/**
 * An order holds a place in its slot's capacity: a real slot, a status in which the job is (or was) on the
 * plan, and not on the waiting list. The database's `orders.holds_place` is the same rule.
 */
export function holdsSlotPlace(order: { status: TOrderStatus; timeSlotId: string | null; waitingList: boolean }): boolean {
  return CAPACITY_STATUSES.includes(order.status) && isSetGuid(order.timeSlotId) && !order.waitingList;
}

/**
 * The kind of slot an order books: a stone-chip repair, and a complaint booked on a stone-chip slot, book
 * stone-chip slots; everything else window-replacement slots.
 */
export function bookingKind(orderType: TOrderType, complaintType?: string | null): TTimeSlotType {
  if ((orderType === 'COMPLAINT' || orderType === 'INTERNAL_COMPLAINT') && complaintType === 'REPAIR_SLOT') return 'STONE_CHIP';
  return slotKindFor(orderType);
}

/** What an order asks for: a slot on a day, or its own times on a day outside the slot plan. */
export interface TBookingAsk {
  kind: TTimeSlotType;
  /** 'YYYY-MM-DD' */
  date: string;
  /** The slot; null books outside the slot plan, with `from` and `to`. */
  slotId: string | null;
  from: string | null;
  to: string | null;
  waitingList: boolean;
  /** The customer's zip code at a mobile-service department ('' when none): the van must serve it that weekday. */
  zipCode?: string;
}

export type TBookingDepartment = Pick<
  TDepartment,
  'openingHours' | 'specificOpeningHours' | 'windowChangeTimeOffset' | 'stoneChipTimeOffset' | 'hasWaitingList'
> & { id: string };

export type TBookingSlot = Pick<TTimeSlot, 'id' | 'day' | 'date' | 'from' | 'to' | 'maxBookings' | 'hasFreeCar'> & {
  departmentId: string;
  type: TTimeSlotType;
  /** The department has date-specific slots of this kind on the date: they replace the weekday's plan. */
  specificPlanOnDate: boolean;
};

export interface TBookingFacts {
  department: TBookingDepartment;
  /** The asked slot as stored; null when it does not exist (or none was asked for). */
  slot: TBookingSlot | null;
  /** Places the slot's other bookings hold on the date, counted under the slot's lock; null when not counted here. */
  booked: number | null;
  /** 'YYYY-MM-DD' public holidays of the year. */
  holidays: ReadonlySet<string>;
  /**
   * At a mobile-service department asked for a zip code: the weekdays (0 Sunday … 6) the van serves it, or null
   * when it does not serve it (or the row is inactive). Undefined at a workshop or without a zip code.
   */
  vanWeekdays?: readonly boolean[] | null;
  /** Whether the department takes the car for the job (its rule sets, carAcceptance); undefined: not asked. */
  car?: TCarAcceptance;
}

/**
 * Which rules apply: the time is new or moved (every time rule), the order will take a place (capacity), and the
 * car or the department is new or changed (the department's rule sets; with `time` when left out).
 */
export interface TBookingChecks {
  time: boolean;
  place: boolean;
  car?: boolean;
}

export type TBookingDecision =
  { ok: true; from: string; to: string; hasFreeCar: boolean } | { ok: false; status: 400 | 409; errors: FieldErrors };

/** Hours as Danish text: 1,5. */
const formatHours = (hours: number) => String(Math.round(hours * 100) / 100).replace('.', ',');

/** Decimal hours of a wire time ('…T07:30:00' → 7.5). */
function hoursOf(wire: string): number {
  return Number(wire.slice(11, 13)) + Number(wire.slice(14, 16)) / 60;
}

function instantOf(date: string, hours: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = hoursToTime(hours).split(':').map(Number) as [number, number];
  return fromCopenhagen(y, m, d, h, min);
}

function wireOf(date: string, hours: number): string {
  return toWireDateTime(instantOf(date, hours));
}

/** The open rows of a day: the date's own rows when it has any, else the weekday's. */
function openRows(department: TBookingDepartment, date: string, weekday: number): TOpeningHours[] {
  const specific = department.specificOpeningHours.filter((row) => row.date?.slice(0, 10) === date);
  const rows = specific.length ? specific : department.openingHours.filter((row) => row.date === null && row.day === weekday);
  return rows.filter((row) => !row.closed);
}

/**
 * Whether an order may have the time it asks for (documents 1–3, 'Tid og sted'). A slot must be the
 * department's, of the order's kind, and apply on the day (the date's own plan, else the weekday's); its
 * times are the booking's. Outside the slot plan, `from` must be before `to`, both on the date and within
 * one of the day's opening hours. With `checks.time` (a new or moved time) the day must not have passed,
 * not be a public holiday or closed, and the start must respect the department's notice (offset hours of
 * the kind); with `checks.place` a counted slot must have a place left (409). The waiting list exists only
 * where the department has one, and only for a slot.
 */
export function decideBooking(ask: TBookingAsk, facts: TBookingFacts, checks: TBookingChecks, now: Date): TBookingDecision {
  const errors: FieldErrors = {};
  const fail = (key: string, message: string): TBookingDecision => {
    addFieldError(errors, key, message);
    return { ok: false, status: 400, errors };
  };
  const { department, slot } = facts;
  const weekday = weekdayOf(ask.date);

  if (ask.waitingList && !department.hasWaitingList) return fail('timeAndPlace.waitingList', BOOKING_RULE_MESSAGES.noWaitingList);
  if (ask.waitingList && ask.slotId === null) return fail('timeAndPlace.waitingList', BOOKING_RULE_MESSAGES.waitingListNeedsSlot);

  let start: number;
  let end: number;
  if (ask.slotId !== null) {
    if (!slot || slot.id !== ask.slotId || slot.departmentId !== department.id)
      return fail('timeAndPlace.timeSlotId', BOOKING_RULE_MESSAGES.slotNotFound);
    if (checks.time) {
      if (slot.type !== ask.kind) return fail('timeAndPlace.timeSlotId', BOOKING_RULE_MESSAGES.slotWrongKind);
      const applies = slot.date ? slot.date.slice(0, 10) === ask.date : slot.day === weekday && !slot.specificPlanOnDate;
      if (!applies) return fail('timeAndPlace.timeSlotId', BOOKING_RULE_MESSAGES.slotWrongDay);
    }
    start = slot.from;
    end = slot.to;
  } else {
    if (!ask.from || !isWireDateTime(ask.from)) return fail('timeAndPlace.from', BOOKING_RULE_MESSAGES.fromRequired);
    if (!ask.to || !isWireDateTime(ask.to)) return fail('timeAndPlace.to', BOOKING_RULE_MESSAGES.fromRequired);
    if (ask.from.slice(0, 10) !== ask.date) return fail('timeAndPlace.from', BOOKING_RULE_MESSAGES.notOnDate);
    if (ask.to.slice(0, 10) !== ask.date) return fail('timeAndPlace.to', BOOKING_RULE_MESSAGES.notOnDate);
    start = hoursOf(ask.from);
    end = hoursOf(ask.to);
    if (!(start < end)) return fail('timeAndPlace.to', BOOKING_RULE_MESSAGES.fromBeforeTo);
  }

  if ((checks.car ?? checks.time) && facts.car) {
    if (!facts.car.accepted) {
      addFieldError(errors, 'timeAndPlace.department', facts.car.alertMessage);
      return { ok: false, status: 409, errors };
    }
    if (facts.car.minimumWorkLength > 0 && end - start < facts.car.minimumWorkLength - 1e-9) {
      return fail(
        ask.slotId === null ? 'timeAndPlace.to' : 'timeAndPlace.timeSlotId',
        RULE_SET_MESSAGES.tooShort(formatHours(facts.car.minimumWorkLength)),
      );
    }
  }

  if (checks.time) {
    const [y, m, d] = ask.date.split('-').map(Number) as [number, number, number];
    if (isPastDay(y, m, d, now)) return fail('timeAndPlace.date', BOOKING_RULE_MESSAGES.dayPassed);
    if (facts.holidays.has(ask.date)) return fail('timeAndPlace.date', BOOKING_RULE_MESSAGES.holiday);
    const open = openRows(department, ask.date, weekday);
    if (open.length === 0) return fail('timeAndPlace.date', BOOKING_RULE_MESSAGES.dayClosed);
    if (ask.slotId === null && !open.some((row) => row.from <= start && end <= row.to)) {
      return fail('timeAndPlace.from', BOOKING_RULE_MESSAGES.outsideOpeningHours);
    }
    if (facts.vanWeekdays !== undefined && !facts.vanWeekdays?.[weekday])
      return fail('timeAndPlace.zipCode', BOOKING_RULE_MESSAGES.vanNotInZip);
    const notice = noticeHoursFor(department, ask.kind);
    if (!isBookableStart(instantOf(ask.date, start).getTime(), now, notice)) {
      return fail(
        ask.slotId === null ? 'timeAndPlace.from' : 'timeAndPlace.timeSlotId',
        notice > 0 ? BOOKING_RULE_MESSAGES.notice(notice) : BOOKING_RULE_MESSAGES.timePassed,
      );
    }
  }

  if (checks.place && slot && ask.slotId !== null && facts.booked !== null && facts.booked >= slot.maxBookings) {
    addFieldError(errors, 'timeAndPlace.timeSlotId', BOOKING_RULE_MESSAGES.fullyBooked);
    return { ok: false, status: 409, errors };
  }
  return {
    ok: true,
    from: wireOf(ask.date, start),
    to: wireOf(ask.date, end),
    hasFreeCar: ask.slotId !== null && slot !== null && slot.hasFreeCar,
  };
}
