/**
 * The booking area's public face: the calendar shows the month's slots with their free places; Ledige slots and
 * Leveringstid count the same places held per slot and day.
 */
export { findCity, findNearest, getMonthAvailability } from './booking.service';
export { bookedCounts } from './booking.repo';
