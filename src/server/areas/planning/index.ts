/**
 * The planning area's public face: Kapacitetsoptimering reads the same delivery times as Leveringstid and the same
 * days (the booking's own availability).
 */
export { getDeliveryTimes, plannedDays } from './planning.service';
