import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '@/server/db/client';
import {
  carMakes,
  carModels,
  debitorPriceAgreements,
  debitors,
  departmentOpeningHours,
  departmentResourceRelations,
  departments,
  insurers,
  leasers,
  loanCarDamages,
  loanCars,
  oldPrices,
  productCarFits,
  productGroups,
  productSubItems,
  productTips,
  products,
  stockMovements,
  stockBins,
  stockLocations,
  timeSlots,
  vehicles,
  zipCodeAvailability,
  zipCodes,
} from '@/server/db/schema';
import { CAR_MAKES, CAR_MODELS } from './cars';
import { DEPARTMENTS } from './departments';
import { LOAN_CARS, LOAN_CAR_DAMAGES, RESOURCE_RELATIONS } from './loan-cars';
import { OLD_PRICES } from './old-prices';
import { DEBITORS, INSURERS, LEASERS } from './parties';
import { PRICE_AGREEMENTS } from './price-agreements';
import { PRODUCTS, PRODUCT_CAR_FITS, PRODUCT_GROUPS, PRODUCT_SUB_ITEMS, PRODUCT_TIPS } from './products';
import { OPENING_HOURS, TIME_SLOTS } from './schedules';
import { STOCK, STOCK_BINS, STOCK_LOCATIONS } from './stock';
import { VEHICLES } from './vehicles';
import { ZIP_CODE_AVAILABILITY } from './zip-availability';
import { ZIP_CODES } from './zip-codes';

const CHUNK_SIZE = 500;

async function insertChunked<TTable extends PgTable>(tx: Tx, table: TTable, rows: readonly TTable['$inferInsert'][]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    await tx.insert(table).values(rows.slice(start, start + CHUNK_SIZE));
  }
}

/**
 * Loads the demo reference data (departments, zip codes, cars, registry,
 * payers, products, stock, loan cars) into an empty database, in dependency
 * order. Deterministic: every run inserts the same rows with the same ids.
 */
export async function seedReferenceData(tx: Tx): Promise<void> {
  await insertChunked(tx, zipCodes, ZIP_CODES);
  await insertChunked(tx, carMakes, CAR_MAKES);
  await insertChunked(tx, carModels, CAR_MODELS);

  await insertChunked(tx, debitors, DEBITORS);
  await insertChunked(tx, insurers, INSURERS);
  await insertChunked(tx, leasers, LEASERS);

  await insertChunked(tx, productGroups, PRODUCT_GROUPS);
  await insertChunked(tx, products, PRODUCTS);
  await insertChunked(tx, productTips, PRODUCT_TIPS);
  await insertChunked(tx, productSubItems, PRODUCT_SUB_ITEMS);
  await insertChunked(tx, productCarFits, PRODUCT_CAR_FITS);
  await insertChunked(tx, debitorPriceAgreements, PRICE_AGREEMENTS);
  await insertChunked(tx, oldPrices, OLD_PRICES);

  await insertChunked(tx, vehicles, VEHICLES);

  // Workshops before the mobile departments that point to them as parent.
  await insertChunked(
    tx,
    departments,
    DEPARTMENTS.filter((row) => row.parentDepartmentId === null),
  );
  await insertChunked(
    tx,
    departments,
    DEPARTMENTS.filter((row) => row.parentDepartmentId !== null),
  );
  await insertChunked(tx, departmentOpeningHours, OPENING_HOURS);
  await insertChunked(tx, timeSlots, TIME_SLOTS);
  await insertChunked(tx, loanCars, LOAN_CARS);
  await insertChunked(tx, loanCarDamages, LOAN_CAR_DAMAGES);
  await insertChunked(tx, departmentResourceRelations, RESOURCE_RELATIONS);
  await insertChunked(tx, zipCodeAvailability, ZIP_CODE_AVAILABILITY);

  await insertChunked(tx, stockLocations, STOCK_LOCATIONS);
  await insertChunked(tx, stockBins, STOCK_BINS);
  // Stock is written as its ledger's opening movements; the trigger sets the amounts (migration 0017).
  await insertChunked(
    tx,
    stockMovements,
    STOCK.map((row) => ({
      productId: row.productId,
      locationCode: row.locationCode,
      binCode: row.binCode,
      quantity: row.amount,
      kind: 'OPENING',
      createdBy: 'SYSTEM',
    })),
  );
}
