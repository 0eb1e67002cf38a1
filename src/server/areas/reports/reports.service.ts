import type { FastifyReply } from 'fastify';
import { csvDate, csvDateTime, csvKroner, csvNumber, csvTime, type TCsvValue } from '@/domain/lib/csv';
import { addVat } from '@/domain/lib/money';
import {
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  WHO_PAYS_LABELS,
  type TOrderStatus,
  type TOrderType,
  type TWhoPays,
  type TWindowManufacturer,
} from '@/domain/orders';
import { COMPLAINT_TYPE_LABELS, LOG_TYPE_LABELS, WINDOW_MANUFACTURER_LABELS, type TComplaintType, type TLogType } from '@/domain/orders';
import type { TJournalChange } from '@/domain/journal';
import { COMPLAINT_REPORT_FILE, REGIONS, reportFileName } from '@/domain/reports';
import type { TComplaintReportFilter, TReportRange, TReviewLogQuery } from '@/domain/reports';
import type { Db } from '@/server/db/client';
import { instantRange, keysetBatches, sendCsv, type InstantKey, type InstantRange } from '@/server/lib/csv-stream';
import { insuredBy } from '../order-lists';
import * as repo from './reports.repo';

const label = <K extends string>(labels: Record<K, string>, key: string | null | undefined) => (key ? (labels[key as K] ?? key) : '');
const minutes = (value: number | null) => (value === null ? '' : value === 999 ? '180+' : String(value));
const region = (key: string | null) => label(REGIONS, key);

// ---- Order report ---------------------------------------------------------------------------

const ORDER_REPORT_HEADER = [
  'Ordrenr.',
  'Status',
  'Ordretype',
  'Betaler',
  'Dato',
  'Fra',
  'Til',
  'Afdeling',
  'Lokationskode',
  'Region',
  'Reg.nr.',
  'Mærke',
  'Model',
  'Årgang',
  'Forsikring',
  'Leasing',
  'Kunde',
  'Telefon',
  'E-mail',
  'Postnr.',
  'Debitornr.',
  'Debitornavn',
  'Montør',
  'Rudefabrikat',
  'Tidsforbrug (min)',
  'Km',
  'Total ekskl. moms',
  'Total inkl. moms',
  'Rabat %',
  'Rabat kr. ekskl. moms',
  'Oprettet',
  'Oprettet af',
  'SMS sendt',
];

function orderReportCells(r: repo.OrderReportRow): TCsvValue[] {
  const sms = [r.smsOnMyWay && 'På vej', r.sms8 && '8-12', r.sms10 && '10-14', r.sms12 && '12-16', r.smsOffer && 'Tilbud']
    .filter(Boolean)
    .join(', ');
  return [
    r.orderNr,
    label<TOrderStatus>(ORDER_STATUS_LABELS, r.orderStatus),
    label<TOrderType>(ORDER_TYPE_LABELS, r.orderType),
    label<TWhoPays>(WHO_PAYS_LABELS, r.whoIsPaying),
    csvDate(r.bookingDate),
    csvTime(r.fromAt),
    csvTime(r.toAt),
    r.departmentName,
    r.navLocationCode,
    region(r.region),
    r.plate,
    r.make,
    r.model,
    r.modelYear,
    r.insurance,
    r.leasing,
    r.customerName,
    r.customerPhone,
    r.customerEmail,
    r.customerZipCode,
    r.debitorNo,
    r.debitorName,
    r.workerName,
    label<TWindowManufacturer>(WINDOW_MANUFACTURER_LABELS, r.windowManufacturer),
    minutes(r.timeSpent),
    r.workKm === null ? '' : csvNumber(r.workKm),
    csvKroner(r.totalOre),
    csvKroner(addVat(r.totalOre)),
    csvNumber(r.discountPercent),
    csvKroner(r.discountAmountOre),
    csvDateTime(r.createdAt),
    r.createdBy,
    sms,
  ];
}

/** GET /api/report: the orders booked on the days, streamed in batches. */
export function sendOrderReport(db: Db, reply: FastifyReply, range: TReportRange) {
  const batches = keysetBatches<repo.OrderReportRow, repo.OrderReportKey>(
    (after, limit) => repo.findOrderReportBatch(db, range, after, limit),
    (r) => ({ date: r.bookingDate!, nr: r.orderNr }),
  );
  return sendCsv(reply, reportFileName('ORDERS', range), ORDER_REPORT_HEADER, batches, orderReportCells);
}

// ---- Logs -----------------------------------------------------------------------------------

const LOG_REPORT_HEADER = [
  'Dato',
  'Tid',
  'Logtype',
  'Årsag',
  'Kommentar',
  'Ordrenr.',
  'Reg.nr.',
  'Jobtype',
  'Lokationskode',
  'Oprindelig dato',
  'Oprindelig tid',
  'Bruger',
];

function logCells({ log }: repo.LogReportRow): TCsvValue[] {
  return [
    csvDate(log.logDate),
    csvTime(log.logDate),
    label<TLogType>(LOG_TYPE_LABELS, log.logType),
    log.logReason,
    log.logComment,
    log.orderNo,
    log.regNr,
    label<TOrderType>(ORDER_TYPE_LABELS, log.jobType),
    log.navLocationCode,
    csvDate(log.orgDate),
    log.orgTime,
    log.logUser,
  ];
}

/** GET /api/report/logs: the log dialog's entries (moved, cancelled, main item changed, sale) of the days. */
export function sendLogReport(db: Db, reply: FastifyReply, range: TReportRange) {
  const batches = keysetBatches<repo.LogReportRow, InstantKey>(
    (after, limit) => repo.findLogReportBatch(db, instantRange(range), after, limit),
    (r) => ({ at: r.cursorAt, id: r.log.id }),
  );
  return sendCsv(reply, reportFileName('LOGS', range), LOG_REPORT_HEADER, batches, logCells);
}

// ---- Review log -----------------------------------------------------------------------------

const REVIEW_LOG_HEADER = [
  'Dato',
  'Tid',
  'Ordrenr.',
  'Handling',
  'Status fra',
  'Status til',
  'Gennemser',
  'Initialer',
  'Forsikring',
  'Reg.nr.',
  'Ordretype',
  'Afdeling',
  'Nuværende status',
  'Total ekskl. moms',
  'Øvrige ændringer',
];

function reviewLogCells(r: repo.ReviewLogRow): TCsvValue[] {
  const changes = (r.changes as TJournalChange[]) ?? [];
  const status = changes.find((c) => c.field === 'additionalData.orderStatus');
  const other = changes
    .filter((c) => c !== status)
    .map((c) => `${c.label}: ${c.from ?? '–'} → ${c.to ?? '–'}`)
    .join(' | ');
  return [
    csvDate(r.at),
    csvTime(r.at),
    r.orderNr,
    r.text,
    status?.from ?? '',
    status?.to ?? '',
    r.actorName ?? '',
    r.by,
    r.insurance,
    r.plate,
    label<TOrderType>(ORDER_TYPE_LABELS, r.orderType),
    r.departmentName,
    label<TOrderStatus>(ORDER_STATUS_LABELS, r.orderStatus),
    csvKroner(r.totalOre),
    other,
  ];
}

/** GET /api/report/ReviewLog: orders sent to and out of Gennemsyn on the days, by insurer and reviewer. */
export function sendReviewLog(db: Db, reply: FastifyReply, query: TReviewLogQuery) {
  const filter = { insurer: query.insurer ? insuredBy(query.insurer) : null, reviewer: query.reviewer };
  const batches = keysetBatches<repo.ReviewLogRow, InstantKey>(
    (after, limit) => repo.findReviewLogBatch(db, instantRange(query), filter, after, limit),
    (r) => ({ at: r.cursorAt, id: r.id }),
  );
  return sendCsv(reply, reportFileName('REVIEW_LOG', query), REVIEW_LOG_HEADER, batches, reviewLogCells);
}

// ---- Complaint report -----------------------------------------------------------------------

const COMPLAINT_REPORT_HEADER = [
  'Ordrenr.',
  'Oprettet',
  'Reklamationstype',
  'Reklamation',
  'Status',
  'Dato',
  'Afdeling',
  'Lokationskode',
  'Region',
  'Montør',
  'Oprindelig montør',
  'Oprindelig jobtype',
  'Montørfejl',
  'Årsagskode',
  'Anden årsag',
  'Reg.nr.',
  'Mærke',
  'Model',
  'Kunde',
  'Forsikring',
  'Oprindeligt rudefabrikat',
  'Total ekskl. moms',
  'Intern kommentar',
];

interface StoredComplaint {
  complaintType?: string;
  issues?: Array<{ issue: string; art: string }>;
  otherIssue?: string;
  workerFault?: boolean | null;
  referenceJobType?: string;
  oldManufacturer?: string;
}

function complaintCells(r: repo.ComplaintReportRow): TCsvValue[] {
  const c = (r.complaint ?? {}) as StoredComplaint;
  return [
    r.orderNr,
    csvDateTime(r.createdAt),
    r.orderType === 'INTERNAL_COMPLAINT' ? 'Intern Reklamation' : 'Reklamation',
    label<TComplaintType>(COMPLAINT_TYPE_LABELS, c.complaintType),
    label<TOrderStatus>(ORDER_STATUS_LABELS, r.orderStatus),
    csvDate(r.bookingDate),
    r.departmentName,
    r.navLocationCode,
    region(r.region),
    r.workerName,
    r.referenceWorkerName,
    label<TOrderType>(ORDER_TYPE_LABELS, c.referenceJobType),
    c.workerFault === true ? 'Ja' : c.workerFault === false ? 'Nej' : '',
    (c.issues ?? []).map((i) => i.issue).join(', '),
    c.otherIssue ?? '',
    r.plate,
    r.make,
    r.model,
    r.customerName,
    r.insurance,
    label<TWindowManufacturer>(WINDOW_MANUFACTURER_LABELS, c.oldManufacturer),
    csvKroner(r.totalOre),
    r.internalComment,
  ];
}

/** POST /api/complaint/report: 'Reklamation Rapport.csv' of the complaints matching the filter (created on the days). */
export function sendComplaintReport(db: Db, reply: FastifyReply, filter: TComplaintReportFilter) {
  const range: Partial<InstantRange> = {
    from: filter.fromDate ? instantRange({ from: filter.fromDate, to: filter.fromDate }).from : undefined,
    until: filter.toDate ? instantRange({ from: filter.toDate, to: filter.toDate }).until : undefined,
  };
  const batches = keysetBatches<repo.ComplaintReportRow, InstantKey>(
    (after, limit) => repo.findComplaintReportBatch(db, filter, range, after, limit),
    (r) => ({ at: r.cursorAt, id: r.id }),
  );
  return sendCsv(reply, COMPLAINT_REPORT_FILE, COMPLAINT_REPORT_HEADER, batches, complaintCells);
}
