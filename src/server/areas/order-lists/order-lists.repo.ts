import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  FREE_TEXT_PAGES_AHEAD,
  FREE_TEXT_PARTIAL_MIN,
  ORDER_LIST_PAGE_SIZE,
  type TOrderList,
  type TOrderListRequest,
  type TReviewOrderListRequest,
} from '@/domain/order-lists';
import type { DbOrTx } from '@/server/db/client';
import { queryPrepared } from '@/server/db/prepared';
import {
  departments,
  EMAIL_SEARCH_LETTERS,
  EMAIL_SEARCH_PUNCTUATION,
  insurers,
  orderItems,
  orderJournal,
  orders,
} from '@/server/db/schema';
import { rowToOrder, type ItemRow, type OrderRow } from '../orders';

/** Up to this many matches a list page is found by sorting the matches (see listOrders). */
const SORT_MATCHES_UP_TO = 5_000;

/**
 * A free-text search with many matches counts them up to FREE_TEXT_PAGES_AHEAD pages past the page shown, and the
 * list says there are more (`more`): a first name matches thousands of orders, and counting them all is what would
 * make it slow.
 */
const freeTextCountUpTo = (offset: number) => offset + FREE_TEXT_PAGES_AHEAD * ORDER_LIST_PAGE_SIZE;

const escapeLike = (text: string) => text.replace(/[%_\\]/g, (c) => `\\${c}`);

/** A Danish phone number as stored: digits only, without +45/0045. */
export function phoneDigits(text: string): string {
  return text.replace(/[\s-]/g, '').replace(/^(\+45|0045)(?=\d{8}$)/, '');
}

/** A term as orders.search_email holds e-mails: lower case, punctuation as letters (EMAIL_SEARCH_PUNCTUATION). */
function emailSearchTerm(text: string): string {
  const lower = text.toLowerCase();
  return [...lower].map((c) => EMAIL_SEARCH_LETTERS[EMAIL_SEARCH_PUNCTUATION.indexOf(c)] ?? c).join('');
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
 * The column contains the term, through the column's trigram index. The column is kept in one case
 * (search_email, search_plate) or is digits, so LIKE and strpos compare without folding case on every row. pg_trgm
 * looks up every trigram of the term and a frequent one ('sen', 'ans') lists a third of the orders, so a whole
 * e-mail address read about 1,000 index pages (25 ms). A long term is looked up by its covering pieces instead (a
 * text that contains the term contains each piece), which finds the same few rows from a third of the trigrams;
 * the whole term is then checked on each row with strpos, which no index answers.
 */
function containsText(column: AnyPgColumn, term: string): SQL {
  const pieces = term.length > WHOLE_TERM_UP_TO ? coveringPieces(term) : [];
  if (pieces.length === 0) return sql`${column} like ${`%${escapeLike(term)}%`}`;
  const found = sql`strpos(${column}, ${term}) > 0`;
  return sql`(${sql.join([...pieces.map((piece) => sql`${column} like ${`%${escapeLike(piece)}%`}`), found], sql` and `)})`;
}

/**
 * Free text: an exact order number, a plate (part of it from three characters), an e-mail (part), a phone
 * number (part, digits) or an exact debitor number, in any case. Each part has its own index (order_nr unique,
 * trigram indexes on plate, e-mail and phone, btree on plate and debitor_no), so the planner ORs bitmap scans;
 * every column read is also in the list-order index (see walkMatches).
 */
function freeTextCondition(text: string): SQL {
  const parts: SQL[] = [];
  if (/^\d{1,9}$/.test(text)) parts.push(sql`${orders.orderNr} = ${Number(text)}`);
  const plate = text.replace(/[\s-]/g, '').toUpperCase();
  if (plate.length >= FREE_TEXT_PARTIAL_MIN) parts.push(containsText(orders.searchPlate, plate));
  else if (plate) parts.push(eq(orders.carRegistrationNumber, plate));
  if (text.length >= FREE_TEXT_PARTIAL_MIN && /[^\d\s+-]/.test(text)) parts.push(containsText(orders.searchEmail, emailSearchTerm(text)));
  const digits = phoneDigits(text);
  if (/^\d+$/.test(digits) && digits.length >= FREE_TEXT_PARTIAL_MIN) parts.push(containsText(orders.customerPhone, digits));
  parts.push(eq(orders.debitorNo, text));
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The booking-date range a list filter keeps to ('YYYY-MM-DD'); undefined ends are open. */
interface DateRange {
  from?: string;
  to?: string;
}

/** The booking dates the list filter keeps to: none for a phone-or-mail search. */
function listDates(filter: TOrderListRequest): DateRange {
  if (filter.phoneOrMail !== '') return {};
  return { from: filter.fromDate?.slice(0, 10) || undefined, to: filter.toDate?.slice(0, 10) || undefined };
}

/** The conditions of the shared list filter. */
function listConditions(filter: TOrderListRequest): SQL[] {
  const where: SQL[] = [];
  const dates = listDates(filter);
  if (filter.phoneOrMail !== '') {
    const value = filter.phoneOrMail.toLowerCase();
    // lower(e-mail) has its own index (orders_customer_email_lower); the phone's equality uses its trigram index.
    where.push(sql`(lower(${orders.customerEmail}) = ${value} or ${orders.customerPhone} = ${phoneDigits(value)})`);
  } else if (filter.status) where.push(eq(orders.orderStatus, filter.status));
  if (dates.from) where.push(sql`${orders.bookingDate} >= ${dates.from}`);
  if (dates.to) where.push(sql`${orders.bookingDate} <= ${dates.to}`);
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
  /** The share of the table's rows that match, as far as the matches read tell (they came from its first lastBlock blocks). */
  share: number;
}

/**
 * One pass over the matches (their sort keys only, at most `limit`) gives both their number and the page's ids, so a
 * search reads its index once. The list order is the list-order index's (booking date, start time, order number;
 * newest first is its exact reverse), except that orders without a booking date come last either way.
 */
async function readMatches(db: DbOrTx, condition: SQL, dir: Dir, offset: number, limit: number | null): Promise<Matches> {
  const d = sql.raw(dir);
  const result = await db.execute<{
    n: number;
    ids: string[];
    page_end: string | null;
    last_block: number | null;
    per_block: number | null;
  }>(sql`
    with m as materialized (
      select ${orders.id} as id, ${orders.bookingDate} as d, ${orders.fromAt} as f, ${orders.orderNr} as nr, ctid as t
      from ${orders} where ${condition} ${limit === null ? sql`` : sql`limit ${limit}`})
    select (select count(*)::int from m) as n,
           array(select id from m order by (d is null), d ${d}, f ${d}, nr ${d} limit ${ORDER_LIST_PAGE_SIZE} offset ${offset}) as ids,
           (select d::text from m order by (d is null), d ${d} limit 1 offset ${offset + ORDER_LIST_PAGE_SIZE - 1}) as page_end,
           (select max((t::text::point)[0])::int from m) as last_block,
           (select reltuples / greatest(relpages, 1) from pg_class where oid = 'orders'::regclass)::float8 as per_block`);
  const row = result.rows[0];
  const n = row?.n ?? 0;
  const lastBlock = row?.last_block ?? 0;
  return {
    n,
    ids: row?.ids ?? [],
    pageEnd: row?.page_end ?? null,
    lastBlock,
    share: n / Math.max(1, (lastBlock + 1) * Math.max(1, row?.per_block ?? 1)),
  };
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
      select ${orders.bookingDate}::text as bound from ${orders} where ${orders.bookingDate} is not null
      order by ${orders.bookingDate} ${sql.raw(dir)} offset ${Math.ceil((2 * needed) / Math.max(sample.share, 1e-9))} limit 1`)
  ).rows;
  const bound = guess?.bound;
  if (bound && (dir === 'asc' ? bound < sure : bound > sure)) {
    const window = await readMatches(db, within(bound), dir, offset, null);
    if (window.n >= needed) return window.ids;
  }
  return (await readMatches(db, within(sure), dir, offset, null)).ids;
}

/** A first walk of the list-order index reads this many entries (about 1 ms) to tell whether a term is common. */
const PROBE_WALK = 4_000;
/** A walk reads at most this many entries (about 15 ms); a rarer term is looked up through its trigram indexes. */
const WALK_UP_TO = 50_000;
/** The probe must find this many matches for its share of matches to tell how long a walk would be. */
const PROBE_MATCHES_AT_LEAST = 10;

interface Walked {
  /** The matches found, at most `need`. */
  n: number;
  /** The page's ids among them, in list order. */
  ids: string[];
}

/**
 * The first `need` matches in list order, by walking the list-order index (orders_list_walk, migration 0012) from
 * the list's first booking date, at most `budget` entries. The index carries every column the list's conditions
 * read, so no table row is read; the walked entries are named "orders" so the conditions read them as they would
 * the table. Orders without a booking date, last in the list, are not in the walk.
 */
async function walkMatches(
  db: DbOrTx,
  condition: SQL,
  dates: DateRange,
  dir: Dir,
  offset: number,
  need: number,
  budget: number,
): Promise<Walked> {
  const d = sql.raw(dir);
  const bounds = [sql`${orders.bookingDate} is not null`];
  if (dates.from) bounds.push(sql`${orders.bookingDate} >= ${dates.from}`);
  if (dates.to) bounds.push(sql`${orders.bookingDate} <= ${dates.to}`);
  // Prepared: planning this statement costs as much as walking a few thousand entries, and its plan is always the walk.
  const [row] = await queryPrepared<{ n: number; ids: string[] }>(
    db,
    sql`
    with w as materialized (
      select id, booking_date, from_at, order_nr from (
        select id, booking_date, from_at, order_nr, search_email, search_plate, car_registration_number, customer_phone, debitor_no,
               order_status, department_id, order_type
        from ${orders} where ${and(...bounds)} order by booking_date ${d}, from_at ${d}, order_nr ${d} limit ${Math.ceil(budget)}) as "orders"
      where ${condition} limit ${need})
    select (select count(*)::int from w) as n,
           array(select id from w order by booking_date ${d}, from_at ${d}, order_nr ${d} limit ${ORDER_LIST_PAGE_SIZE} offset ${offset}) as ids`,
  );
  return { n: row?.n ?? 0, ids: row?.ids ?? [] };
}

/** What walks tell of a term: the page when they prove it common, and whether the probe found it often. */
interface WalkVerdict {
  ids: string[] | null;
  /** The probe found at least PROBE_MATCHES_AT_LEAST matches: too rare to walk for, but thousands of matches. */
  frequent: boolean;
}

/**
 * A common term's page and proof of more than it counts, from walks of the list-order index: a short probe, and
 * when the matches it found say a walk of at most WALK_UP_TO entries finds `need` matches, that walk. A first
 * name with a match in every 40 orders is answered by walking about 15,000 entries, where its trigram indexes
 * would list all of its 25,000 matches.
 */
async function commonTermPage(db: DbOrTx, condition: SQL, dates: DateRange, dir: Dir, offset: number, need: number): Promise<WalkVerdict> {
  const probe = await walkMatches(db, condition, dates, dir, offset, need, PROBE_WALK);
  if (probe.n >= need) return { ids: probe.ids, frequent: true };
  if (probe.n < PROBE_MATCHES_AT_LEAST) return { ids: null, frequent: false };
  const budget = ((need * PROBE_WALK) / probe.n) * 1.5;
  if (budget > WALK_UP_TO) return { ids: null, frequent: true };
  const walked = await walkMatches(db, condition, dates, dir, offset, need, budget);
  return { ids: walked.n >= need ? walked.ids : null, frequent: true };
}

/** How a list page is looked for: `walk` when the list's conditions read only what the list-order index carries. */
interface PageOptions {
  descending: boolean;
  page: number;
  /** A free-text search: counts FREE_TEXT_PAGES_AHEAD pages past the page shown. */
  capCount: boolean;
  walk: DateRange | null;
}

/**
 * The orders of one list page, and the number of pages. A common free-text term is answered by walking the
 * list-order index (commonTermPage) and counted FREE_TEXT_PAGES_AHEAD pages past the page shown. Otherwise the
 * matches come through the conditions' indexes (readMatches), up to SORT_MATCHES_UP_TO of them, counted and
 * sorted; a free-text term the probe found often, or with more matches than those, is counted as far as a common
 * one, and its page comes from a walk when the matches' share makes it short, else from a window of booking dates.
 */
async function pageOfOrders(db: DbOrTx, where: SQL[], { descending, page, capCount, walk }: PageOptions): Promise<TOrderList> {
  const condition = and(...where) ?? sql`true`;
  const offset = page * ORDER_LIST_PAGE_SIZE;
  const dir: Dir = descending ? 'desc' : 'asc';
  const countUpTo = freeTextCountUpTo(offset);
  const verdict = capCount && walk !== null ? await commonTermPage(db, condition, walk, dir, offset, countUpTo + 1) : null;
  const readUpTo = verdict?.frequent ? countUpTo : SORT_MATCHES_UP_TO;
  const sample = verdict?.ids ? null : await readMatches(db, condition, dir, offset, readUpTo + 1);
  let total = countUpTo;
  let more = capCount;
  let pageIds: string[] | null = verdict?.ids ?? null;
  if (sample !== null && sample.n <= readUpTo) {
    [total, more, pageIds] = [sample.n, false, sample.ids];
  } else if (sample !== null && capCount) {
    const need = offset + ORDER_LIST_PAGE_SIZE;
    const shortWalk = walk !== null && need / sample.share <= WALK_UP_TO / 2;
    const walked = shortWalk ? await walkMatches(db, condition, walk, dir, offset, need, WALK_UP_TO) : null;
    pageIds = walked && walked.n >= need ? walked.ids : await pageInDateWindow(db, condition, dir, offset, sample);
  }
  let rows: OrderRow[];
  if (pageIds !== null) {
    const found = pageIds.length ? await db.select().from(orders).where(inArray(orders.id, pageIds)) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    rows = pageIds.map((id) => byId.get(id)).filter((r): r is OrderRow => r !== undefined);
  } else {
    // A plain list with many matches counts them all; the page comes from walking the booking-date index
    // (a department's month, a status), which finds it at once.
    if (!capCount)
      [{ n: total }] = (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(condition)) as [{ n: number }];
    rows =
      offset >= total
        ? []
        : await db
            .select()
            .from(orders)
            .where(condition)
            .orderBy(
              sql`${orders.bookingDate} ${sql.raw(dir)} nulls last`,
              sql`${orders.fromAt} ${sql.raw(dir)}`,
              sql`${orders.orderNr} ${sql.raw(dir)}`,
            )
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
    orders: rows.map((row) =>
      rowToOrder(row, row.departmentId ? (depById.get(row.departmentId) ?? null) : null, itemsByOrder.get(row.id) ?? [], []),
    ),
    pageCount: Math.ceil(total / ORDER_LIST_PAGE_SIZE),
    ...(more ? { more: true } : {}),
  };
}

/** POST /order/orders: a phone-or-mail search ignores status and dates and shows the newest first. */
export function listOrders(db: DbOrTx, filter: TOrderListRequest): Promise<TOrderList> {
  return pageOfOrders(db, listConditions(filter), pageOptions(filter, true));
}

/** A phone-or-mail search compares the e-mail itself, which the list-order index does not carry: no walk. */
function pageOptions(filter: TOrderListRequest, walkable: boolean): PageOptions {
  return {
    descending: filter.phoneOrMail !== '' || filter.orderSortType === 'DATE_DESC',
    page: filter.page,
    capCount: filter.freeText !== '',
    walk: walkable && filter.phoneOrMail === '' ? listDates(filter) : null,
  };
}

/** POST /revieworder/orders: the insurer and reviewer conditions read other tables, so no walk. */
export function listReviewOrders(db: DbOrTx, filter: TReviewOrderListRequest): Promise<TOrderList> {
  const review = reviewConditions(filter);
  return pageOfOrders(db, [...listConditions(filter), ...review], pageOptions(filter, review.length === 0));
}

/**
 * The newest orders the header search reads for a customer's name: customer_name has no index (a trigram index on
 * it is missing, see docs/decisions.md), so the name is compared on the newest bookings only, walked through the
 * booking-date index newest first.
 */
const NAME_WALK_UP_TO = 20_000;

/** The ids of up to `limit` orders among the newest NAME_WALK_UP_TO bookings whose customer's name contains the text. */
export async function findByCustomerName(db: DbOrTx, text: string, limit: number): Promise<string[]> {
  const [row] = await queryPrepared<{ ids: string[] }>(
    db,
    sql`
    select array(
      select id from (select id, customer_name from ${orders} where booking_date is not null
                      order by booking_date desc limit ${NAME_WALK_UP_TO}) as recent
      where customer_name ilike ${`%${escapeLike(text)}%`} limit ${limit}) as ids`,
  );
  return row?.ids ?? [];
}

/** The orders with these ids, in this order, as list orders. */
export async function findListOrders(db: DbOrTx, ids: string[]): Promise<TOrderList['orders']> {
  if (ids.length === 0) return [];
  return (await pageOfOrders(db, [inArray(orders.id, ids)], { descending: true, page: 0, capCount: false, walk: null })).orders.sort(
    (a, b) => ids.indexOf(a.additionalData.orderId) - ids.indexOf(b.additionalData.orderId),
  );
}
