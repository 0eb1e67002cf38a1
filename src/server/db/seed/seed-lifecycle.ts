import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, like, lte, ne, or, sql } from 'drizzle-orm';
import { formatDate, formatTime, toWireDateTime } from '@/domain/lib/dates';
import { ZERO_GUID, guidOrZero } from '@/domain/lib/guid';
import { isReplaceType, type TOrderStatus, type TOrderType, type TWindowManufacturer } from '@/domain/orders';
import { diffOrders } from '@/domain/journal';
import { logTypeForTimeChange } from '@/domain/orders';
import { LOG_TYPE_LABELS, OTHER_REASON, ZCreateComplaint, type TLogType } from '@/domain/orders';
import { mainItem } from '@/domain/orders';
import { emptyOrder, ZOrderItem, type TOrder } from '@/domain/orders';
import { getOrder } from '@/server/areas/orders';
import { createComplaint, saveOrder, type LifecycleActor } from '@/server/areas/worksheet';
import { getDebitorPrices } from '@/server/areas/parties';
import type { Db } from '@/server/db/client';
import { departments, orderJournal, orderLogs, orders, productCarFits, products, reasons, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { createRandom, type Random } from './reference/random';

/**
 * The demo's history: the task journal of the statuses the demo orders were given (finished by their
 * fitter, reviewed, put on hold, cancelled), log entries for cancellations, moves and extra sales, and
 * complaints on finished jobs made through the complaint service (some turned into service calls, one
 * closed), and bookings whose pane was swapped for another that fits the car (main item changed). Everything a service does is made by that service; the journal of the statuses the order
 * seed set directly is written as the worksheet would have written it.
 */

type JournalRow = typeof orderJournal.$inferInsert;
type LogRow = typeof orderLogs.$inferInsert;
type OrderRow = typeof orders.$inferSelect;
interface Person extends LifecycleActor {
  name: string;
}

const HOUR = 3_600_000;
const CHUNK = 500;

/** The fields the order seed sets after booking, on an order otherwise empty: enough for the diff. */
function statusView(row: OrderRow, status: TOrderStatus, withWork: boolean): TOrder {
  const order = emptyOrder();
  const a = order.additionalData;
  a.orderType = row.orderType as TOrderType;
  a.orderStatus = status;
  if (withWork) {
    a.worker = guidOrZero(row.workerId);
    a.windowManufacturer = row.windowManufacturer as TWindowManufacturer;
    a.timeSpent = row.timeSpent;
    a.workKM = row.workKm;
    a.workCompleted = row.workCompletedAt ? toWireDateTime(row.workCompletedAt) : null;
    a.internalOrderComment = row.internalComment;
    a.onHoldReason = row.onHoldReason;
    a.onHoldComment = row.onHoldComment;
  }
  return order;
}

function logOf(row: OrderRow, type: TLogType, reason: string, comment: string, by: Person, at: Date, navLocationCode: string): LogRow {
  return {
    orderId: row.id,
    logDate: at,
    logType: type,
    logReason: reason,
    logComment: comment,
    jobType: row.orderType,
    logUser: by.initials,
    userId: by.id,
    navLocationCode,
    orderNo: String(row.orderNr),
    orgDate: row.bookingDate ? formatDate(`${row.bookingDate}T00:00:00`) : '',
    orgTime: row.fromAt ? formatTime(row.fromAt) : '',
    regNr: row.carRegistrationNumber,
    createdAt: at,
  };
}

function logNote(log: LogRow, by: Person): JournalRow {
  const comment = log.logComment ? ` – ${log.logComment}` : '';
  return {
    orderId: log.orderId!,
    at: log.logDate!,
    userId: by.id,
    by: by.initials,
    text: `Log (${LOG_TYPE_LABELS[log.logType as TLogType]}): ${log.logReason}${comment}`,
    changes: [],
  };
}

function pickReason(random: Random, list: string[]): { reason: string; comment: string } {
  const reason = random.pick(list);
  return { reason, comment: reason === OTHER_REASON ? 'Aftalt med kunden i telefonen' : '' };
}

export async function seedLifecycle(db: Db, now = new Date()): Promise<void> {
  const random = createRandom(20_261_201);
  const people: Person[] = await db
    .select({ id: users.id, initials: users.initials, roles: users.roles, name: users.name })
    .from(users)
    .where(isNull(users.deletedAt));
  const byId = new Map(people.map((p) => [p.id, p]));
  const named = (initials: string) => people.find((p) => p.initials === initials)!;
  const office = ['KS', 'REK', 'ADM'].map(named);
  const reviewer = named('REV');
  const complaints = named('REK');
  const names = (id: string) => (byId.has(id) ? `${byId.get(id)!.name} (${byId.get(id)!.initials})` : undefined);
  const reasonRows = await db.select({ list: reasons.list, text: reasons.text }).from(reasons).orderBy(asc(reasons.sortOrder));
  const reasonList = (list: string) => reasonRows.filter((r) => r.list === list).map((r) => r.text);
  const codes = new Map(
    (await db.select({ id: departments.id, code: departments.navLocationCode }).from(departments)).map((d) => [d.id, d.code]),
  );
  const code = (row: OrderRow) => (row.departmentId ? (codes.get(row.departmentId) ?? '') : '');
  const journal: JournalRow[] = [];
  const logs: LogRow[] = [];
  const earlier = (at: Date) => new Date(Math.min(at.getTime(), now.getTime() - HOUR));

  // 1. The statuses the order seed set: as the fitter, the review manager and customer service set them.
  const worked = await db
    .select()
    .from(orders)
    .where(inArray(orders.orderStatus, ['FINISHED', 'PENDING_REVIEW', 'ON_HOLD', 'CANCELLED']))
    .orderBy(asc(orders.orderNr));
  const entry = (row: OrderRow, by: Person, at: Date, before: TOrder, after: TOrder, text: string) =>
    journal.push({ orderId: row.id, at, userId: by.id, by: by.initials, text, changes: diffOrders(before, after, names) });
  for (const row of worked) {
    const fitter = (row.workerId && byId.get(row.workerId)) || office[0]!;
    const booked = statusView(row, 'PROCESSING', false);
    const done = row.workCompletedAt ?? row.toAt ?? row.createdAt;
    if (row.orderStatus === 'CANCELLED') {
      const by = random.pick(office);
      const at = earlier(new Date(row.createdAt.getTime() + random.int(2, 30) * HOUR));
      const { reason, comment } = pickReason(random, reasonList('CANCELLED'));
      const log = logOf(row, 'CANCELLED', reason, comment, by, at, code(row));
      logs.push(log);
      journal.push(logNote(log, by));
      entry(row, by, new Date(at.getTime() + 1000), booked, statusView(row, 'CANCELLED', false), 'Ordre annulleret');
    } else if (row.orderStatus === 'ON_HOLD') {
      const at = earlier(new Date(Math.max(row.createdAt.getTime() + HOUR, (row.fromAt ?? row.createdAt).getTime() - 20 * HOUR)));
      entry(row, fitter, at, booked, statusView(row, 'ON_HOLD', true), `Sat på hold: ${row.onHoldReason}`);
    } else {
      const review = isReplaceType(row.orderType) && row.whoIsPaying === 'INSURANCE';
      const finishedBy = review ? statusView(row, 'PENDING_REVIEW', true) : statusView(row, 'FINISHED', true);
      entry(row, fitter, earlier(done), booked, finishedBy, review ? 'Afsluttet og sendt til gennemsyn' : 'Ordre afsluttet');
      if (review && row.orderStatus === 'FINISHED') {
        entry(
          row,
          reviewer,
          earlier(new Date(done.getTime() + random.int(18, 40) * HOUR)),
          finishedBy,
          statusView(row, 'FINISHED', true),
          'Gennemsyn afsluttet',
        );
      }
    }
  }

  // 2. Extra sales: why they were sold.
  const sales = await db.select().from(orders).where(eq(orders.orderType, 'SALE'));
  for (const row of sales) {
    const by = (row.createdById && byId.get(row.createdById)) || office[0]!;
    const saleReasons = reasonList('SALE').filter((r) => r !== OTHER_REASON);
    const log = logOf(row, 'SALE', random.pick(saleReasons), '', by, new Date(row.createdAt.getTime() + 60_000), code(row));
    logs.push(log);
    journal.push(logNote(log, by));
  }

  for (let i = 0; i < journal.length; i += CHUNK) await db.insert(orderJournal).values(journal.slice(i, i + CHUNK));
  for (let i = 0; i < logs.length; i += CHUNK) await db.insert(orderLogs).values(logs.slice(i, i + CHUNK));

  // 3. Bookings moved a week on by customer service, through the log dialog and the save.
  const movable = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.orderStatus, 'PROCESSING'),
        isNotNull(orders.timeSlotId),
        sql`${orders.bookingDate} > current_date + 2`,
        sql`${orders.createdBy} <> 'WEB'`,
      ),
    )
    .orderBy(asc(orders.orderNr))
    .limit(12);
  let moved = 0;
  for (const row of movable) {
    if (moved >= 6) break;
    const order = await getOrder(db, row.id);
    const t = order.timeAndPlace;
    const shift = (value: string | null) => (value ? `${shiftDay(value)!.slice(0, 10)}${value.slice(10)}` : value);
    const by = random.pick(office);
    const at = new Date(now.getTime() - random.int(2, 20) * HOUR);
    const type = logTypeForTimeChange(order);
    const { reason, comment } = pickReason(random, reasonList(type));
    try {
      await saveOrder(
        db,
        { ...order, timeAndPlace: { ...t, date: shiftDay(t.date), from: shift(t.from), to: shift(t.to) } },
        by,
        null,
        new Date(at.getTime() + 1000),
      );
    } catch (error) {
      // A full or closed day a week later: customer service would pick another; the demo skips it.
      if (!(error instanceof AppError)) throw error;
      continue;
    }
    const log = logOf(row, type, reason, comment, by, at, code(row));
    await db.insert(orderLogs).values(log);
    await db.insert(orderJournal).values(logNote(log, by));
    moved++;
  }

  // 4. Complaints on finished replacements, through the complaint service and the worksheet's finish.
  const finished = await db
    .select({ id: orders.id, workerId: orders.workerId })
    .from(orders)
    .where(and(eq(orders.orderStatus, 'FINISHED'), like(orders.orderType, 'REPLACE%'), isNotNull(orders.workerId)))
    .orderBy(asc(orders.orderNr))
    .limit(9);
  const customerIssues = reasonList('COMPLAINT_CUSTOMER').filter((r) => r !== OTHER_REASON);
  const internalIssues = reasonList('COMPLAINT_INTERNAL').filter((r) => r !== OTHER_REASON);
  for (const [index, original] of finished.entries()) {
    const internal = index >= 6;
    const by = internal ? (byId.get(original.workerId!) ?? office[2]!) : random.pick([complaints, office[0]!]);
    const at = new Date(now.getTime() - random.int(30, 120) * HOUR);
    const issue = internal ? random.pick(internalIssues) : random.pick(customerIssues);
    try {
      const body = ZCreateComplaint.parse({
        type: internal ? 'INTERNAL_COMPLAINT' : 'WITHOUT_SLOT',
        internalComment: internal ? `${issue}; ny rude bestilt.` : `Kunden ringede: ${issue.toLowerCase()} efter udskiftningen.`,
        worker: original.workerId ?? ZERO_GUID,
      });
      const complaint = await createComplaint(db, original.id, body, by, at);
      const withIssue: TOrder = {
        ...complaint,
        complaint: { ...complaint.complaint!, issues: [{ issue, art: internal ? 'INTERNAL' : 'CUSTOMER' }] },
      };
      // Customer complaints 0–3 have been seen by the fitter (a service call); complaint 0 is closed again.
      const finish = !internal && index < 4;
      const saved = await saveOrder(
        db,
        { ...withIssue, additionalData: { ...withIssue.additionalData, orderStatus: finish ? 'FINISHED' : 'PROCESSING' } },
        by,
        null,
        new Date(at.getTime() + 2 * HOUR),
      );
      if (index === 0) {
        const closed = {
          ...saved,
          complaint: { ...saved.complaint!, workerFault: false },
          additionalData: { ...saved.additionalData, orderStatus: 'FINISHED' as const },
        };
        await saveOrder(db, closed, complaints, null, new Date(at.getTime() + 26 * HOUR));
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }

  await seedMainItemChanges(db, random, office, reasonList, code, now);
}

/** How many bookings get their main item swapped (each a MAINITEMCHANGED log and a save). */
const MAIN_ITEM_CHANGES = 4;

/**
 * 5. Main items changed: customer service removes the ordered pane of a coming replacement (the log
 * dialog asks why: MAINITEMCHANGED), adds another pane of the same kind that fits the car, priced for the
 * order's debitor, and saves. Only bookings with such an alternative are taken.
 */
async function seedMainItemChanges(
  db: Db,
  random: Random,
  office: Person[],
  reasonList: (list: string) => string[],
  code: (row: OrderRow) => string,
  now: Date,
) {
  const candidates = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.orderStatus, 'PROCESSING'),
        like(orders.orderType, 'REPLACE%'),
        isNotNull(orders.timeSlotId),
        sql`${orders.bookingDate} > current_date + 2`,
        sql`${orders.createdBy} <> 'WEB'`,
      ),
    )
    .orderBy(desc(orders.orderNr))
    .limit(20);
  let changed = 0;
  for (const row of candidates) {
    if (changed >= MAIN_ITEM_CHANGES) break;
    const order = await getOrder(db, row.id);
    const main = mainItem(order.items);
    if (!main || !order.car.modId || !order.debitor.no) continue;
    const [product] = await db.select({ groupId: products.groupId }).from(products).where(eq(products.no, main.itemNo));
    if (!product?.groupId) continue;
    const year = (order.car.modelYear ?? 0) * 100 + 6;
    const alternatives = await db
      .select({ no: products.no })
      .from(productCarFits)
      .innerJoin(products, eq(products.id, productCarFits.productId))
      .where(
        and(
          eq(productCarFits.modelId, order.car.modId),
          eq(products.groupId, product.groupId),
          eq(products.active, true),
          ne(products.no, main.itemNo),
          lte(productCarFits.yearFrom, year),
          or(eq(productCarFits.yearTo, 0), gte(productCarFits.yearTo, year)),
        ),
      )
      .orderBy(asc(products.no));
    if (alternatives.length === 0) continue;
    const no = random.pick(alternatives).no;
    const [price] = await getDebitorPrices(db, order.debitor.no, [no]);
    const line = ZOrderItem.parse({ itemNo: no, no, amount: 1, itemPrice: price?.price ?? 0, isMainItem: true });
    const items = order.items.map((item) => (item.itemNo === main.itemNo ? line : item));
    const by = random.pick(office);
    const at = new Date(now.getTime() - random.int(3, 40) * HOUR);
    const { reason, comment } = pickReason(random, reasonList('MAINITEMCHANGED'));
    try {
      await saveOrder(db, { ...order, items }, by, null, new Date(at.getTime() + 2 * 60_000));
    } catch (error) {
      // The booking's rules refuse the pane (a calibration rule, a closed slot): customer service would pick another.
      if (!(error instanceof AppError)) throw error;
      continue;
    }
    const log = logOf(row, 'MAINITEMCHANGED', reason, comment, by, at, code(row));
    await db.insert(orderLogs).values(log);
    await db.insert(orderJournal).values(logNote(log, by));
    changed++;
  }
}

/** The booking day a week later (midnight, wire format). */
function shiftDay(date: string | null): string | null {
  if (!date) return date;
  const day = new Date(`${date.slice(0, 10)}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 7);
  return `${day.toISOString().slice(0, 10)}T00:00:00`;
}
