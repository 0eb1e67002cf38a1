import { canOpen, SCREENS } from '../access';
import { isOrdersLoanCar, type TDamageOrder, LOAN_CAR_MESSAGES } from '../loan-cars';
import { hasAnyRole } from '../users';
import { editableDepartmentIds, isDepartmentAdmin, type TDepartmentEditor } from './department-rules';

/**
 * Who marks and removes a loan car's damages (document 2 'Loan car', document 3 'Departments screen'): an
 * administrator on any car; TimeManagement on its own centre's cars, on the Departments screen; the worksheet's
 * roles only on the loan car of the order they work on, at handover and return.
 */

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
