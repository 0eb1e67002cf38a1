import { z } from 'zod';
import { ZERO_GUID } from '../lib/guid';
import { ORDER_STATUSES, ORDER_TYPES, ZOrder, zWireDateTime } from '../orders';

/** 25 orders a page (document 2, order lists). */
export const ORDER_LIST_PAGE_SIZE = 25;
export const ORDER_SORT_TYPES = ['DATE', 'DATE_DESC'] as const;

const emptyToAll = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === ZERO_GUID || v === null ? undefined : v), schema.optional());

/**
 * The list filter of POST /api/order/orders. An empty value or the all-zero GUID means 'all';
 * a phoneOrMail search ignores the status and date filters.
 */
export const ZOrderListRequest = z.object({
  page: z.number().int().min(0).default(0),
  orderSortType: z.enum(ORDER_SORT_TYPES).default('DATE'),
  fromDate: emptyToAll(zWireDateTime),
  toDate: emptyToAll(zWireDateTime),
  department: emptyToAll(z.uuid()),
  type: emptyToAll(z.enum(ORDER_TYPES)),
  status: emptyToAll(z.enum(ORDER_STATUSES)),
  /** Order number, registration number, e-mail or debitor number. */
  freeText: z.string().trim().max(100).default(''),
  phoneOrMail: z.string().trim().max(254).default(''),
});
export type TOrderListRequest = z.infer<typeof ZOrderListRequest>;
export type TOrderListRequestInput = z.input<typeof ZOrderListRequest>;

/** `more`: a free-text search counted its matches only up to FREE_TEXT_PAGES_AHEAD pages past the page asked for, and there are more. */
export const ZOrderList = z.object({ orders: z.array(ZOrder), pageCount: z.number().int(), more: z.boolean().optional() });
export type TOrderList = z.infer<typeof ZOrderList>;

/**
 * The Gennemsyn list (POST /api/revieworder/orders): the order-list filter plus the insurer (its name, as
 * GET /api/insurers/Review gives it) and the reviewer (a ReviewManager's user id); empty or all-zero = all.
 */
export const ZReviewOrderListRequest = ZOrderListRequest.extend({
  insurer: z.string().trim().max(100).default(''),
  reviewer: emptyToAll(z.uuid()),
});
export type TReviewOrderListRequest = z.infer<typeof ZReviewOrderListRequest>;
export type TReviewOrderListRequestInput = z.input<typeof ZReviewOrderListRequest>;

/** Plate, e-mail and phone are searched for a part of them from this many characters (trigram indexes). */
export const FREE_TEXT_PARTIAL_MIN = 3;
/**
 * A free-text search counts its matches this many pages past the page shown; with more it says so (`more`) and
 * the list shows its page count with a '+'.
 */
export const FREE_TEXT_PAGES_AHEAD = 10;
