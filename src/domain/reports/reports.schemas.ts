import { z } from 'zod';
import { parseWireDateTime } from '../lib/dates';
import { COMPLAINT_REPORT_STATUSES, daysBetween, REPORT_MAX_DAYS, REPORT_MESSAGES } from './reports';

// The reports' request schemas, apart from reports.ts: the web uses only its constants and links, and the zod
// schemas here would otherwise be built on every screen that offers a download (docs/decisions.md).

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
