import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  FREE_TEXT_PARTIAL_MIN,
  ORDER_LIST_PAGE_SIZE,
  type TOrderList,
  type TOrderListRequest,
  type TReviewOrderListRequest,
} from '@/domain/orders/order-list.schemas';
import type { DbOrTx } from '@/server/db/client';
import { departments, insurers, orderItems, orderJournal, orders } from '@/server/db/schema';
import { rowToOrder, type ItemRow, type OrderRow } from './orders.repo';

/** Up to this many matches a list page is found by sorting the matches (see listOrders). */
const SORT_MATCHES_UP_TO = 5_000;

/**
 * A free-text search counts this many matches at most (40 pages); with more the list says so (`more`). Counting
 * reads every match's table row, and a first name matches thousands of orders.
 */
export const FREE_TEXT_COUNT_UP_TO = 1_000;

const escapeLike = (text: string) => text.replace(/[%_\\]/g, (c) => `\\${c}`);

/** A Danish phone number as stored: digits only, without +45/0045. */
export function phoneDigits(text: string): string {
  return text.replace(/[\s-]/g, '').replace(/^(\+45|0045)(?=\d{8}$)/, '');
}

/** Terms longer than this are looked up through pieces of themselves (see containsText). */
const WHOLE_TERM_UP_TO = 8;

/**
 * Non-overlapping three-character pieces that together cover every word of a term (its last piece ends with the
 * word): 'susanne.larsen' gives sus, ann, nne, lar, sen.
 */
function coveringPieces(term: string): string[] {
  const pieces = new Set<string>();
  for (const word of term.split(/[^\p{L}\p{N}]+/u)) {
    if (word.length < 3) continue;
    for (let at = 0; at + 3 <= word.length; at += 3) pieces.add(word.slice(at, at + 3));
    pieces.add(word.slice(-3));
  }
  return [...pieces];
}

/**
 * The column contains the term (ignoring case unless `exact`), through the column's trigram index. pg_trgm looks
 * up every trigram of the term and a frequent one ('sen', 'ans') lists a third of the orders, so a whole e-mail
 * address read about 1,000 index pages (25 ms). A long term is looked up by its covering pieces instead (a text
 * that contains the term contains each piece), which finds the same few rows from a third of the trigrams; the
 * whole term is then checked on each row with strpos, which no index answers.
 */
function containsText(column: AnyPgColumn, term: string, exact: boolean): SQL {
  const op = exact ? sql`like` : sql`ilike`;
  const pieces = term.length > WHOLE_TERM_UP_TO ? coveringPieces(term) : [];
  if (pieces.length === 0) return sql`${column} ${op} ${`%${escapeLike(term)}%`}`;
  const found = exact ? sql`strpos(${column}, ${term}) > 0` : sql`strpos(lower(${column}), lower(${term})) > 0`;
  return sql`(${sql.join([...pieces.map((piece) => sql`${column} ${op} ${`%${escapeLike(piece)}%`}`), found], sql` and `)})`;
}

/**
 * Free text: an exact order number, a plate (part of it from three characters), an e-mail (part), a phone
 * number (part, digits) or an exact debitor number. Each part has its own index (order_nr unique, trigram
 * indexes on plate, e-mail and phone, btree on debitor_no), so the planner ORs bitmap scans.
 */
export function freeTextCondition(text: string): SQL {
  const parts: SQL[] = [];
  if (/^\d{1,9}$/.test(text)) parts.push(sql`${orders.orderNr} = ${Number(text)}`);
  const plate = text.replace(/[\s-]/g, '').toUpperCase();
  if (plate.length >= FREE_TEXT_PARTIAL_MIN) parts.push(containsText(orders.carRegistrationNumber, plate, false));
  else if (plate) parts.push(eq(orders.carRegistrationNumber, plate));
  if (text.length >= FREE_TEXT_PARTIAL_MIN && /[^\d\s+-]/.test(text)) parts.push(containsText(orders.customerEmail, text, false));
  const digits = phoneDigits(text);
  if (/^\d+$/.test(digits) && digits.length >= FREE_TEXT_PARTIAL_MIN) parts.push(containsText(orders.customerPhone, digits, true));
  parts.push(eq(orders.debitorNo, text));
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The conditions of the shared list filter. */
function listConditions(filter: TOrderListRequest): SQL[] {
  const where: SQL[] = [];
  if (filter.phoneOrMail !== '') {
    const value = filter.phoneOrMail.toLowerCase();
    // lower(e-mail) has its own index (orders_customer_email_lower); the phone's equality uses its trigram index.
    where.push(sql`(lower(${orders.customerEmail}) = ${value} or ${orders.customerPhone} = ${phoneDigits(value)})`);
  } else {
    if (filter.fromDate) where.push(sql`${orders.bookingDate} >= ${filter.fromDate.slice(0, 10)}`);
    if (filter.toDate) where.push(sql`${orders.bookingDate} <= ${filter.toDate.slice(0, 10)}`);
    if (filter.status) where.push(eq(orders.orderStatus, filter.status));
  }
  if (filter.department) where.push(eq(orders.departmentId, filter.department));
  if (filter.type) where.push(eq(orders.orderType, filter.type));
  if (filter.freeText) where.push(freeTextCondition(filter.freeText));
  return where;
}

/**
 * The Gennemsyn filter's extra conditions: the insurer by its name or Bilstatistik name (as the car look-up
 * writes it on the order) or its account as the order's debitor; the reviewer as a user who has changed the order
 * (an entry of theirs in the task journal).
 */
function reviewConditions(filter: TReviewOrderListRequest): SQL[] {
  const where: SQL[] = [];
  if (filter.insurer) where.push(insuredBy(filter.insurer));
  if (filter.reviewer) where.push(changedBy(filter.reviewer));
  return where;
}

/** Orders of an insurer (by its name): the car's insurer as the name or Bilstatistik name, or the insurer's account pays. */
export function insuredBy(insurerName: string): SQL {
  return sql`exists (select 1 from ${insurers} where lower(${insurers.name}) = lower(${insurerName})
    and (lower(${orders.carInsurance}) in (lower(${insurers.name}), lower(${insurers.bilStatistikName})) or ${orders.debitorNo} = ${insurers.debitorNo}))`;
}

/** Orders the user has worked on: a task-journal entry of theirs (its index on order_id answers per order). */
function changedBy(userId: string): SQL {
  return sql`exists (select 1 from ${orderJournal} where ${orderJournal.orderId} = ${orders.id} and ${orderJournal.userId} = ${userId})`;
}

type Dir = 'asc' | 'desc';

interface Matches {
  /** How many matches were read (at most the limit). */
  n: number;
  /** The page's ids, in list order. */
  ids: string[];
  /** The booking date (yyyy-mm-dd) of the page's last order, when the matches read reach it and it has one. */
  pageEnd: string | null;
  /** The last table block the matches were read from (they are read in the table's order). */
  lastBlock: number;
}

/**
 * One pass over the matches (their sort keys only, at most `limit`) gives both their number and the page's ids, so a
 * search reads its index once. Written as `(x is null), x` the order is `x nulls last`.
 */
async function readMatches(db: DbOrTx, condition: SQL, dir: Dir, offset: number, limit: number | null): Promise<Matches> {
  const d = sql.raw(dir);
  const result = await db.execute<{ n: number; ids: string[]; page_end: string | null; last_block: number | null }>(sql`
    with m as materialized (
      select ${orders.id} as id, ${orders.bookingDate} as d, ${orders.fromAt} as f, ${orders.orderNr} as nr, ctid as t
      from ${orders} where ${condition} ${limit === null ? sql`` : sql`limit ${limit}`})
    select (select count(*)::int from m) as n,
           array(select id from m order by (d is null), d ${d}, (f is null), f ${d}, nr asc limit ${ORDER_LIST_PAGE_SIZE} offset ${offset}) as ids,
           (select d::text from m order by (d is null), d ${d} limit 1 offset ${offset + ORDER_LIST_PAGE_SIZE - 1}) as page_end,
           (select max((t::text::point)[0])::int from m) as last_block`);
  const row = result.rows[0];
  return { n: row?.n ?? 0, ids: row?.ids ?? [], pageEnd: row?.page_end ?? null, lastBlock: row?.last_block ?? 0 };
}

/**
 * The page of a free-text search with more matches than it counts, found in a window of booking dates: the
 * matches up to a date (from the first date on, or down to it newest first) are all the list's first orders, so
 * when the window holds the page's last order, sorting the window's matches gives the page. The matches already
 * read guarantee one window: the date of the page's last order among them (`sample.pageEnd`); as they were read
 * in the table's order, that window can be wide (newest first, about all of them). A tighter one is tried first:
 * the matches read tell the share of the table that matches (they came from its first `lastBlock` blocks), and the
 * booking-date index gives the date from which, at that share, about twice the page's matches are booked. A
 * window's matches come through the trigram and booking-date indexes together (walking the booking-date index
 * alone reads a table row per order, many thousands for a term with a thousand matches).
 */
async function pageInDateWindow(db: DbOrTx, condition: SQL, dir: Dir, offset: number, sample: Matches): Promise<string[] | null> {
  const sure = sample.pageEnd;
  if (sure === null) return null;
  const within = (bound: string) => sql`${condition} and ${orders.bookingDate} ${sql.raw(dir === 'asc' ? '<=' : '>=')} ${bound}`;
  const needed = offset + ORDER_LIST_PAGE_SIZE;
  const [guess] = (
    await db.execute<{ bound: string | null }>(sql`
      with share as (select ${sample.n}::float8 / greatest(1, (${sample.lastBlock} + 1) * (reltuples / greatest(relpages, 1))) as s
                     from pg_class where oid = 'orders'::regclass)
      select (select ${orders.bookingDate}::text from ${orders} where ${orders.bookingDate} is not null
              order by ${orders.bookingDate} ${sql.raw(dir)} offset (select ceil(${2 * needed} / s)::bigint from share) limit 1) as bound`)
  ).rows;
  const bound = guess?.bound;
  if (bound && (dir === 'asc' ? bound < sure : bound > sure)) {
    const window = await readMatches(db, within(bound), dir, offset, null);
    if (window.n >= needed) return window.ids;
  }
  return (await readMatches(db, within(sure), dir, offset, null)).ids;
}

/** The orders of one list page, and the number of pages; a free-text search counts up to FREE_TEXT_COUNT_UP_TO. */
async function pageOfOrders(db: DbOrTx, where: SQL[], descending: boolean, page: number, capCount: boolean): Promise<TOrderList> {
  const condition = and(...where) ?? sql`true`;
  const offset = page * ORDER_LIST_PAGE_SIZE;
  const dir: Dir = descending ? 'desc' : 'asc';
  const countUpTo = capCount ? FREE_TEXT_COUNT_UP_TO : SORT_MATCHES_UP_TO;
  const sample = await readMatches(db, condition, dir, offset, countUpTo + 1);
  const more = capCount && sample.n > countUpTo;
  let total = Math.min(sample.n, countUpTo);
  let pageIds: string[] | null = null;
  if (sample.n <= countUpTo) pageIds = sample.ids;
  // A search with more matches than it counts shows that many and finds its page in a window of booking dates.
  else if (capCount) pageIds = offset >= total ? [] : await pageInDateWindow(db, condition, dir, offset, sample);
  let rows: OrderRow[];
  if (pageIds !== null) {
    const found = pageIds.length ? await db.select().from(orders).where(inArray(orders.id, pageIds)) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    rows = pageIds.map((id) => byId.get(id)).filter((r): r is OrderRow => r !== undefined);
  } else {
    // A plain list with many matches counts them all; the page comes from walking the booking-date index
    // (a department's month, a status), which finds it at once.
    if (!capCount) [{ n: total }] = (await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(condition)) as [{ n: number }];
    rows =
      offset >= total
        ? []
        : await db
            .select()
            .from(orders)
            .where(condition)
            .orderBy(sql`${orders.bookingDate} ${sql.raw(dir)} nulls last`, sql`${orders.fromAt} ${sql.raw(dir)} nulls last`, asc(orders.orderNr))
            .limit(ORDER_LIST_PAGE_SIZE)
            .offset(offset);
  }
  const ids = rows.map((r) => r.id);
  const departmentIds = [...new Set(rows.map((r) => r.departmentId).filter((d): d is string => d !== null))];
  const [items, deps] = await Promise.all([
    ids.length ? db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.lineNo)) : Promise.resolve([]),
    departmentIds.length ? db.select().from(departments).where(inArray(departments.id, departmentIds)) : Promise.resolve([]),
  ]);
  const depById = new Map(deps.map((d) => [d.id, d]));
  const itemsByOrder = new Map<string, ItemRow[]>();
  for (const item of items) itemsByOrder.set(item.orderId, [...(itemsByOrder.get(item.orderId) ?? []), item]);
  return {
    orders: rows.map((row) => rowToOrder(row, row.departmentId ? (depById.get(row.departmentId) ?? null) : null, itemsByOrder.get(row.id) ?? [], [])),
    pageCount: Math.ceil(total / ORDER_LIST_PAGE_SIZE),
    ...(more ? { more: true } : {}),
  };
}

/** POST /order/orders: a phone-or-mail search ignores status and dates and shows the newest first. */
export function listOrders(db: DbOrTx, filter: TOrderListRequest): Promise<TOrderList> {
  const descending = filter.phoneOrMail !== '' || filter.orderSortType === 'DATE_DESC';
  return pageOfOrders(db, listConditions(filter), descending, filter.page, filter.freeText !== '');
}

/** POST /revieworder/orders. */
export function listReviewOrders(db: DbOrTx, filter: TReviewOrderListRequest): Promise<TOrderList> {
  const descending = filter.phoneOrMail !== '' || filter.orderSortType === 'DATE_DESC';
  return pageOfOrders(db, [...listConditions(filter), ...reviewConditions(filter)], descending, filter.page, filter.freeText !== '');
}
