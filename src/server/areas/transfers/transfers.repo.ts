import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { outbox, products, stock, stockBins, stockLocations, stockMovements, transferLines, transferOrders } from '@/server/db/schema';

export type LineRow = typeof transferLines.$inferSelect & { fromCode: string; toCode: string; orderCreatedAt: Date };

export async function findLocationOfDepartment(db: DbOrTx, departmentId: string): Promise<string | null> {
  const [row] = await db.select({ code: stockLocations.code }).from(stockLocations).where(eq(stockLocations.departmentId, departmentId));
  return row?.code ?? null;
}

export async function findLocation(db: DbOrTx, code: string) {
  const [row] = await db.select().from(stockLocations).where(eq(stockLocations.code, code));
  return row ?? null;
}

/** The places goods can be moved between: the departments' shops and the warehouses (not transit). */
export async function listLocations(db: DbOrTx) {
  return db
    .select()
    .from(stockLocations)
    .where(sql`${stockLocations.kind} <> 'TRANSIT'`)
    .orderBy(asc(stockLocations.kind), asc(stockLocations.name));
}

export async function listBins(db: DbOrTx, locationCode: string): Promise<string[]> {
  return (
    await db.select({ code: stockBins.code }).from(stockBins).where(eq(stockBins.locationCode, locationCode)).orderBy(asc(stockBins.code))
  ).map((b) => b.code);
}

/** The location's bins with the amount of one item in each (0 where it has none), by bin code. */
export async function listBinsWithAmount(
  db: DbOrTx,
  locationCode: string,
  itemNo: string,
): Promise<Array<{ code: string; amount: number }>> {
  const rows = await db.execute<{ code: string; amount: number }>(
    sql`select b.code, coalesce(sum(s.amount), 0)::int as amount from stock_bins as b
      left join stock as s on s.location_code = b.location_code and s.bin_code = b.code
        and s.product_id = (select id from products where no = ${itemNo})
      where b.location_code = ${locationCode} group by b.code order by b.code`,
  );
  return rows.rows;
}

export async function binExists(db: DbOrTx, locationCode: string, bin: string): Promise<boolean> {
  return (
    (
      await db
        .select({ code: stockBins.code })
        .from(stockBins)
        .where(and(eq(stockBins.locationCode, locationCode), eq(stockBins.code, bin)))
    ).length > 0
  );
}

/** The lines sent from or received at a location, newest order first, with the filter's dates and order number. */
export async function listLines(
  db: DbOrTx,
  locationCode: string,
  filter: { from?: string; toExclusive?: string; orderNr: string },
): Promise<LineRow[]> {
  const where: Array<SQL | undefined> = [or(eq(transferOrders.fromCode, locationCode), eq(transferOrders.toCode, locationCode))];
  if (filter.from) where.push(gte(transferOrders.createdAt, sql`${filter.from}::timestamptz`));
  if (filter.toExclusive) where.push(lt(transferOrders.createdAt, sql`${filter.toExclusive}::timestamptz`));
  if (filter.orderNr) where.push(ilike(transferOrders.orderNo, `%${filter.orderNr.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  const rows = await db
    .select({
      line: transferLines,
      fromCode: transferOrders.fromCode,
      toCode: transferOrders.toCode,
      orderCreatedAt: transferOrders.createdAt,
    })
    .from(transferLines)
    .innerJoin(transferOrders, eq(transferOrders.orderNo, transferLines.orderNo))
    .where(and(...where))
    .orderBy(desc(transferOrders.createdAt), desc(transferOrders.orderNo), asc(transferLines.lineNo))
    .limit(1000);
  return rows.map((r) => ({ ...r.line, fromCode: r.fromCode, toCode: r.toCode, orderCreatedAt: r.orderCreatedAt }));
}

/** Lines whose confirmations still wait in the outbox for the ERP (nav_Need_Update). */
export async function linesAwaitingErp(db: DbOrTx, lineIds: string[]): Promise<Set<string>> {
  if (lineIds.length === 0) return new Set();
  const rows = await db
    .select({ reference: outbox.recipient })
    .from(outbox)
    .where(
      and(eq(outbox.kind, 'TRANSFER_EXPORT'), inArray(outbox.status, ['PENDING', 'SENDING', 'FAILED']), inArray(outbox.recipient, lineIds)),
    );
  return new Set(rows.map((r) => r.reference));
}

/** Which sides of the given lines have a registered movement (in_DB). */
export async function registeredSides(db: DbOrTx, lineIds: string[]): Promise<Set<string>> {
  if (lineIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ lineId: stockMovements.transferLineId, kind: stockMovements.kind })
    .from(stockMovements)
    .where(inArray(stockMovements.transferLineId, lineIds));
  return new Set(rows.map((r) => `${r.lineId}:${r.kind}`));
}

export async function findLine(db: DbOrTx, orderNo: string, lineNo: number): Promise<LineRow | null> {
  const [row] = await db
    .select({
      line: transferLines,
      fromCode: transferOrders.fromCode,
      toCode: transferOrders.toCode,
      orderCreatedAt: transferOrders.createdAt,
    })
    .from(transferLines)
    .innerJoin(transferOrders, eq(transferOrders.orderNo, transferLines.orderNo))
    .where(and(eq(transferLines.orderNo, orderNo), eq(transferLines.lineNo, lineNo)));
  return row ? { ...row.line, fromCode: row.fromCode, toCode: row.toCode, orderCreatedAt: row.orderCreatedAt } : null;
}

/** Products by number, for new lines. */
export async function findProducts(db: DbOrTx, nos: string[]) {
  if (nos.length === 0) return new Map<string, { id: string; no: string; name: string }>();
  const rows = await db.select({ id: products.id, no: products.no, name: products.name }).from(products).where(inArray(products.no, nos));
  return new Map(rows.map((r) => [r.no, r]));
}

export async function insertTransfer(
  tx: DbOrTx,
  order: { fromCode: string; toCode: string; createdBy: string },
  lines: Array<{ productId: string; itemNo: string; description: string; measureUnit: string; quantity: number }>,
): Promise<string> {
  const [created] = await tx
    .insert(transferOrders)
    .values({ orderNo: sql`'OF' || nextval('transfer_order_nr_seq')`, ...order })
    .returning({ orderNo: transferOrders.orderNo });
  await tx.insert(transferLines).values(lines.map((line, index) => ({ ...line, orderNo: created!.orderNo, lineNo: (index + 1) * 10000 })));
  return created!.orderNo;
}

/**
 * Ships or receives `quantity` of a line, atomically: the row is changed only while the side has that much open
 * (shipping up to the quantity, receiving up to what was shipped); null when it has not (a second confirmation).
 */
export async function advanceLine(tx: DbOrTx, lineId: string, side: 'SHIP' | 'RECEIVE', quantity: number): Promise<boolean> {
  const updated =
    side === 'SHIP'
      ? await tx
          .update(transferLines)
          .set({ qtyShipped: sql`${transferLines.qtyShipped} + ${quantity}`, shippedAt: sql`now()` })
          .where(and(eq(transferLines.id, lineId), sql`${transferLines.qtyShipped} + ${quantity} <= ${transferLines.quantity}`))
          .returning({ id: transferLines.id })
      : await tx
          .update(transferLines)
          .set({ qtyReceived: sql`${transferLines.qtyReceived} + ${quantity}`, receivedAt: sql`now()` })
          .where(and(eq(transferLines.id, lineId), sql`${transferLines.qtyReceived} + ${quantity} <= ${transferLines.qtyShipped}`))
          .returning({ id: transferLines.id });
  return updated.length > 0;
}

/** Ledger rows for a movement; the trigger moves the amounts, and the stock check refuses a negative bin. */
export async function insertMovements(tx: DbOrTx, rows: Array<typeof stockMovements.$inferInsert>): Promise<void> {
  await tx.insert(stockMovements).values(rows);
}

/** The stock location of a department: its own shop, else (a mobile-service van) its parent workshop's. */
export async function findStockLocationForDepartment(db: DbOrTx, departmentId: string): Promise<string | null> {
  const own = await findLocationOfDepartment(db, departmentId);
  if (own) return own;
  const [row] = await db
    .execute<{ code: string }>(
      sql`select l.code from departments as d join stock_locations as l on l.department_id = d.parent_department_id where d.id = ${departmentId}`,
    )
    .then((r) => r.rows);
  return row?.code ?? null;
}

/** A location's bins holding a product, fullest first, locked until the transaction ends. */
export async function lockBinsWithStock(
  tx: DbOrTx,
  locationCode: string,
  itemNo: string,
): Promise<Array<{ productId: string; binCode: string; amount: number }>> {
  const rows = await tx.execute<{ product_id: string; bin_code: string; amount: number }>(
    sql`select s.product_id, s.bin_code, s.amount from stock as s join products as p on p.id = s.product_id
      where s.location_code = ${locationCode} and p.no = ${itemNo} and s.amount > 0 order by s.amount desc, s.bin_code for update of s`,
  );
  return rows.rows.map((r) => ({ productId: r.product_id, binCode: r.bin_code, amount: r.amount }));
}

/** The amount on hand in one bin of a location (0 when the bin has never held the product). */
export async function findBinAmount(db: DbOrTx, productId: string, locationCode: string, binCode: string): Promise<number> {
  const [row] = await db
    .select({ amount: stock.amount })
    .from(stock)
    .where(and(eq(stock.productId, productId), eq(stock.locationCode, locationCode), eq(stock.binCode, binCode)));
  return row?.amount ?? 0;
}
