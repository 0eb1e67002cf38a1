import { csvDate } from '../lib/csv';

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

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The file a report downloads as, e.g. 'Ordrerapport 2026-10-22 til 2026-11-22.csv'. */
export function reportFileName(kind: TReportKind, range: { from: string; to: string }): string {
  return `${REPORTS[kind].fileName} ${csvDate(range.from)} til ${csvDate(range.to)}.csv`;
}

/** The download link of a report for a range (and the review log's insurer and reviewer). */
export function reportUrl(
  kind: TReportKind,
  range: { from: string; to: string },
  extra: { insurer?: string; reviewer?: string } = {},
): string {
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
