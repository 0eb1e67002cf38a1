/** The booking area's public face: the calendar shows the month's slots with their free places. */
export { getMonthAvailability } from './booking.service';
