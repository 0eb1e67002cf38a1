import { isSetGuid } from '../lib/guid';
import { hasAnyRole } from '../users';
import { isNotYetBooked } from './order-enums';
import { isLocked, mayActOn } from './order-status';
import type { TDepartmentRef, TOrder } from './order.schemas';

/**
 * Who does the job: the fitters (role Operation) offered for 'Montør' and 'Hjælper', the order's own
 * department's first, and the signed-in fitter suggested on a job of the own department without one.
 */

export interface TFitterLike {
  id: string;
  name: string;
  /** The fitter's department id; the all-zero GUID when none. */
  departmentGuid: string;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Whether a fitter belongs to the order's department: the department itself, or for a mobile-service van
 * the workshop it is run from (its parent).
 */
export function worksAt(
  fitter: Pick<TFitterLike, 'departmentGuid'>,
  department: Pick<TDepartmentRef, 'id' | 'parentDepartmentId'>,
): boolean {
  if (!isSetGuid(fitter.departmentGuid)) return false;
  if (isSetGuid(department.id) && same(fitter.departmentGuid, department.id)) return true;
  return isSetGuid(department.parentDepartmentId) && same(fitter.departmentGuid, department.parentDepartmentId);
}

/** The fitters split into the department's own and the others, each by name (Danish order). */
export function fitterGroups<T extends TFitterLike>(
  fitters: readonly T[],
  department: Pick<TDepartmentRef, 'id' | 'parentDepartmentId'>,
): { own: T[]; others: T[] } {
  const byName = [...fitters].sort((a, b) => a.name.localeCompare(b.name, 'da'));
  return { own: byName.filter((f) => worksAt(f, department)), others: byName.filter((f) => !worksAt(f, department)) };
}

export interface TSignedInFitter {
  id: string;
  roles: readonly string[];
  departmentGuid: string;
}

/**
 * The fitter to suggest as 'Montør': the signed-in user when it is a fitter (role Operation) of the order's
 * department, the order has no fitter yet, and the user may still work on it (not finished or cancelled, not
 * waiting for review). Null otherwise. A suggestion is only saved when the user saves.
 */
export function suggestedWorker(order: Pick<TOrder, 'additionalData' | 'timeAndPlace'>, user: TSignedInFitter | null): string | null {
  if (!user || !hasAnyRole(user.roles, ['Operation'])) return null;
  const { worker, orderStatus } = order.additionalData;
  if (isSetGuid(worker) || isLocked(orderStatus) || !mayActOn(orderStatus, user.roles)) return null;
  if (isNotYetBooked(orderStatus)) return null;
  return worksAt(user, order.timeAndPlace.department) ? user.id : null;
}
