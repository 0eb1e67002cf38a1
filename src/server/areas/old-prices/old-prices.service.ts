import { OLD_PRICE_FIELD_KEYS } from '@/domain/old-prices';
import { readOldPriceSheet, type SheetReading } from '@/domain/old-prices';
import { OLD_PRICE_MESSAGES, ZOldPriceImportFields, type TOldPriceImportReport } from '@/domain/old-prices';
import { toFieldErrors } from '@/domain/lib/validation';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import type { MultipartBody } from '@/server/plugins/multipart';
import * as repo from './old-prices.repo';
import { readSheetFile } from './old-prices.sheet-reader';

type Changes = Pick<TOldPriceImportReport, 'added' | 'updated' | 'unchanged' | 'removed'>;

/** Thrown inside a trial run's transaction so that everything it did is rolled back. */
class TrialRun extends Error {
  constructor(readonly changes: Changes) {
    super('trial run');
  }
}

/**
 * POST /api/oldpricelist/import: reads the sheet (CSV or XLSX), checks every row with the domain's schema and, in
 * one transaction, either adds and updates rows by product number (only the columns the sheet has) or replaces the
 * whole list (rows the sheet does not name are removed; a kept row gets every column from the sheet). A trial run
 * (`dryRun`) does the same and rolls it back, so its counts are exactly what the import would do. A sheet without
 * one valid row changes nothing.
 */
export async function importOldPrices(db: Db, body: MultipartBody): Promise<TOldPriceImportReport> {
  const options = ZOldPriceImportFields.safeParse(body.fields);
  if (!options.success) throw AppError.validation(toFieldErrors(options.error.issues));
  if (!body.file) throw AppError.field('file', OLD_PRICE_MESSAGES.fileMissing);
  const { mode, dryRun } = options.data;

  const file = await readSheetFile(body.file);
  const result = readOldPriceSheet(file.rows);
  if (!result.ok) throw AppError.field('file', result.message);
  const reading = result.reading;

  const changes = await applyReading(db, reading, mode, dryRun);
  return {
    dryRun,
    mode,
    fileName: body.file.fileName.slice(0, 255),
    readAs: file.readAs,
    headerRow: reading.headerRow,
    columns: reading.columns.map((column) => ({ heading: column.heading.slice(0, 100), field: column.field })),
    rowsRead: reading.rowsRead,
    accepted: reading.accepted.length,
    ...changes,
    rejectedCount: reading.rejectedCount,
    rejected: reading.rejected,
  };
}

async function applyReading(db: Db, reading: SheetReading, mode: 'upsert' | 'replace', dryRun: boolean): Promise<Changes> {
  const products = reading.accepted.map((row) => row.product);
  if (products.length === 0) return { added: 0, updated: 0, unchanged: 0, removed: 0 };
  try {
    return await db.transaction(async (tx) => {
      await repo.lockForImport(tx);
      const removed = mode === 'replace' ? await repo.deleteOldProductsExcept(tx, new Set(products.map((p) => p.productNumber))) : 0;
      const { added, updated } = await repo.upsertOldProducts(
        tx,
        products,
        mode === 'replace' ? [...OLD_PRICE_FIELD_KEYS] : reading.fields,
      );
      const changes = { added, updated, unchanged: products.length - added - updated, removed };
      if (dryRun) throw new TrialRun(changes);
      return changes;
    });
  } catch (error) {
    if (error instanceof TrialRun) return error.changes;
    throw error;
  }
}
