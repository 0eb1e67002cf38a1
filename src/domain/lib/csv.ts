import { copenhagenParts } from './dates';

/**
 * CSV as Danish Excel opens it by double-click: UTF-8 with a byte-order mark (else Excel reads ANSI and æøå
 * break), ';' between cells (the list separator of a Danish Windows), CRLF line ends, decimal commas and one
 * date format in every file, ISO 'yyyy-MM-dd' ('yyyy-MM-dd HH:mm' with a time), which Excel reads as a date
 * whatever the machine's locale (docs/decisions.md).
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_EOL = '\r\n';

export type TCsvValue = string | number | boolean | Date | null | undefined;

/** A value Excel would run as a formula ('=', '@', or '+'/'-' not starting a number) gets a leading apostrophe. */
function defuse(text: string): string {
  return /^[=@\t\r]/.test(text) || /^[+-](?![\d\s]*[\d][\d\s,.]*$)/.test(text) ? `'${text}` : text;
}

/** One cell: quoted when it holds the separator, a quote, a line break or edge spaces; quotes doubled. */
export function csvCell(value: TCsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return csvDateTime(value);
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nej';
  if (typeof value === 'number') return csvNumber(value);
  const text = defuse(value);
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly TCsvValue[]): string {
  return values.map(csvCell).join(CSV_SEPARATOR) + CSV_EOL;
}

/** A number with a decimal comma and no thousands separator (Excel reads '1234,5' as a number). */
export function csvNumber(value: number, decimals?: number): string {
  if (!Number.isFinite(value)) return '';
  const text = decimals === undefined ? String(value) : value.toFixed(decimals);
  return text.replace('.', ',');
}

/** Kroner from øre, two decimals: 123456 -> '1234,56'. */
export function csvKroner(ore: number): string {
  return csvNumber(ore / 100, 2);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as the files write it: 'yyyy-MM-dd'. */
const isoDay = (year: number | string, month: number | string, day: number | string) => `${year}-${pad(Number(month))}-${pad(Number(day))}`;

/**
 * yyyy-MM-dd of an instant (Copenhagen) or of a day written as text: ISO ('YYYY-MM-DD…'), or as the screens and
 * the log dialog write it ('dd/MM-YYYY', 'dd-MM-YYYY', 'dd.MM.YYYY'). Text that is no such day stays as it is.
 */
export function csvDate(value: Date | string | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (iso) return isoDay(iso[1]!, iso[2]!, iso[3]!);
    const shown = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(value);
    const [day, month] = [Number(shown?.[1]), Number(shown?.[2])];
    return shown && day >= 1 && day <= 31 && month >= 1 && month <= 12 ? isoDay(shown[3]!, month, day) : value;
  }
  const p = copenhagenParts(value);
  return isoDay(p.year, p.month, p.day);
}

/** HH:mm of an instant (Copenhagen). */
export function csvTime(value: Date | null | undefined): string {
  if (!value) return '';
  const p = copenhagenParts(value);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** yyyy-MM-dd HH:mm of an instant (Copenhagen). */
export function csvDateTime(value: Date | null | undefined): string {
  return value ? `${csvDate(value)} ${csvTime(value)}` : '';
}

/** The Content-Disposition of a download: an ASCII fallback name and the UTF-8 name (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
