import type { TDepartmentEditor } from '@/domain/departments/department-rules';
import { LOAN_CAR_MESSAGES, type TLoanCar, type TLoanCarDamageInput, type TLoanCarInput } from '@/domain/loan-cars/loan-car.schemas';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertDepartmentEditable } from '../departments';
import * as repo from './loan-cars.repo';

/**
 * A department's loan cars with their damage markers. A mobile-service van has no cars of its own:
 * its orders use the cars of its parent workshop.
 */
export async function listLoanCars(db: Db, departmentId: string): Promise<TLoanCar[]> {
  const own = await repo.listCars(db, departmentId);
  if (own.length > 0) return own.map(repo.toLoanCar);
  const { parentId } = await repo.findParentDepartmentId(db, departmentId);
  return parentId ? (await repo.listCars(db, parentId)).map(repo.toLoanCar) : [];
}

export async function getLoanCar(db: Db, carId: string): Promise<TLoanCar> {
  const found = await repo.findCar(db, carId);
  if (!found) throw AppError.notFound(LOAN_CAR_MESSAGES.carMissing);
  return repo.toLoanCar(found);
}

/** Adds a marker; answers the car with all its markers. */
export async function addDamage(db: Db, carId: string, input: TLoanCarDamageInput): Promise<TLoanCar> {
  if (!(await repo.findCar(db, carId))) throw AppError.notFound(LOAN_CAR_MESSAGES.carMissing);
  await repo.insertDamage(db, carId, input);
  return getLoanCar(db, carId);
}

/** Removes a marker (a repaired damage, or one set by mistake); answers the car with the rest. */
export async function removeDamage(db: Db, carId: string, damageId: string): Promise<TLoanCar> {
  if (!(await repo.findCar(db, carId))) throw AppError.notFound(LOAN_CAR_MESSAGES.carMissing);
  if (!(await repo.deleteDamage(db, carId, damageId))) throw AppError.notFound(LOAN_CAR_MESSAGES.damageMissing);
  return getLoanCar(db, carId);
}

/** The car as the loan agreement prints it (markers with their dates as instants). */
export async function findLoanCarForAgreement(db: Db, carId: string) {
  const found = await repo.findCar(db, carId);
  if (!found) return null;
  // The agreement compares marker times with the pickup, so the dates stay instants.
  return { ...repo.toLoanCar(found), damages: found.damages.map((d) => ({ x: d.x, y: d.y, description: d.description, date: d.date })) };
}

/** A new loan car of a department (Departments screen); the plate is unique across the company. */
export async function addLoanCar(db: Db, departmentId: string, regNumber: string, input: TLoanCarInput, user: TDepartmentEditor): Promise<TLoanCar> {
  await assertDepartmentEditable(db, user, departmentId);
  try {
    const id = await repo.insertCar(db, { departmentId, regNumber, ...input });
    return getLoanCar(db, id);
  } catch (error) {
    const cause = error as { cause?: { constraint?: string }; constraint?: string };
    if ((cause.cause?.constraint ?? cause.constraint) === 'loan_cars_reg_number_unique') throw AppError.conflict(LOAN_CAR_MESSAGES.carTaken);
    throw error;
  }
}

/** Removes a loan car (signed agreements keep their PDF; their link to the car is cleared). */
export async function deleteLoanCar(db: Db, carId: string, user: TDepartmentEditor): Promise<void> {
  const found = await repo.findCar(db, carId);
  if (!found) throw AppError.notFound(LOAN_CAR_MESSAGES.carMissing);
  await assertDepartmentEditable(db, user, found.car.departmentId);
  await repo.deleteCar(db, carId);
}
