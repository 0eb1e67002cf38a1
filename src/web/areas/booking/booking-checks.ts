/**
 * The booking rules the server holds, asked while the user books: whether the chosen department takes the car
 * for the job (the department's rule sets), and which vans drive to the booking's zip code on which weekdays.
 */
import { isSetGuid } from '@/domain/lib/guid';
import { bookingZipCode, carJobOf } from '@/domain/orders/order-booking-place';
import type { TOrder } from '@/domain/orders/order.schemas';
import { useDepartmentCarCheck } from '../rule-sets';
import { useZipCodeVans } from './api';

/** POST /api/departmentRuleSet/check for the order's department, car and job; asks nothing without a department and a make. */
export function useCarCheck(order: TOrder) {
  const id = order.timeAndPlace.department.id;
  return useDepartmentCarCheck(isSetGuid(id) ? { departmentId: id, ...carJobOf(order) } : null);
}

export type TVanZipAnswer =
  /** Not a van, no zip code, or no answer (yet): nothing to say. */
  | { kind: 'none' }
  | { kind: 'serves'; zipCode: string; row: NonNullable<ReturnType<typeof useZipCodeVans>['data']>[number] }
  | { kind: 'notServed'; zipCode: string };

/** Whether the order's mobile-service van drives to the booking's zip code at all (Postnummer styring), and on which days. */
export function useVanZipCode(order: TOrder): TVanZipAnswer {
  const t = order.timeAndPlace;
  const van = isSetGuid(t.department.id) && t.department.mobileService;
  const zipCode = van ? bookingZipCode(order) : '';
  const rows = useZipCodeVans(zipCode || null).data;
  if (!van || !zipCode || !rows) return { kind: 'none' };
  const row = rows.find((r) => r.isActive && r.departmentId.toLowerCase() === t.department.id.toLowerCase());
  return row ? { kind: 'serves', zipCode, row } : { kind: 'notServed', zipCode };
}
