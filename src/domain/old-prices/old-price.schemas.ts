import { z } from 'zod';
import { MESSAGES, requiredChoice } from '../lib/validation';
import { OLD_PRICE_FIELD_KEYS, type TOldPriceFieldKey } from './old-price-fields';

/**
 * 'Gl. Prisliste' (document 3, OLD_PRODUCTS /oldproducts): the legacy price sheet, searched and paged, with an
 * import for administrators. Field names are the spec's ("Old product (legacy sheet)"); amounts are kroner
 * excl. VAT as the sheet gives them, null where the sheet has no value.
 */
const money = () => z.number().nullable();

export const ZOldProduct = z.object({
  id: z.string(),
  productNumber: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.string(),
  comment: z.string(),
  priceReady: money().describe('Pris klar (kroner excl. VAT)'),
  price1F: money().describe('Pris 1F'),
  price2F: money().describe('Pris 2F'),
  internalComment: z.string(),
  dbNr: z.string(),
  eurocode: z.string(),
  oemNr: z.string(),
  autoverNr: z.string(),
  agcNr: z.string(),
  measurement: z.string(),
  time: z.number().nullable().describe('Fitting time, hours'),
  windowReady: money(),
  window1F: money(),
  window2F: money(),
  clips: money(),
  lists: money(),
  st1St5St6: money(),
  st8: money(),
  rubberList: money(),
  glueList: money(),
  coverStrip: money(),
  sensor: money(),
  glue: money(),
  mounting: money(),
  enviroment: money(),
  pK1: money(),
  pK2: money(),
  pK3: money(),
  pK4: money(),
  calibration: money(),
});
export type TOldProduct = z.infer<typeof ZOldProduct>;
/** A row as an import stores it: every field, no id. */
export type TOldProductInput = Omit<TOldProduct, 'id'>;

/** The screen's and the API's default page: 25 rows, as the order lists. */
export const OLD_PRICE_PAGE_SIZE = 25;
export const OLD_PRICE_MAX_PAGE_SIZE = 100;
/** Far enough for the largest sheet an import takes at the smallest page size. */
export const OLD_PRICE_MAX_PAGE = 10_000;
/** "Old price list search starts at 2 characters" (document 3 sections 5 and 9). */
export const OLD_PRICE_SEARCH_MIN = 2;
export const OLD_PRICE_SEARCH_MAX = 100;

export const OLD_PRICE_MESSAGES = {
  searchTooShort: 'Skriv mindst 2 tegn',
  /** The spec's failure toast (document 3 section 8), with the typed text in place of {query}. */
  searchFailed: (query: string) => `Api "getOldProducts" failed with input ${query}`,
  listFailed: 'Den gamle prisliste kunne ikke hentes',
  importOnlyAdmin: 'Kun en administrator kan indlæse prislisten',
  fileMissing: 'Vælg en CSV- eller Excel-fil',
  fileTooLarge: 'Filen er for stor: højst 5 MB',
  fileEmpty: 'Filen er tom',
  fileKind: 'Filen skal være en CSV-fil (.csv) eller en Excel-fil (.xlsx)',
  fileOldExcel: 'Gamle Excel-filer (.xls) kan ikke læses: gem filen som .xlsx eller CSV',
  xlsxUnreadable: 'Excel-filen kunne ikke læses',
  xlsxTooBig: 'Excel-filen fylder for meget udpakket',
  xlsxNoSheet: 'Excel-filen har intet ark med data',
  csvUnreadable: (line: number | null) => (line ? `CSV-filen kunne ikke læses (linje ${line})` : 'CSV-filen kunne ikke læses'),
  noProductNumberColumn: 'Filen har ingen kolonne med varenummer (Varenummer eller productNumber) i de første 10 rækker',
  duplicateColumn: (label: string, first: string, second: string) => `Kolonnen ${label} står to gange ('${first}' og '${second}')`,
  tooManyRows: (max: string) => `Filen har mere end ${max} rækker; del den op og indlæs den i flere omgange`,
  tooManyColumns: (max: number) => `Filen har mere end ${max} kolonner`,
  duplicateProductNumber: (row: number) => `Varenummeret står også i række ${row}`,
  numberNegative: 'Må ikke være negativ',
  moneyTooBig: 'Beløbet må højst være 999.999,99 kr.',
  hoursTooBig: 'Tiden må højst være 99,99 timer',
  tooManyDecimals: 'Højst 2 decimaler',
} as const;

const zPageNumber = z.coerce
  .number({ error: MESSAGES.number })
  .int({ error: 'Skal være et helt tal' })
  .min(0)
  .max(OLD_PRICE_MAX_PAGE)
  .default(0)
  .describe('0-based page number');
const zPageSize = z.coerce
  .number({ error: MESSAGES.number })
  .int({ error: 'Skal være et helt tal' })
  .min(10)
  .max(OLD_PRICE_MAX_PAGE_SIZE)
  .default(OLD_PRICE_PAGE_SIZE)
  .describe(`Rows per page, 10–${OLD_PRICE_MAX_PAGE_SIZE} (default ${OLD_PRICE_PAGE_SIZE})`);

/** ?page=&pageSize= of the list and the search. */
export const ZOldPricePageQuery = z.object({ page: zPageNumber, pageSize: zPageSize });
export type TOldPricePageQuery = z.infer<typeof ZOldPricePageQuery>;

export const ZOldPriceSearch = z.object({
  term: z.string().trim().min(OLD_PRICE_SEARCH_MIN, OLD_PRICE_MESSAGES.searchTooShort).max(OLD_PRICE_SEARCH_MAX),
});

export const ZOldProductPage = z.object({
  products: z.array(ZOldProduct),
  /** Every row that matches, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type TOldProductPage = z.infer<typeof ZOldProductPage>;

export function pageCountOf(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

/**
 * The words of a search: every one must occur in the identifying fields (product number, brand, model, EuroCode,
 * OEM, Autover, AGC, DB nr.). Lower case, at most 6, no repeats.
 */
export function searchWords(term: string): string[] {
  return [...new Set(term.trim().toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 6);
}

/** A number as the search compares it without its spaces, dashes, dots and slashes ('5G0-845-011' → '5g0845011'). */
export function compactCode(word: string): string {
  return word.toLowerCase().replace(/[\s\-./]/g, '');
}

// ---------------------------------------------------------------------------
// Import

export const OLD_PRICE_IMPORT_MODES = ['upsert', 'replace'] as const;
export type TOldPriceImportMode = (typeof OLD_PRICE_IMPORT_MODES)[number];
export const OLD_PRICE_IMPORT_MODE_LABELS: Record<TOldPriceImportMode, string> = {
  upsert: 'Tilføj og opdatér efter varenummer',
  replace: 'Erstat hele prislisten',
};

/** The largest file an import reads. */
export const OLD_PRICE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most data rows one file may hold. */
export const OLD_PRICE_IMPORT_MAX_ROWS = 20_000;
export const OLD_PRICE_IMPORT_MAX_COLUMNS = 200;
/** The report lists this many rejected rows; the count says how many there were in all. */
export const OLD_PRICE_IMPORT_REPORTED_REJECTS = 200;

/** The text fields of the import's multipart form. */
export const ZOldPriceImportFields = z.object({
  mode: z.enum(OLD_PRICE_IMPORT_MODES, { error: requiredChoice }),
  /** 'true': read and check the file and report what would change, change nothing. */
  dryRun: z
    .enum(['true', 'false'], { error: requiredChoice })
    .default('false')
    .transform((value) => value === 'true'),
});

const ZFieldKey = z.enum(OLD_PRICE_FIELD_KEYS as readonly [TOldPriceFieldKey, ...TOldPriceFieldKey[]]);

export const ZOldPriceImportReport = z.object({
  dryRun: z.boolean(),
  mode: z.enum(OLD_PRICE_IMPORT_MODES),
  fileName: z.string(),
  /** How the file was read, e.g. 'CSV, UTF-8, semikolon' or 'Excel, arket Prisliste'. */
  readAs: z.string(),
  /** The sheet row that held the column headings (1 = the first). */
  headerRow: z.number().int(),
  columns: z.array(z.object({ heading: z.string(), field: ZFieldKey.nullable() })),
  /** Data rows read (blank rows not counted). */
  rowsRead: z.number().int(),
  accepted: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows of the list that a replacing import removed (0 when adding/updating). */
  removed: z.number().int(),
  rejectedCount: z.number().int(),
  rejected: z.array(z.object({ row: z.number().int(), productNumber: z.string(), reasons: z.array(z.string()) })),
});
export type TOldPriceImportReport = z.infer<typeof ZOldPriceImportReport>;
