import { z } from 'zod';
import { csvDate } from '../lib/csv';
import { parseWireDateTime } from '../lib/dates';

/** The CSV reports downloaded with a from/to date range (document 3, reports). */
export const REPORT_KINDS = ['LOGS', 'ORDERS', 'FEEDBACK', 'REVIEW_LOG'] as const;
export type TReportKind = (typeof REPORT_KINDS)[number];

export const REPORTS: Record<TReportKind, { label: string; path: string; fileName: string }> = {
  LOGS: { label: 'Logs', path: '/api/report/logs', fileName: 'Logs' },
  ORDERS: { label: 'Ordrerapport', path: '/api/report', fileName: 'Ordrerapport' },
  FEEDBACK: { label: 'Feedback', path: '/api/feedback', fileName: 'Feedback' },
  REVIEW_LOG: { label: 'Gennemsynslog', path: '/api/report/ReviewLog', fileName: 'Gennemsynslog' },
};

export const REPORT_MESSAGES = {
  dates: 'Vælg en fra- og en til-dato',
  order: 'Til-datoen skal være efter fra-datoen',
  tooLong: 'Vælg højst 2 år ad gangen',
} as const;

/** At most this many days in one download (two years). */
export const REPORT_MAX_DAYS = 731;

/** 'YYYY-MM-DD' or a full ISO date/time; only the day is used. */
const zIsoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}([T ].*)?$/, REPORT_MESSAGES.dates)
  .transform((v) => v.slice(0, 10))
  .refine((v) => parseWireDateTime(`${v}T00:00:00`) !== null, REPORT_MESSAGES.dates);

function checkRange(r: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (r.from > r.to) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.order });
  else if (daysBetween(r.from, r.to) > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.tooLong });
}

/** ?from&to of a report: whole days in Copenhagen, both included. */
export const ZReportRange = z.object({ from: zIsoDay, to: zIsoDay }).superRefine(checkRange);
export type TReportRange = z.infer<typeof ZReportRange>;

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The file a report downloads as, e.g. 'Ordrerapport 22-10-2026 til 22-11-2026.csv'. */
export function reportFileName(kind: TReportKind, range: { from: string; to: string }): string {
  return `${REPORTS[kind].fileName} ${csvDate(range.from)} til ${csvDate(range.to)}.csv`;
}

/** The download link of a report for a range (and the review log's insurer and reviewer). */
export function reportUrl(kind: TReportKind, range: { from: string; to: string }, extra: { insurer?: string; reviewer?: string } = {}): string {
  const params: Array<[string, string]> = [
    ['from', range.from],
    ['to', range.to],
  ];
  if (kind === 'REVIEW_LOG') {
    if (extra.insurer) params.push(['insurer', extra.insurer]);
    if (extra.reviewer) params.push(['reviewer', extra.reviewer]);
  }
  return `${REPORTS[kind].path}?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/** The complaint report's order-status choices (document 3 section 4). */
export const COMPLAINT_REPORT_STATUSES = ['PROCESSING', 'FINISHED', 'CANCELLED', 'ON_HOLD', 'SERVICE_CALL'] as const;
/** Reklamationstype: blank (both), Intern Reklamation, Reklamation. */
export const COMPLAINT_REPORT_TYPES = { INTERNAL_COMPLAINT: 'Intern Reklamation', COMPLAINT: 'Reklamation' } as const;
export const REGIONS = { Jylland: 'Jylland', Fyn: 'Fyn', Sjaelland: 'Sjælland' } as const;
export const COMPLAINT_REPORT_FILE = 'Reklamation Rapport.csv';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const zWireDay = z.preprocess(blankToUndefined, zIsoDay.optional());

/**
 * POST /api/complaint/report (document 3, complaint report filter): one cause code at a time (`issues` holds
 * at most one) or 'Andet' (`byOtherIssue`); departments are location codes, operators user ids; empty = all.
 */
export const ZComplaintReportFilter = z
  .object({
    issues: z.array(z.string().trim().min(1).max(200)).max(1, 'Vælg kun én årsagskode').default([]),
    operators: z.array(z.uuid()).max(200).default([]),
    departments: z.array(z.string().trim().min(1).max(20)).max(200).default([]),
    byOtherIssue: z.boolean().default(false),
    complaintType: z.preprocess(blankToUndefined, z.enum(['INTERNAL_COMPLAINT', 'COMPLAINT']).optional()),
    status: z.preprocess(blankToUndefined, z.enum(COMPLAINT_REPORT_STATUSES).optional()),
    region: z.preprocess(blankToUndefined, z.enum(['Jylland', 'Fyn', 'Sjaelland']).optional()),
    fromDate: zWireDay,
    toDate: zWireDay,
  })
  .refine((f) => !(f.byOtherIssue && f.issues.length > 0), { message: "Vælg enten en årsagskode eller 'Andet'", path: ['issues'] })
  .refine((f) => !f.fromDate || !f.toDate || f.fromDate <= f.toDate, { message: REPORT_MESSAGES.order, path: ['toDate'] });
export type TComplaintReportFilter = z.infer<typeof ZComplaintReportFilter>;
export type TComplaintReportFilterInput = z.input<typeof ZComplaintReportFilter>;

/** The review log's extra filters: the insurer's name and the reviewer's user id (empty = all). */
export const ZReviewLogQuery = z
  .object({
    from: zIsoDay,
    to: zIsoDay,
    insurer: z.string().trim().max(100).default(''),
    reviewer: z.preprocess(blankToUndefined, z.uuid().optional()),
  })
  .superRefine(checkRange);
export type TReviewLogQuery = z.infer<typeof ZReviewLogQuery>;
