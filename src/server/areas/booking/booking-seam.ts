import { BOOKING_RULE_MESSAGES, bookingKind, decideBooking, holdsSlotPlace, type TBookingAsk, type TBookingChecks } from '@/domain/booking';
import { servedWeekdays } from '@/domain/departments';
import { publicHolidaySet } from '@/domain/booking';
import { isSetGuid } from '@/domain/lib/guid';
import type { TOrderStatus } from '@/domain/orders';
import type { TOrder } from '@/domain/orders';
import { carAcceptance, type TCarAcceptanceInput } from '@/domain/rule-sets';
import type { Tx } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { openingHoursOf } from '../departments';
import { lockSlotFacts, type BookingFacts, type FactsSlot, type SlotQuery } from './booking-seam.repo';

/**
 * The booking seam: the one booking decision (the domain's decideBooking on the facts read for it) and the one place
 * rule (holds_place, counted under the slot's lock) that every booking, move, copy and status change goes through.
 * The orders area reads the facts in its own statement (booking-seam.repo's pieces) and stores the order.
 */

/** Whether an order in a status holds a place in its slot (the domain's one rule). */
export function orderHoldsPlace(order: Pick<TOrder, 'timeAndPlace'>, status: TOrderStatus): boolean {
  const t = order.timeAndPlace;
  return holdsSlotPlace({ status, timeSlotId: t.timeSlotId, waitingList: t.waitingList });
}

/** The time an order asks for, as the booking rules take it; null without a department or a day (validation says so). */
function bookingAsk(order: TOrder): TBookingAsk | null {
  const t = order.timeAndPlace;
  if (!isSetGuid(t.department.id) || !t.date) return null;
  return {
    kind: bookingKind(order.additionalData.orderType, order.complaint?.complaintType),
    date: t.date.slice(0, 10),
    slotId: isSetGuid(t.timeSlotId) ? t.timeSlotId.toLowerCase() : null,
    from: t.from,
    to: t.to,
    waitingList: t.waitingList,
    zipCode: t.zipCode.trim(),
  };
}

/**
 * The slot an order's facts read asks for: with `lock` the slot is locked until the transaction ends and, when
 * `checks.place`, the places held by other orders are counted after the lock, so concurrent bookings of a slot queue
 * up there. Null when the order asks for no slot.
 */
export function slotQueryOf(order: TOrder, checks: TBookingChecks, existingId: string | null, lock: boolean): SlotQuery | null {
  const ask = bookingAsk(order);
  return ask?.slotId ? { id: ask.slotId, date: ask.date, lock: lock ? { count: checks.place, excludeOrderId: existingId } : null } : null;
}

/** The job an order's car is worked on for: a complaint's is the job complained about. */
function carJob(order: TOrder): TCarAcceptanceInput {
  const type = order.complaint?.referenceJobType || order.additionalData.orderType;
  return { carMake: order.car.make, carModel: order.car.model, orderType: type };
}

/**
 * The booking decision of an order on the facts read for it (the department's rule sets included): throws 400 on
 * a broken rule, 409 when the slot is full or the department does not take the car.
 */
function decide(ask: TBookingAsk, facts: BookingFacts, checks: TBookingChecks, now: Date, car?: TCarAcceptanceInput) {
  const department = facts.department!;
  const slot = facts.slot;
  const decision = decideBooking(
    ask,
    {
      department: { ...department.row, ...openingHoursOf(department.hours) },
      slot: slot && { ...slot, type: slot.type as 'WINDOW_REPLACE' | 'STONE_CHIP', date: slot.date ? `${slot.date}T00:00:00` : null },
      booked: slot?.booked ?? null,
      holidays: publicHolidaySet(Number(ask.date.slice(0, 4))),
      // A van is booked for a zip code only on the weekdays it serves it (Postnummer styring).
      ...(department.row.mobileService && ask.zipCode ? { vanWeekdays: facts.zipRow ? servedWeekdays(facts.zipRow) : null } : {}),
      ...(car ? { car: carAcceptance(car, facts.ruleSets) } : {}),
    },
    checks,
    now,
  );
  if (decision.ok) return decision;
  if (decision.status === 409) throw AppError.conflict(Object.values(decision.errors)[0]?.[0] ?? BOOKING_RULE_MESSAGES.fullyBooked);
  throw AppError.validation(decision.errors, Object.values(decision.errors)[0]?.[0]);
}

/**
 * The booking decision of an order's time on the facts read for it: the slot's own times (or the order's own, outside
 * the slot plan), whether the slot gives a free loan car, and the slot it books (for the one-statement insert).
 * Null when the department does not exist or the order asks for no time (validation says so). Throws on a broken rule.
 */
export function decideOrderTime(
  order: TOrder,
  facts: BookingFacts,
  checks: TBookingChecks,
  now: Date,
): { from: string; to: string; hasFreeCar: boolean; booked: { slot: FactsSlot; date: string } | null } | null {
  const ask = bookingAsk(order);
  if (!facts.department || !ask) return null;
  const decision = decide(ask, facts, checks, now, carJob(order));
  return {
    from: decision.from,
    to: decision.to,
    hasFreeCar: decision.hasFreeCar,
    booked: ask.slotId && facts.slot ? { slot: facts.slot, date: ask.date } : null,
  };
}

/**
 * Whether an order may start to hold a place in its slot without anything else changing (the manual status
 * change): the same decision, with the slot locked and its places counted. Throws 409 when it is full.
 */
export async function assertPlaceFor(tx: Tx, order: TOrder, now: Date): Promise<void> {
  const ask = bookingAsk(order);
  if (!ask?.slotId) return;
  const facts = await lockSlotFacts(tx, order.timeAndPlace.department.id, { id: ask.slotId, date: ask.date }, order.additionalData.orderId);
  if (facts.department) decide(ask, facts, { time: false, place: true }, now);
}
