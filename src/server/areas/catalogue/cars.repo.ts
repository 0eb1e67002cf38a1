import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { TCarModel, TManufacturer } from '@/domain/catalogue';
import { LOCKED_STATUSES } from '@/domain/orders';
import type { DbOrTx } from '@/server/db/client';
import { carMakes, carModels, orders } from '@/server/db/schema';

export async function listManufacturers(db: DbOrTx): Promise<TManufacturer[]> {
  return db.select({ manuId: carMakes.manuId, manuName: carMakes.name }).from(carMakes).orderBy(asc(carMakes.name));
}

export async function listModels(db: DbOrTx, manuId: number): Promise<TCarModel[]> {
  return db
    .select({
      modelId: carModels.modelId,
      modelName: carModels.name,
      yearOfConstrFrom: carModels.yearFrom,
      yearOfConstrTo: carModels.yearTo,
    })
    .from(carModels)
    .where(eq(carModels.manuId, manuId))
    .orderBy(asc(carModels.name));
}

export async function findModel(db: DbOrTx, modelId: number): Promise<(TCarModel & { manuId: number }) | null> {
  const [row] = await db
    .select({
      modelId: carModels.modelId,
      manuId: carModels.manuId,
      modelName: carModels.name,
      yearOfConstrFrom: carModels.yearFrom,
      yearOfConstrTo: carModels.yearTo,
    })
    .from(carModels)
    .where(eq(carModels.modelId, modelId));
  return row ?? null;
}

/** The plate's orders that are still open (not finished or cancelled), oldest first. */
export async function listOpenOrdersOnReg(db: DbOrTx, registrationNumber: string): Promise<Array<{ id: string; orderNo: string }>> {
  const rows = await db
    .select({ id: orders.id, orderNr: orders.orderNr })
    .from(orders)
    .where(and(eq(orders.carRegistrationNumber, registrationNumber), notInArray(orders.orderStatus, [...LOCKED_STATUSES])))
    .orderBy(asc(orders.createdAt), asc(orders.orderNr));
  return rows.map((row) => ({ id: row.id, orderNo: String(row.orderNr) }));
}
