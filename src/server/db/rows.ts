import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A row as the driver returned it from raw SQL (`tx.execute`, which keeps timestamps and dates as text,
 * as drizzle's own queries do), decoded column by column the way drizzle decodes its selects. For the few
 * statements drizzle's builder cannot express (data-modifying CTEs) that return whole rows.
 */
export function decodeRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!(column.name in raw)) throw new Error(`decodeRow: no column ${column.name} in the row`);
    const value = raw[column.name];
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
