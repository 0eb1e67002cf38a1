import { canOpen, SCREENS } from '../access/screens';
import { editableDepartmentIds, isDepartmentAdmin, type TDepartmentEditor } from '../departments/department-rules';
import { hasAnyRole } from '../users/roles';
import { LOAN_CAR_MESSAGES } from './loan-car.schemas';

/**
 * Who marks and removes a loan car's damages (document 2 'Loan car', document 3 'Departments screen'): an
 * administrator on any car; TimeManagement on its own centre's cars, on the Departments screen; the worksheet's
 * roles only on the loan car of the order they work on, at handover and return.
 */

/** The order a worksheet marks damages for, as far as its loan car goes. */
export interface TDamageOrder {
  /** The cars the order's department lends: its own, or a mobile van's parent workshop's. */
  lentCarIds: readonly string[];
  /** Whether the order has the free loan car (BIL001), which enables the loan agreement. */
  hasFreeLoanCar: boolean;
}

/**
 * Whether the car can be the order's loan car: the order has the free loan car and its department lends the car.
 * Any of them, also after an agreement is signed: a car swapped at handover is marked before its agreement is signed.
 */
export function isOrdersLoanCar(order: TDamageOrder, carId: string): boolean {
  return order.hasFreeLoanCar && order.lentCarIds.some((id) => id.toLowerCase() === carId.toLowerCase());
}

/** Whether the user marks damages on the Departments screen (on the cars of the departments it may edit). */
export function marksDamagesOfDepartments(user: Pick<TDepartmentEditor, 'roles'>): boolean {
  return isDepartmentAdmin(user) || hasAnyRole(user.roles, ['TimeManagement']);
}

/**
 * Why the user may not mark or remove a damage on the car, or null when it may. `departments` are every
 * department's keys (for TimeManagement's centre); `order` is the order the worksheet sends, when it sends one.
 */
export function damageRefusal(
  user: TDepartmentEditor,
  car: { id: string; departmentId: string },
  departments: Parameters<typeof editableDepartmentIds>[1],
  order: TDamageOrder | null,
): string | null {
  if (isDepartmentAdmin(user)) return null;
  const timeManagement = hasAnyRole(user.roles, ['TimeManagement']);
  if (timeManagement && editableDepartmentIds(user, departments).has(car.departmentId.toLowerCase())) return null;
  const worksheet = canOpen(SCREENS.WORKSHEET.access, user.roles);
  if (worksheet && order && isOrdersLoanCar(order, car.id)) return null;
  return worksheet && (order || !timeManagement) ? LOAN_CAR_MESSAGES.notTheOrdersCar : LOAN_CAR_MESSAGES.notYourCentresCar;
}
