/**
 * The booking area's public face: the calendar shows the month's slots with their free places; Ledige slots and
 * Leveringstid count the same places held per slot and day. The booking seam (booking-seam.ts and its SQL) is the one
 * booking decision and slot lock every booking, move, copy and status change of an order goes through.
 */
export { findCity, findNearest, getMonthAvailability } from './booking.service';
export { bookedCounts } from './booking.repo';
export { assertPlaceFor, decideOrderTime, orderHoldsPlace, slotQueryOf } from './booking-seam';
export {
  BOOKING_DEPARTMENT_COLUMNS,
  bookingFactsSelect,
  decodeBookingFacts,
  slotChangedWhileLocking,
  slotLockCtes,
  type BookingFacts,
  type BookingFactsRaw,
  type FactsSlot,
  type SlotQuery,
  type ZipRow,
} from './booking-seam.repo';
