import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products, stock } from '@/server/db/schema';
import { confirmTransfer, createTransfer } from '@/server/areas/transfers';

/**
 * Open transfers at the demo users' department (Aarhus) in both directions, so LAG and OP have work waiting:
 * glass from Nørresundby shipped and waiting to be received, an order from Vejle not yet shipped, and goods
 * Aarhus is to send to Odense.
 */
export async function seedTransfers(db: Db): Promise<void> {
  const inStock = (location: string, min: number) =>
    db
      .select({ no: products.no, bin: stock.binCode })
      .from(stock)
      .innerJoin(products, eq(products.id, stock.productId))
      .where(and(eq(stock.locationCode, location), gte(stock.amount, min)))
      .orderBy(asc(products.no))
      .limit(3);
  const lag = { initials: 'LAG' };

  const fromNorth = await inStock('NØR-LAGER', 2);
  if (fromNorth.length) {
    const lines = await createTransfer(
      db,
      fromNorth.map((p) => ({
        transfer_from_Code: 'NØR-LAGER',
        transfer_To_Code: 'ARH',
        item_No: p.no,
        description: '',
        measure_Unit: 'STK',
        qty_in_Transit: 2,
      })),
      lag,
    );
    for (const [index, line] of lines.entries()) {
      await confirmTransfer(
        db,
        { orderNo: line.order_No, lineNo: line.line_No, quantity: 2, bin: fromNorth[index]!.bin },
        { departmentGuid: '', location: 'NØR-LAGER' },
        lag,
      );
    }
  }
  const fromVejle = await inStock('VEJ-LAGER', 1);
  if (fromVejle.length) {
    await createTransfer(
      db,
      [
        {
          transfer_from_Code: 'VEJ-LAGER',
          transfer_To_Code: 'ARH',
          item_No: fromVejle[0]!.no,
          description: '',
          measure_Unit: 'STK',
          qty_in_Transit: 1,
        },
      ],
      lag,
    );
  }
  const fromAarhus = await inStock('ARH', 1);
  if (fromAarhus.length) {
    await createTransfer(
      db,
      [
        {
          transfer_from_Code: 'ARH',
          transfer_To_Code: 'ODE',
          item_No: fromAarhus[0]!.no,
          description: '',
          measure_Unit: 'STK',
          qty_in_Transit: 1,
        },
      ],
      lag,
    );
  }
}
