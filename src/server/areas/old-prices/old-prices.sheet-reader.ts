import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { fieldOfHeading } from '@/domain/old-prices';
import { OLD_PRICE_IMPORT_MAX_COLUMNS, OLD_PRICE_IMPORT_MAX_ROWS, OLD_PRICE_MESSAGES } from '@/domain/old-prices';
import type { TSheetCell } from '@/domain/old-prices';
import { AppError } from '@/server/errors';

/**
 * Turns an uploaded price sheet into rows of cells for the domain's `readOldPriceSheet`: a CSV (UTF-8 with or
 * without BOM, UTF-16 with BOM, or Windows-1252; ';', ',' or tab between cells) or an XLSX workbook (the first
 * sheet with a product-number heading). Anything it cannot read is a 400 on the field `file`.
 */
export interface SheetFile {
  rows: TSheetCell[][];
  /** How it was read, in Danish, for the report. */
  readAs: string;
}

/** More than this unpacked is no price sheet (and would cost the server the memory of a zip bomb). */
const XLSX_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Rows past this are not read: the heading may be in the first 10, then at most the allowed data rows. */
const MAX_SHEET_ROWS = OLD_PRICE_IMPORT_MAX_ROWS + 10;

const fileError = (message: string) => AppError.field('file', message);

export async function readSheetFile(file: { fileName: string; mimetype: string; bytes: Buffer }): Promise<SheetFile> {
  const { bytes } = file;
  if (bytes.length === 0) throw fileError(OLD_PRICE_MESSAGES.fileEmpty);
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return readXlsx(bytes);
  if (bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) throw fileError(OLD_PRICE_MESSAGES.fileOldExcel);
  const name = file.fileName.toLowerCase();
  if (/\.(csv|txt|tsv)$/.test(name) || file.mimetype.startsWith('text/')) return readCsv(bytes);
  throw fileError(OLD_PRICE_MESSAGES.fileKind);
}

// ---------------------------------------------------------------------------
// CSV

/** Windows-1252's 0x80–0x9F (Node's decoder reads them as Latin-1 control characters). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

/** UTF-8 (a BOM is dropped), UTF-16 with its BOM, else Windows-1252 when the bytes are no valid UTF-8. */
function decodeText(bytes: Buffer): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'UTF-8 med BOM' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'UTF-16' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'UTF-16' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'Windows-1252' };
  }
}

const DELIMITERS = [
  { char: ';', name: 'semikolon' },
  { char: ',', name: 'komma' },
  { char: '\t', name: 'tabulator' },
] as const;

/** The separator the first non-blank line uses most outside quotes; ';' (Danish Excel's) on a tie. */
function detectDelimiter(text: string): (typeof DELIMITERS)[number] {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d.char, 0]));
  let quoted = false;
  let seen = false;
  for (const char of text.slice(0, 64 * 1024)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (seen) break;
    } else if (!quoted && counts.has(char)) {
      counts.set(char, counts.get(char)! + 1);
      seen = true;
    } else if (!quoted && char.trim() !== '') seen = true;
  }
  return DELIMITERS.reduce((best, d) => (counts.get(d.char)! > counts.get(best.char)! ? d : best), DELIMITERS[0]);
}

function readCsv(bytes: Buffer): SheetFile {
  const { text, encoding } = decodeText(bytes);
  const delimiter = detectDelimiter(text);
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: delimiter.char,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to: MAX_SHEET_ROWS + 1,
      max_record_size: 256 * 1024,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw fileError(OLD_PRICE_MESSAGES.csvUnreadable(typeof line === 'number' ? line : null));
  }
  if (rows.length > MAX_SHEET_ROWS) tooManyRows();
  return { rows: rows.map((row) => row.slice(0, OLD_PRICE_IMPORT_MAX_COLUMNS + 1)), readAs: `CSV, ${encoding}, ${delimiter.name}` };
}

function tooManyRows(): never {
  throw fileError(OLD_PRICE_MESSAGES.tooManyRows(OLD_PRICE_IMPORT_MAX_ROWS.toLocaleString('da-DK')));
}

// ---------------------------------------------------------------------------
// XLSX

/**
 * The unpacked size the zip's central directory declares for all its entries, or null when the directory cannot
 * be read (a cut-off or broken file) or uses ZIP64 (no price sheet needs 4 GB).
 */
function zipUnpackedSize(bytes: Buffer): number | null {
  const end = bytes.length - 22;
  let eocd = -1;
  for (let at = end; at >= Math.max(0, end - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const size = bytes.readUInt32LE(at + 24);
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/** A cell's value as text or number: rich text joined, a formula's result, a date as dd/MM-YYYY, a link's text. */
function cellValue(value: ExcelJS.CellValue | undefined): TSheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nej';
  if (value instanceof Date) return `${twoDigits(value.getUTCDate())}/${twoDigits(value.getUTCMonth() + 1)}-${value.getUTCFullYear()}`;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellValue((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellValue(value.text as ExcelJS.CellValue);
  return null;
}

function sheetRows(sheet: ExcelJS.Worksheet, limit: number): TSheetCell[][] {
  const rows: TSheetCell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber > limit) return;
    const values = Array.isArray(row.values) ? row.values.slice(1, OLD_PRICE_IMPORT_MAX_COLUMNS + 2) : [];
    rows[rowNumber - 1] = Array.from(values, (value) => cellValue(value as ExcelJS.CellValue));
  });
  return Array.from({ length: rows.length }, (_, index) => rows[index] ?? []);
}

async function readXlsx(bytes: Buffer): Promise<SheetFile> {
  const unpacked = zipUnpackedSize(bytes);
  if (unpacked === null) throw fileError(OLD_PRICE_MESSAGES.xlsxUnreadable);
  if (unpacked > XLSX_MAX_UNPACKED_BYTES) throw fileError(OLD_PRICE_MESSAGES.xlsxTooBig);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileError(OLD_PRICE_MESSAGES.xlsxUnreadable);
  }
  const sheets = workbook.worksheets.filter((sheet) => sheet.actualRowCount > 0);
  if (sheets.length === 0) throw fileError(OLD_PRICE_MESSAGES.xlsxNoSheet);
  const withHeading = sheets.find((sheet) =>
    sheetRows(sheet, 10).some((row) => row.some((cell) => cell !== null && fieldOfHeading(String(cell)) === 'productNumber')),
  );
  const sheet = withHeading ?? sheets[0]!;
  if (sheet.actualRowCount > MAX_SHEET_ROWS) tooManyRows();
  return { rows: sheetRows(sheet, MAX_SHEET_ROWS), readAs: `Excel, arket '${sheet.name}'` };
}
