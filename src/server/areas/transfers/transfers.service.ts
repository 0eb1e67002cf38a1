import { toWireDateTime } from '@/domain/lib/dates';
import { isSetGuid } from '@/domain/lib/guid';
import {
  TRANSFER_MESSAGES,
  sideOf,
  type TBin,
  type TNewTransferLine,
  type TStockCorrection,
  type TStockCorrectionResult,
  type TTransferLine,
  type TTransferQuery,
} from '@/domain/transfers';
import type { TProductGroup } from '@/domain/catalogue';
// The catalogue area has no public index yet; its search is used as it is, so both screens find the same products.
import { searchItems } from '@/server/areas/catalogue';
import type { SessionUser } from '@/server/auth/sessions';
import type { Db, DbOrTx } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { enqueueMessages } from '@/server/integrations/outbox/outbox.repo';
import * as repo from './transfers.repo';

/**
 * Transfer orders (Vareflyt, document 2) on the stock ledger: a shipment moves stock from the source bin into
 * transit, a receipt from transit into the destination bin, each in one transaction with the line's quantities,
 * its ledger rows and its ERP export. The database keeps every amount within bounds under any race.
 */

type Actor = Pick<SessionUser, 'initials'>;

/** The location a call is about: a department's shop (departmentGuid) or a warehouse by its code; null for none. */
async function locationOf(db: Db, departmentGuid: string, location: string): Promise<string | null> {
  if (location) {
    if (!(await repo.findLocation(db, location))) throw AppError.field('location', TRANSFER_MESSAGES.unknownLocation);
    return location;
  }
  // A zero-GUID department means none chosen: no look-ups.
  if (!isSetGuid(departmentGuid)) return null;
  return repo.findLocationOfDepartment(db, departmentGuid.toLowerCase());
}

/** GET /api/transfer/products: the catalogue's text search, with each product's stock per location in `status`. */
export async function searchProducts(db: Db, search: string): Promise<TProductGroup[]> {
  return searchItems(db, { search });
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** GET /api/transfer/transfers: the lines a location sends or receives, as the list shows them from its side. */
export async function listTransfers(db: Db, query: TTransferQuery): Promise<TTransferLine[]> {
  const location = await locationOf(db, query.departmentGuid, query.location);
  if (!location) return [];
  // Dates are Copenhagen days; the day after the last is exclusive.
  const rows = await repo.listLines(db, location, {
    ...(query.from_date ? { from: `${query.from_date} 00:00 Europe/Copenhagen` } : {}),
    ...(query.to_date ? { toExclusive: `${nextDay(query.to_date)} 00:00 Europe/Copenhagen` } : {}),
    orderNr: query.order_nr,
  });
  const ids = rows.map((r) => r.id);
  const [awaiting, registered] = await Promise.all([repo.linesAwaitingErp(db, ids), repo.registeredSides(db, ids)]);
  return rows.map((row) => {
    const receipt = sideOf(row, location) === 'RECEIVE';
    const side = receipt ? 'RECEIVE' : 'SHIP';
    const handledAt = receipt ? row.receivedAt : row.shippedAt;
    return {
      order_No: row.orderNo,
      line_No: row.lineNo,
      transfer_from_Code: row.fromCode,
      transfer_To_Code: row.toCode,
      item_No: row.itemNo,
      description: row.description,
      measure_Unit: row.measureUnit,
      qty_in_Transit: row.quantity,
      qty_Shipped: row.qtyShipped,
      qty_Received: row.qtyReceived,
      nav_Need_Update: awaiting.has(row.id),
      is_Receipt: receipt,
      in_DB: registered.has(`${row.id}:${side}`),
      receipt_Date: handledAt ? toWireDateTime(handledAt) : null,
      created: toWireDateTime(row.orderCreatedAt),
    };
  });
}

/**
 * GET /api/transfer/binlist/{id}: the bins (Placeringskode) of a department's shop or a warehouse; with an item
 * number, each with the amount of that item on it (what a stock count is corrected against).
 */
export async function listBins(db: Db, id: string, itemNo = ''): Promise<TBin[]> {
  const location = isSetGuid(id)
    ? await repo.findLocationOfDepartment(db, id.toLowerCase())
    : ((await repo.findLocation(db, id))?.code ?? null);
  if (!location) return [];
  if (itemNo) return (await repo.listBinsWithAmount(db, location, itemNo)).map((b) => ({ Code: b.code, Amount: b.amount }));
  return (await repo.listBins(db, location)).map((Code) => ({ Code }));
}

export const listLocations = repo.listLocations;

/** POST /api/transfer/transfer: one transfer order with the given lines (one From and one To for all). */
export async function createTransfer(db: Db, lines: TNewTransferLine[], actor: Actor): Promise<TTransferLine[]> {
  const from = lines[0]!.transfer_from_Code;
  const to = lines[0]!.transfer_To_Code;
  if (lines.some((l) => l.transfer_from_Code !== from || l.transfer_To_Code !== to))
    throw AppError.field('transfer_To_Code', TRANSFER_MESSAGES.oneOrderAtATime);
  if (from === to) throw AppError.field('transfer_To_Code', TRANSFER_MESSAGES.samePlace);
  const [fromLocation, toLocation] = await Promise.all([repo.findLocation(db, from), repo.findLocation(db, to)]);
  if (!fromLocation || fromLocation.kind === 'TRANSIT') throw AppError.field('transfer_from_Code', TRANSFER_MESSAGES.unknownLocation);
  if (!toLocation || toLocation.kind === 'TRANSIT') throw AppError.field('transfer_To_Code', TRANSFER_MESSAGES.unknownLocation);
  const found = await repo.findProducts(db, [...new Set(lines.map((l) => l.item_No))]);
  const unknown = lines.filter((l) => !found.has(l.item_No)).map((l) => TRANSFER_MESSAGES.unknownItem(l.item_No));
  if (unknown.length) throw AppError.validation({ item_No: unknown }, unknown[0]);
  const orderNo = await db.transaction((tx) =>
    repo.insertTransfer(
      tx,
      { fromCode: from, toCode: to, createdBy: actor.initials },
      lines.map((l) => {
        const product = found.get(l.item_No)!;
        return {
          productId: product.id,
          itemNo: product.no,
          description: l.description || product.name,
          measureUnit: l.measure_Unit,
          quantity: l.qty_in_Transit,
        };
      }),
    ),
  );
  return (await listTransfers(db, { departmentGuid: '', location: from, order_nr: orderNo })).filter((l) => l.order_No === orderNo);
}

/** A stock check violation means the bin had less than the movement takes. */
function isStockShortage(error: unknown): boolean {
  const cause = error as { cause?: { constraint?: string }; constraint?: string };
  return (cause.cause?.constraint ?? cause.constraint) === 'stock_amount_not_negative';
}

/**
 * POST /api/transfer/transfer/{orderNo}/{lineNo}/{quantity}/{bin}?departmentGuid: at the line's source a
 * shipment from `bin` into transit, at its destination a receipt from transit into `bin`. Quantity 0 does
 * nothing. More than the side has open (a second confirmation) is a 409, as is more than the source bin holds;
 * nothing is changed then. Each confirmation is exported to the ERP through the outbox.
 */
export async function confirmTransfer(
  db: Db,
  params: { orderNo: string; lineNo: number; quantity: number; bin: string },
  place: { departmentGuid: string; location: string },
  actor: Actor,
): Promise<TTransferLine> {
  const location = await locationOf(db, place.departmentGuid, place.location);
  const line = await repo.findLine(db, params.orderNo, params.lineNo);
  if (!line) throw AppError.notFound(TRANSFER_MESSAGES.notFound);
  const side = location ? sideOf(line, location) : null;
  if (!location || !side) throw AppError.conflict(TRANSFER_MESSAGES.notHere);
  if (params.quantity > 0) {
    if (!(await repo.binExists(db, location, params.bin))) throw AppError.field('bin', TRANSFER_MESSAGES.unknownBin);
    const transit = { locationCode: 'TRANSIT', binCode: `${line.orderNo}/${line.lineNo}` };
    const own = { locationCode: location, binCode: params.bin };
    try {
      await db.transaction(async (tx) => {
        if (!(await repo.advanceLine(tx, line.id, side, params.quantity))) {
          throw AppError.conflict(side === 'SHIP' ? TRANSFER_MESSAGES.alreadyShipped : TRANSFER_MESSAGES.alreadyReceived);
        }
        const [out, into] = side === 'SHIP' ? [own, transit] : [transit, own];
        const common = { productId: line.productId, kind: side, transferLineId: line.id, createdBy: actor.initials };
        await repo.insertMovements(tx, [
          { ...common, ...out, quantity: -params.quantity },
          { ...common, ...into, quantity: params.quantity },
        ]);
        await enqueueMessages(tx, [
          {
            channel: 'ERP',
            kind: 'TRANSFER_EXPORT',
            recipient: line.id,
            body: JSON.stringify({
              Order_No: line.orderNo,
              Line_No: line.lineNo,
              Item_No: line.itemNo,
              Transfer_From_Code: line.fromCode,
              Transfer_To_Code: line.toCode,
              Type: side === 'SHIP' ? 'Shipment' : 'Receipt',
              Quantity: params.quantity,
              Bin_Code: params.bin,
              Posted_By: actor.initials,
              Posted_At: toWireDateTime(new Date()),
            }),
          },
        ]);
      });
    } catch (error) {
      if (isStockShortage(error)) throw AppError.conflict(TRANSFER_MESSAGES.notEnoughInBin(params.bin));
      throw error;
    }
  }
  const shown = await listTransfers(db, { departmentGuid: '', location, order_nr: line.orderNo });
  return shown.find((l) => l.order_No === line.orderNo && l.line_No === line.lineNo)!;
}

/**
 * POST /api/transfer/correction: a stock count's difference in a bin of a shop or a warehouse (not transit), as a
 * CORRECTION movement with its ERP export, in one transaction. Taking more than the bin holds is a 409 naming the
 * bin (the stock check), and nothing is changed. Answers the bin's amount after it.
 */
export async function correctStock(db: Db, input: TStockCorrection, actor: Actor): Promise<TStockCorrectionResult> {
  const location = await repo.findLocation(db, input.location);
  if (!location || location.kind === 'TRANSIT') throw AppError.field('location', TRANSFER_MESSAGES.unknownLocation);
  if (!(await repo.binExists(db, location.code, input.bin))) throw AppError.field('bin', TRANSFER_MESSAGES.unknownBin);
  const product = (await repo.findProducts(db, [input.item_No])).get(input.item_No);
  if (!product) throw AppError.field('item_No', TRANSFER_MESSAGES.unknownItem(input.item_No));
  const at = { productId: product.id, locationCode: location.code, binCode: input.bin };
  try {
    const amount = await db.transaction(async (tx) => {
      await repo.insertMovements(tx, [{ ...at, quantity: input.quantity, kind: 'CORRECTION', createdBy: actor.initials }]);
      await enqueueMessages(tx, [
        {
          channel: 'ERP',
          kind: 'STOCK_CORRECTION_EXPORT',
          recipient: product.no,
          body: JSON.stringify({
            Type: 'Correction',
            Item_No: product.no,
            Location_Code: location.code,
            Bin_Code: input.bin,
            Quantity: input.quantity,
            Posted_By: actor.initials,
            Posted_At: toWireDateTime(new Date()),
          }),
        },
      ]);
      return repo.findBinAmount(tx, product.id, location.code, input.bin);
    });
    return { location: location.code, bin: input.bin, item_No: product.no, amount };
  } catch (error) {
    if (isStockShortage(error)) throw AppError.conflict(TRANSFER_MESSAGES.notEnoughInBin(input.bin));
    throw error;
  }
}

/**
 * A finished job's goods leave its department's stock (CONSUME movements, in the caller's transaction): each line
 * takes from the bins that hold its product, fullest first, as much as they have; a line whose product is not on
 * the shelf there takes nothing (stock never goes below zero). Answers what was taken.
 */
export async function consumeOrderStock(
  tx: DbOrTx,
  order: { orderId: string; departmentId: string; items: Array<{ itemNo: string; amount: number }> },
  actor: Actor,
): Promise<Array<{ itemNo: string; taken: number; wanted: number }>> {
  const location = await repo.findStockLocationForDepartment(tx, order.departmentId);
  if (!location) return [];
  const result: Array<{ itemNo: string; taken: number; wanted: number }> = [];
  for (const item of order.items) {
    const wanted = Math.ceil(item.amount);
    if (wanted <= 0) continue;
    const bins = await repo.lockBinsWithStock(tx, location, item.itemNo);
    if (bins.length === 0) continue;
    let left = wanted;
    const rows = [];
    for (const bin of bins) {
      if (left === 0) break;
      const take = Math.min(left, bin.amount);
      rows.push({
        productId: bin.productId,
        locationCode: location,
        binCode: bin.binCode,
        quantity: -take,
        kind: 'CONSUME',
        orderId: order.orderId,
        createdBy: actor.initials,
      });
      left -= take;
    }
    if (rows.length) await repo.insertMovements(tx, rows);
    result.push({ itemNo: item.itemNo, taken: wanted - left, wanted });
  }
  return result;
}
