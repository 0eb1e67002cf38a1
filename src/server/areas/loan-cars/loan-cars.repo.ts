import { and, asc, eq, inArray } from 'drizzle-orm';
import { toWireDateTime } from '@/domain/lib/dates';
import type { TLoanCar } from '@/domain/loan-cars';
import type { DbOrTx } from '@/server/db/client';
import { departments, loanCarDamages, loanCars } from '@/server/db/schema';

export type LoanCarRow = typeof loanCars.$inferSelect;
export type DamageRow = typeof loanCarDamages.$inferSelect;

export interface LoanCarWithDamages {
  car: LoanCarRow;
  damages: DamageRow[];
}

export function toLoanCar({ car, damages }: LoanCarWithDamages): TLoanCar {
  return {
    id: car.id,
    departmentId: car.departmentId,
    regNumber: car.regNumber,
    make: car.make,
    model: car.model,
    colour: car.colour,
    fuelType: car.fuelType,
    damages: damages.map((d) => ({ id: d.id, x: d.x, y: d.y, description: d.description, date: toWireDateTime(d.date) })),
  };
}

async function withDamages(db: DbOrTx, cars: LoanCarRow[]): Promise<LoanCarWithDamages[]> {
  if (cars.length === 0) return [];
  const damages = await db
    .select()
    .from(loanCarDamages)
    .where(
      inArray(
        loanCarDamages.loanCarId,
        cars.map((c) => c.id),
      ),
    )
    .orderBy(asc(loanCarDamages.date), asc(loanCarDamages.id));
  return cars.map((car) => ({ car, damages: damages.filter((d) => d.loanCarId === car.id) }));
}

export async function findParentDepartmentId(db: DbOrTx, departmentId: string): Promise<{ exists: boolean; parentId: string | null }> {
  const [row] = await db.select({ parentId: departments.parentDepartmentId }).from(departments).where(eq(departments.id, departmentId));
  return { exists: row !== undefined, parentId: row?.parentId ?? null };
}

export async function listCars(db: DbOrTx, departmentId: string): Promise<LoanCarWithDamages[]> {
  const cars = await db.select().from(loanCars).where(eq(loanCars.departmentId, departmentId)).orderBy(asc(loanCars.regNumber));
  return withDamages(db, cars);
}

export async function findCar(db: DbOrTx, carId: string): Promise<LoanCarWithDamages | null> {
  const [car] = await db.select().from(loanCars).where(eq(loanCars.id, carId));
  if (!car) return null;
  return (await withDamages(db, [car]))[0]!;
}

export async function insertDamage(db: DbOrTx, carId: string, damage: { x: number; y: number; description: string }): Promise<void> {
  await db.insert(loanCarDamages).values({ loanCarId: carId, ...damage });
}

export async function deleteDamage(db: DbOrTx, carId: string, damageId: string): Promise<boolean> {
  const removed = await db
    .delete(loanCarDamages)
    .where(and(eq(loanCarDamages.id, damageId), eq(loanCarDamages.loanCarId, carId)))
    .returning({ id: loanCarDamages.id });
  return removed.length > 0;
}

export async function insertCar(db: DbOrTx, car: typeof loanCars.$inferInsert): Promise<string> {
  const [row] = await db.insert(loanCars).values(car).returning({ id: loanCars.id });
  return row!.id;
}

export async function deleteCar(db: DbOrTx, carId: string): Promise<void> {
  await db.delete(loanCars).where(eq(loanCars.id, carId));
}
