import { z } from 'zod';
import { hasInvalidText, INPUT_MESSAGES, MESSAGES } from '../lib/validation';
import { fieldOfHeading, OLD_PRICE_FIELD_KEYS, OLD_PRICE_FIELDS, oldPriceLabel, type TOldPriceFieldKey } from './old-price-fields';
import {
  OLD_PRICE_IMPORT_MAX_COLUMNS,
  OLD_PRICE_IMPORT_MAX_ROWS,
  OLD_PRICE_IMPORT_REPORTED_REJECTS,
  OLD_PRICE_MESSAGES,
  type TOldPriceImportReport,
  type TOldProductInput,
} from './old-price.schemas';

/**
 * Reading the legacy price sheet (CSV or XLSX, already turned into rows of cells by the server): find the heading
 * row, map the headings to the fields, and check every row with the same schema, so each rejected row gets its
 * sheet row number and the reasons in Danish.
 */

/** A cell as the server hands it over: text (CSV, text cells), a number (XLSX number cells) or nothing. */
export type TSheetCell = string | number | null;

const MONEY_MAX = 999_999.99;
const HOURS_MAX = 99.99;

type NumberReading = { value: number | null; decimals: number } | 'invalid';

/**
 * A number as a Danish sheet writes it: '1.234,50', '1234,5', '1 234,50 kr.', '495,-', '12.500' (a dot before
 * exactly three digits groups thousands), and also '1234.50' or '1,234.50'. Blank, '-' and '–' mean no value.
 */
export function readSheetNumber(text: string): NumberReading {
  let s = text.replace(/[\s\u00a0\u2009\u202f]/g, '');
  s = s.replace(/^(kr\.?|dkk)/i, '').replace(/(kr\.?|dkk)$/i, '');
  if (s === '' || /^[-–—]$/.test(s)) return { value: null, decimals: 0 };
  s = s.replace(/[,.]-$/, '');
  let sign = 1;
  if (/^[-−]/.test(s)) {
    sign = -1;
    s = s.slice(1);
  } else if (s.startsWith('+')) {
    s = s.slice(1);
  }
  let integer: string;
  let fraction = '';
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimalMark = lastComma > lastDot ? ',' : '.';
    const groupMark = decimalMark === ',' ? '.' : ',';
    const at = s.lastIndexOf(decimalMark);
    integer = s.slice(0, at);
    fraction = s.slice(at + 1);
    if (!new RegExp(`^\\d{1,3}(\\${groupMark}\\d{3})+$`).test(integer)) return 'invalid';
    integer = integer.split(groupMark).join('');
  } else if (lastComma >= 0) {
    if (s.indexOf(',') !== lastComma) return 'invalid';
    [integer, fraction] = [s.slice(0, lastComma), s.slice(lastComma + 1)];
  } else if (lastDot >= 0) {
    if (/^\d{1,3}(\.\d{3})+$/.test(s)) {
      integer = s.replace(/\./g, '');
    } else {
      if (s.indexOf('.') !== lastDot) return 'invalid';
      [integer, fraction] = [s.slice(0, lastDot), s.slice(lastDot + 1)];
    }
  } else {
    integer = s;
  }
  if (integer === '') integer = '0';
  if (!/^\d+$/.test(integer) || !/^\d*$/.test(fraction) || (fraction === '' && /[,.]$/.test(s))) return 'invalid';
  return { value: sign * Number(`${integer}.${fraction || '0'}`), decimals: fraction.length };
}

/** Fields whose text may run over several lines; every other field is one line with single spaces. */
const MULTILINE: ReadonlySet<TOldPriceFieldKey> = new Set(['comment', 'internalComment']);

function zSheetText(key: TOldPriceFieldKey, max: number, required: boolean) {
  return z.unknown().transform((raw, ctx): string => {
    let text = raw === null || raw === undefined ? '' : String(raw).trim();
    text = MULTILINE.has(key) ? text.replace(/\r\n?/g, '\n') : text.replace(/\s+/g, ' ');
    if (key === 'productNumber') text = text.toUpperCase();
    if (hasInvalidText(text)) ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.invalidText });
    else if (required && text === '') ctx.addIssue({ code: 'custom', message: MESSAGES.required });
    else if (text.length > max) ctx.addIssue({ code: 'custom', message: MESSAGES.maxLength(max) });
    return text;
  });
}

function zSheetNumber(max: number, tooBig: string) {
  return z.unknown().transform((raw, ctx): number | null => {
    let value: number | null;
    if (raw === null || raw === undefined) return null;
    if (typeof raw === 'number') {
      if (!Number.isFinite(raw)) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.number });
        return null;
      }
      // A number cell may carry a formula's floating-point tail (1234.4999999): øre are what counts.
      value = raw;
    } else {
      const reading = readSheetNumber(String(raw));
      if (reading === 'invalid') {
        ctx.addIssue({ code: 'custom', message: MESSAGES.number });
        return null;
      }
      if (reading.decimals > 2) {
        ctx.addIssue({ code: 'custom', message: OLD_PRICE_MESSAGES.tooManyDecimals });
        return null;
      }
      value = reading.value;
    }
    if (value === null) return null;
    if (value < 0) ctx.addIssue({ code: 'custom', message: OLD_PRICE_MESSAGES.numberNegative });
    else if (value > max) ctx.addIssue({ code: 'custom', message: tooBig });
    return Math.round(value * 100) / 100;
  });
}

const shape: Record<string, z.ZodType> = Object.fromEntries(
  OLD_PRICE_FIELDS.map((field) => [
    field.key,
    field.kind === 'text'
      ? zSheetText(field.key, field.max, field.key === 'productNumber')
      : field.kind === 'money'
        ? zSheetNumber(MONEY_MAX, OLD_PRICE_MESSAGES.moneyTooBig)
        : zSheetNumber(HOURS_MAX, OLD_PRICE_MESSAGES.hoursTooBig),
  ]),
);

/**
 * One row of the sheet, keyed by field, with the cells as read (text or number; a missing column is absent).
 * Output: the row as the list stores it (text trimmed, product number in capitals, amounts in kroner).
 */
export const ZOldPriceSheetRow = z.object(shape) as unknown as z.ZodType<TOldProductInput, Partial<Record<TOldPriceFieldKey, TSheetCell>>>;

export interface SheetColumn {
  /** 0-based column index in the sheet. */
  index: number;
  heading: string;
  field: TOldPriceFieldKey | null;
}

export interface SheetReading {
  headerRow: number;
  columns: SheetColumn[];
  /** The fields the sheet has a column for (what an adding/updating import overwrites). */
  fields: TOldPriceFieldKey[];
  rowsRead: number;
  accepted: Array<{ row: number; product: TOldProductInput }>;
  rejected: TOldPriceImportReport['rejected'];
  rejectedCount: number;
}

export type SheetResult = { ok: true; reading: SheetReading } | { ok: false; message: string };

const HEADER_SEARCH_ROWS = 10;

function cellText(cell: TSheetCell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell).trim();
}

function isBlankRow(row: readonly TSheetCell[] | undefined): boolean {
  return !row || row.every((cell) => cellText(cell) === '');
}

/**
 * Reads a sheet given as rows of cells (index 0 = sheet row 1): the heading row is the first of the first 10 rows
 * with a product-number heading; rows after it are data, blank rows skipped. Whole-file problems (no product
 * number column, a field named twice, too many rows) answer `ok: false` with the Danish message.
 */
export function readOldPriceSheet(rows: readonly (readonly TSheetCell[])[]): SheetResult {
  const headerIndex = rows
    .slice(0, HEADER_SEARCH_ROWS)
    .findIndex((row) => row.some((cell) => fieldOfHeading(cellText(cell)) === 'productNumber'));
  if (headerIndex < 0) return { ok: false, message: OLD_PRICE_MESSAGES.noProductNumberColumn };
  const headings = rows[headerIndex]!;
  if (headings.length > OLD_PRICE_IMPORT_MAX_COLUMNS)
    return { ok: false, message: OLD_PRICE_MESSAGES.tooManyColumns(OLD_PRICE_IMPORT_MAX_COLUMNS) };

  const columns: SheetColumn[] = [];
  const byField = new Map<TOldPriceFieldKey, SheetColumn>();
  for (const [index, cell] of headings.entries()) {
    const heading = cellText(cell);
    if (heading === '') continue;
    const field = fieldOfHeading(heading);
    const taken = field ? byField.get(field) : undefined;
    if (field && taken) return { ok: false, message: OLD_PRICE_MESSAGES.duplicateColumn(oldPriceLabel(field), taken.heading, heading) };
    const column = { index, heading, field };
    if (field) byField.set(field, column);
    columns.push(column);
  }

  const dataRows: Array<{ row: number; cells: readonly TSheetCell[] }> = [];
  for (let index = headerIndex + 1; index < rows.length; index++) {
    if (isBlankRow(rows[index])) continue;
    dataRows.push({ row: index + 1, cells: rows[index]! });
    if (dataRows.length > OLD_PRICE_IMPORT_MAX_ROWS) {
      return { ok: false, message: OLD_PRICE_MESSAGES.tooManyRows(OLD_PRICE_IMPORT_MAX_ROWS.toLocaleString('da-DK')) };
    }
  }

  const mapped = columns.filter((column): column is SheetColumn & { field: TOldPriceFieldKey } => column.field !== null);
  const accepted: SheetReading['accepted'] = [];
  const rejected: SheetReading['rejected'] = [];
  let rejectedCount = 0;
  const seen = new Map<string, number>();
  for (const { row, cells } of dataRows) {
    const input: Partial<Record<TOldPriceFieldKey, TSheetCell>> = {};
    // A field without a column is empty (zod wants every key present).
    for (const key of OLD_PRICE_FIELD_KEYS) input[key] = null;
    for (const column of mapped) input[column.field] = cells[column.index] ?? null;
    const parsed = ZOldPriceSheetRow.safeParse(input);
    const reasons: string[] = [];
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '') as TOldPriceFieldKey;
        reasons.push(`${oldPriceLabel(key)}: ${issue.message}`);
      }
    } else {
      const first = seen.get(parsed.data.productNumber);
      if (first !== undefined) reasons.push(`${oldPriceLabel('productNumber')}: ${OLD_PRICE_MESSAGES.duplicateProductNumber(first)}`);
      else seen.set(parsed.data.productNumber, row);
    }
    if (reasons.length === 0 && parsed.success) {
      accepted.push({ row, product: parsed.data });
      continue;
    }
    rejectedCount += 1;
    if (rejected.length < OLD_PRICE_IMPORT_REPORTED_REJECTS) {
      rejected.push({ row, productNumber: cellText(input.productNumber).replace(/\s+/g, ' ').toUpperCase().slice(0, 40), reasons });
    }
  }
  return {
    ok: true,
    reading: {
      headerRow: headerIndex + 1,
      columns,
      fields: mapped.map((column) => column.field),
      rowsRead: dataRows.length,
      accepted,
      rejected,
      rejectedCount,
    },
  };
}
