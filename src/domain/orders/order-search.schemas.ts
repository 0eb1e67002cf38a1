import { z } from 'zod';
import { MESSAGES } from '../lib/validation';
import { ORDER_STATUSES, ORDER_TYPES } from './order-enums';

/** The dropdown shows this many hits. */
export const ORDER_SEARCH_HITS = 8;
export const ORDER_SEARCH_MAX_LENGTH = 100;

/** GET /api/order/search?q=: the text as typed, trimmed. */
export const ZOrderSearchQuery = z.object({
  q: z.string().trim().min(1, MESSAGES.required).max(ORDER_SEARCH_MAX_LENGTH, MESSAGES.maxLength(ORDER_SEARCH_MAX_LENGTH)),
});
export type TOrderSearchQuery = z.infer<typeof ZOrderSearchQuery>;

/** One hit: only what the dropdown shows, and what opening it needs. */
export const ZOrderSearchHit = z.object({
  orderId: z.uuid(),
  orderNr: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  orderType: z.enum(ORDER_TYPES),
  plate: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  /** The booking's start (wire date-time), else its day; null when not booked. */
  bookedAt: z.string().nullable(),
  departmentName: z.string(),
});
export type TOrderSearchHit = z.infer<typeof ZOrderSearchHit>;

/**
 * `more`: there are more hits than shown. `listed`: the order list's free text (Opgaver) finds the hits, so the
 * list can show them all; a name's hits it does not find (the list has no name search).
 */
export const ZOrderSearchResult = z.object({ hits: z.array(ZOrderSearchHit), more: z.boolean(), listed: z.boolean() });
export type TOrderSearchResult = z.infer<typeof ZOrderSearchResult>;
