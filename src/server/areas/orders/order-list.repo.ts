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

/** The orders of one list page, and the number of pages. */
async function pageOfOrders(db: DbOrTx, where: SQL[], descending: boolean, page: number, capCount: boolean): Promise<TOrderList> {
  const condition = where.length ? and(...where) : sql`true`;
  const offset = page * ORDER_LIST_PAGE_SIZE;
  const dir = descending ? sql`desc` : sql`asc`;
  // One pass over the matches (up to SORT_MATCHES_UP_TO + 1, their sort keys only) gives both the count and
  // the page's ids, so a search reads its index once. Written as `(x is null), x` the order is `x nulls last`.
  const first = await db.execute<{ n: number; ids: string[] }>(sql`
    with m as materialized (
      select ${orders.id} as id, ${orders.bookingDate} as d, ${orders.fromAt} as f, ${orders.orderNr} as nr
      from ${orders} where ${condition} limit ${SORT_MATCHES_UP_TO + 1})
    select (select count(*)::int from m) as n,
           array(select id from m order by (d is null), d ${dir}, (f is null), f ${dir}, nr asc limit ${ORDER_LIST_PAGE_SIZE} offset ${offset}) as ids`);
  const matched = first.rows[0]?.n ?? 0;
  let total = matched;
  let rows: OrderRow[];
  if (matched <= SORT_MATCHES_UP_TO) {
    const ids = first.rows[0]?.ids ?? [];
    const found = ids.length ? await db.select().from(orders).where(inArray(orders.id, ids)) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    rows = ids.map((id) => byId.get(id)).filter((r): r is OrderRow => r !== undefined);
  } else {
    // Many matches: a free-text search shows the first 200 pages (a term as common as a first name matches
    // tens of thousands of orders, and counting them all reads as many table rows); a plain list counts all.
    // The page comes from walking the booking-date index, which finds it at once.
    if (capCount) total = SORT_MATCHES_UP_TO;
    else [{ n: total }] = (await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(condition)) as [{ n: number }];
    rows =
      offset >= total
        ? []
        : await db
            .select()
            .from(orders)
            .where(condition)
            .orderBy(sql`${orders.bookingDate} ${dir} nulls last`, sql`${orders.fromAt} ${dir} nulls last`, asc(orders.orderNr))
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
