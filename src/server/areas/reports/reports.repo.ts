import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ZERO_GUID } from '@/domain/lib/guid';
import type { TComplaintReportFilter } from '@/domain/reports';
import type { DbOrTx } from '@/server/db/client';
import type { InstantKey, InstantRange } from '@/server/lib/csv-stream';
import { departments, orderJournal, orderLogs, orders, users } from '@/server/db/schema';

const worker = alias(users, 'worker');
const referenceWorker = alias(users, 'reference_worker');
const actor = alias(users, 'actor');

// ---- Order report ---------------------------------------------------------------------------

const orderReportColumns = {
  orderNr: orders.orderNr,
  orderStatus: orders.orderStatus,
  orderType: orders.orderType,
  whoIsPaying: orders.whoIsPaying,
  bookingDate: orders.bookingDate,
  fromAt: orders.fromAt,
  toAt: orders.toAt,
  departmentName: departments.name,
  navLocationCode: departments.navLocationCode,
  region: departments.region,
  plate: orders.carRegistrationNumber,
  make: orders.carMake,
  model: orders.carModel,
  modelYear: orders.carModelYear,
  insurance: orders.carInsurance,
  leasing: orders.carLeaser,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  customerEmail: orders.customerEmail,
  customerZipCode: orders.customerZipCode,
  debitorNo: orders.debitorNo,
  debitorName: orders.debitorName,
  workerName: worker.name,
  windowManufacturer: orders.windowManufacturer,
  timeSpent: orders.timeSpent,
  workKm: orders.workKm,
  totalOre: orders.totalOre,
  discountPercent: orders.discountPercent,
  discountAmountOre: orders.discountAmountOre,
  createdAt: orders.createdAt,
  createdBy: orders.createdBy,
  smsOnMyWay: orders.smsOnMyWay,
  sms8: orders.smsArriveBetween8And12,
  sms10: orders.smsArriveBetween10And14,
  sms12: orders.smsArriveBetween12And16,
  smsOffer: orders.smsOffer,
};
export type OrderReportRow = Awaited<ReturnType<typeof findOrderReportBatch>>[number];
export type OrderReportKey = { date: string; nr: number };

/** Orders booked on the days, in booking-date order, after a key (booking date, order number). */
export function findOrderReportBatch(db: DbOrTx, days: { from: string; to: string }, after: OrderReportKey | null, limit: number) {
  return db
    .select(orderReportColumns)
    .from(orders)
    .leftJoin(departments, eq(departments.id, orders.departmentId))
    .leftJoin(worker, eq(worker.id, orders.workerId))
    .where(
      and(
        sql`${orders.bookingDate} between ${days.from} and ${days.to}`,
        after ? sql`(${orders.bookingDate}, ${orders.orderNr}) > (${after.date}, ${after.nr})` : undefined,
      ),
    )
    .orderBy(asc(orders.bookingDate), asc(orders.orderNr))
    .limit(limit);
}

// ---- Log report -----------------------------------------------------------------------------

export type LogReportRow = Awaited<ReturnType<typeof findLogReportBatch>>[number];

export function findLogReportBatch(db: DbOrTx, range: InstantRange, after: InstantKey | null, limit: number) {
  return db
    .select({ log: orderLogs, cursorAt: sql<string>`${orderLogs.logDate}::text` })
    .from(orderLogs)
    .where(
      and(
        sql`${orderLogs.logDate} >= ${range.from.toISOString()} and ${orderLogs.logDate} < ${range.until.toISOString()}`,
        after ? sql`(${orderLogs.logDate}, ${orderLogs.id}) > (${after.at}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(orderLogs.logDate), asc(orderLogs.id))
    .limit(limit);
}

// ---- Review log -----------------------------------------------------------------------------

const STATUS_FIELD = 'additionalData.orderStatus';
/** The label the journal stores for PENDING_REVIEW. */
const REVIEW_LABEL = 'Gennemsyn';

const reviewLogColumns = {
  id: orderJournal.id,
  at: orderJournal.at,
  cursorAt: sql<string>`${orderJournal.at}::text`,
  by: orderJournal.by,
  actorName: actor.name,
  text: orderJournal.text,
  changes: orderJournal.changes,
  orderNr: orders.orderNr,
  orderType: orders.orderType,
  orderStatus: orders.orderStatus,
  plate: orders.carRegistrationNumber,
  insurance: orders.carInsurance,
  debitorNo: orders.debitorNo,
  departmentName: departments.name,
  totalOre: orders.totalOre,
};
export type ReviewLogRow = Awaited<ReturnType<typeof findReviewLogBatch>>[number];

/**
 * The review log: task-journal entries that move an order into or out of Gennemsyn (sent to review, review
 * finished or sent back), by the insurer and the reviewer (the entry's user) when given.
 */
export function findReviewLogBatch(
  db: DbOrTx,
  range: InstantRange,
  filter: { insurer: SQL | null; reviewer: string | undefined },
  after: InstantKey | null,
  limit: number,
) {
  const intoReview = JSON.stringify([{ field: STATUS_FIELD, to: REVIEW_LABEL }]);
  const outOfReview = JSON.stringify([{ field: STATUS_FIELD, from: REVIEW_LABEL }]);
  return db
    .select(reviewLogColumns)
    .from(orderJournal)
    .innerJoin(orders, eq(orders.id, orderJournal.orderId))
    .leftJoin(departments, eq(departments.id, orders.departmentId))
    .leftJoin(actor, eq(actor.id, orderJournal.userId))
    .where(
      and(
        sql`${orderJournal.at} >= ${range.from.toISOString()} and ${orderJournal.at} < ${range.until.toISOString()}`,
        sql`(${orderJournal.changes} @> ${intoReview}::jsonb or ${orderJournal.changes} @> ${outOfReview}::jsonb)`,
        filter.reviewer ? eq(orderJournal.userId, filter.reviewer) : undefined,
        filter.insurer ?? undefined,
        after ? sql`(${orderJournal.at}, ${orderJournal.id}) > (${after.at}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(orderJournal.at), asc(orderJournal.id))
    .limit(limit);
}

// ---- Complaint report -----------------------------------------------------------------------

const complaintReportColumns = {
  id: orders.id,
  orderNr: orders.orderNr,
  orderType: orders.orderType,
  orderStatus: orders.orderStatus,
  createdAt: orders.createdAt,
  cursorAt: sql<string>`${orders.createdAt}::text`,
  bookingDate: orders.bookingDate,
  departmentName: departments.name,
  navLocationCode: departments.navLocationCode,
  region: departments.region,
  workerName: worker.name,
  referenceWorkerName: referenceWorker.name,
  complaint: orders.complaint,
  plate: orders.carRegistrationNumber,
  make: orders.carMake,
  model: orders.carModel,
  customerName: orders.customerName,
  insurance: orders.carInsurance,
  totalOre: orders.totalOre,
  internalComment: orders.internalComment,
};
export type ComplaintReportRow = Awaited<ReturnType<typeof findComplaintReportBatch>>[number];

/** The fitter a complaint is about: the original job's fitter, else the complaint job's own. */
const responsibleFitter = sql`coalesce(nullif(${orders.complaint}->>'referenceWorker', ${ZERO_GUID}), ${orders.workerId}::text)`;

export function findComplaintReportBatch(
  db: DbOrTx,
  filter: TComplaintReportFilter,
  range: Partial<InstantRange>,
  after: InstantKey | null,
  limit: number,
) {
  const where: Array<SQL | undefined> = [
    filter.complaintType ? eq(orders.orderType, filter.complaintType) : inArray(orders.orderType, ['COMPLAINT', 'INTERNAL_COMPLAINT']),
    filter.status ? eq(orders.orderStatus, filter.status) : undefined,
    filter.region ? eq(departments.region, filter.region) : undefined,
    filter.departments.length ? inArray(departments.navLocationCode, filter.departments) : undefined,
    filter.operators.length
      ? sql`${responsibleFitter} in (${sql.join(
          filter.operators.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : undefined,
    filter.issues[0] ? sql`${orders.complaint}->'issues' @> ${JSON.stringify([{ issue: filter.issues[0] }])}::jsonb` : undefined,
    filter.byOtherIssue ? sql`coalesce(${orders.complaint}->>'otherIssue', '') <> ''` : undefined,
    range.from ? sql`${orders.createdAt} >= ${range.from.toISOString()}` : undefined,
    range.until ? sql`${orders.createdAt} < ${range.until.toISOString()}` : undefined,
    after ? sql`(${orders.createdAt}, ${orders.id}) > (${after.at}::timestamptz, ${after.id})` : undefined,
  ];
  return db
    .select(complaintReportColumns)
    .from(orders)
    .leftJoin(departments, eq(departments.id, orders.departmentId))
    .leftJoin(worker, eq(worker.id, orders.workerId))
    .leftJoin(referenceWorker, sql`${referenceWorker.id}::text = ${orders.complaint}->>'referenceWorker'`)
    .where(and(...where))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}
