import { sql } from 'drizzle-orm';
import { orders } from './schema';

/**
 * The places held among the orders a select reads: orders.holds_place (generated from the domain's CAPACITY_STATUSES,
 * the SQL of holdsSlotPlace) counted. The one count of held places in the server's statements (the month's free
 * places, the slot editor's checks); lock_slot_for_booking (migration 0023) counts the same column for a booking.
 * Here, not in the booking area, because the departments area (which booking reads) counts them too.
 */
export const placesHeld = sql<number>`(count(*) filter (where ${orders.holdsPlace}))::int`;
