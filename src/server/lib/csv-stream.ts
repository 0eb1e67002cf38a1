import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentHeader, CSV_BOM, csvRow, type TCsvValue } from '@/domain/lib/csv';
import { fromCopenhagen } from '@/domain/lib/dates';

/** An instant range [from, until). */
export interface InstantRange {
  from: Date;
  until: Date;
}

/** Whole Copenhagen days ('YYYY-MM-DD', both included) as an instant range: the first midnight to the one after the last day. */
export function instantRange(days: { from: string; to: string }): InstantRange {
  const [fy, fm, fd] = days.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = days.to.split('-').map(Number) as [number, number, number];
  return { from: fromCopenhagen(fy, fm, fd), until: fromCopenhagen(ty, tm, td + 1) };
}

/** A keyset position on a timestamptz: its exact text (a JS Date would drop the microseconds) and the row id. */
export type InstantKey = { at: string; id: string };

/** Rows read per database round trip of a report. */
export const REPORT_BATCH_SIZE = 1000;

/**
 * Batched keyset reads: `fetch(after, limit)` gives the rows after the key `after` (null: from the start) in
 * key order; the next batch starts after the last row's key. Memory holds one batch, however long the report.
 */
export async function* keysetBatches<R, K>(
  fetch: (after: K | null, limit: number) => Promise<R[]>,
  keyOf: (row: R) => K,
  batchSize = REPORT_BATCH_SIZE,
): AsyncGenerator<R[]> {
  let after: K | null = null;
  for (;;) {
    const rows = await fetch(after, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/**
 * Streams a CSV download to the reply: BOM, header row, then each batch as it is read. The first batch is
 * read before the answer starts, so a failing query still answers with an error instead of half a file; a
 * client that goes away stops the reading.
 */
export async function sendCsv<R>(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  batches: AsyncGenerator<R[]>,
  cells: (row: R) => TCsvValue[],
): Promise<FastifyReply> {
  const first = await batches.next();
  async function* chunks() {
    yield CSV_BOM + csvRow(header);
    if (first.done) return;
    yield first.value.map((row) => csvRow(cells(row))).join('');
    for await (const batch of batches) yield batch.map((row) => csvRow(cells(row))).join('');
  }
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', attachmentHeader(fileName))
    .header('Cache-Control', 'no-store')
    .send(Readable.from(chunks()));
}
