import { damageRefusal, type TDepartmentEditor } from '@/domain/departments';
import { isSetGuid } from '@/domain/lib/guid';
import { isOrdersLoanCar, type TDamageOrder } from '@/domain/loan-cars';
import { LOAN_CAR_MESSAGES, type TLoanCar, type TLoanCarDamageInput, type TLoanCarInput } from '@/domain/loan-cars';
import { hasFreeLoanCar } from '@/domain/orders';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { assertDepartmentEditable, assertDepartmentReadable, listDepartmentKeys } from '../departments';
import { getOrder } from '../orders';
import * as repo from './loan-cars.repo';

/**
 * GET /api/DepartmentLoanCar/{departmentId}: a department's loan cars with their damage markers. TimeManagement
 * alone reads only its own centre's departments (403).
 */
export async function listLoanCars(db: Db, departmentId: string, user: TDepartmentEditor): Promise<TLoanCar[]> {
  await assertDepartmentReadable(db, user, departmentId);
  return (await lentCars(db, departmentId)).map(repo.toLoanCar);
}

/** The cars a department lends. A mobile-service van has no cars of its own: its orders use its parent workshop's. */
async function lentCars(db: Db, departmentId: string): Promise<repo.LoanCarWithDamages[]> {
  const own = await repo.listCars(db, departmentId);
  if (own.length > 0) return own;
  const { parentId } = await repo.findParentDepartmentId(db, departmentId);
  return parentId ? repo.listCars(db, parentId) : [];
}

async function getLoanCar(db: Db, carId: string): Promise<TLoanCar> {
  const found = await repo.findCar(db, carId);
  if (!found) throw AppError.notFound(LOAN_CAR_MESSAGES.carMissing);
  return repo.toLoanCar(found);
}

/** The order's loan car as far as marking goes: the cars its department lends, and whether it has BIL001. */
async function damageOrder(db: Db, orderId: string): Promise<TDamageOrder> {
  const order = await getOrder(db, orderId);
  const departmentId = order.timeAndPlace.department.id;
  return {
    lentCarIds: isSetGuid(departmentId) ? (await lentCars(db, departmentId)).map((c) => c.car.id) : [],
    hasFreeLoanCar: hasFreeLoanCar(order.items),
  };
}

/** Whether the car can be the order's loan car (the order has BIL001 and its department lends the car). */
export async function lendsForOrder(db: Db, orderId: string, carId: string): Promise<boolean> {
  return isOrdersLoanCar(await damageOrder(db, orderId), carId);
}

/**
 * 404 for an unknown car; 403 unless the user may mark its damages (damageRefusal): an administrator any car,
 * TimeManagement its own centre's, the worksheet only the loan car of the order it sends (`orderId`).
 */
async function assertMayMarkDamages(db: Db, carId: string, user: TDepartmentEditor, orderId: string | undefined): Promise<void> {
  const found = await repo.findCar(db, carId);
  if (!found) throw AppError.notFound(LOAN_CAR_MESSAGES.carMissing);
  const order = orderId ? await damageOrder(db, orderId) : null;
  const refusal = damageRefusal(user, found.car, await listDepartmentKeys(db), order);
  if (refusal) throw AppError.forbidden(refusal);
}

/** Adds a marker; answers the car with all its markers. */
export async function addDamage(
  db: Db,
  carId: string,
  input: TLoanCarDamageInput,
  user: TDepartmentEditor,
  orderId?: string,
): Promise<TLoanCar> {
  await assertMayMarkDamages(db, carId, user, orderId);
  await repo.insertDamage(db, carId, input);
  return getLoanCar(db, carId);
}

/** Removes a marker (a repaired damage, or one set by mistake); answers the car with the rest. */
export async function removeDamage(db: Db, carId: string, damageId: string, user: TDepartmentEditor, orderId?: string): Promise<TLoanCar> {
  await assertMayMarkDamages(db, carId, user, orderId);
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
export async function addLoanCar(
  db: Db,
  departmentId: string,
  regNumber: string,
  input: TLoanCarInput,
  user: TDepartmentEditor,
): Promise<TLoanCar> {
  await assertDepartmentEditable(db, user, departmentId);
  try {
    const id = await repo.insertCar(db, { departmentId, regNumber, ...input });
    return getLoanCar(db, id);
  } catch (error) {
    const cause = error as { cause?: { constraint?: string }; constraint?: string };
    if ((cause.cause?.constraint ?? cause.constraint) === 'loan_cars_reg_number_unique')
      throw AppError.conflict(LOAN_CAR_MESSAGES.carTaken);
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
