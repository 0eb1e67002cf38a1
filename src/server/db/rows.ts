import { getTableColumns, type Column, type Table } from 'drizzle-orm';

/** A table's columns as [property, column] pairs, listed once per table: decodeRow runs for every row read as JSON. */
const columnLists = new WeakMap<Table, Array<[string, Column]>>();

function columnsOf(table: Table): Array<[string, Column]> {
  let list = columnLists.get(table);
  if (!list) columnLists.set(table, (list = Object.entries(getTableColumns(table))));
  return list;
}

/**
 * A row as the driver returned it from raw SQL (`tx.execute`, which keeps timestamps and dates as text,
 * as drizzle's own queries do), decoded column by column the way drizzle decodes its selects. For the few
 * statements drizzle's builder cannot express (data-modifying CTEs) that return whole rows.
 */
export function decodeRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = raw[column.name];
    if (value === undefined) throw new Error(`decodeRow: no column ${column.name} in the row`);
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** Rows of `json_agg`/`row_to_json` over some of a table's columns, decoded for those columns the way drizzle decodes a select. */
export function decodeColumns(columns: Record<string, Column>, raw: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns))
    row[key] = raw[column.name] === null ? null : column.mapFromDriverValue(raw[column.name]);
  return row;
}

/** The columns' names as a select list of raw SQL. */
export const columnNames = (columns: Record<string, Column>) =>
  Object.values(columns)
    .map((column) => `"${column.name}"`)
    .join(', ');
