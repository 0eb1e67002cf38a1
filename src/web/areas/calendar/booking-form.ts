/**
 * The calendar's booking dialog (document 3, 'Booking in the dialog'): what it edits of an order and how the
 * order goes back to its own save. Pure, tested beside this file.
 */
import { ZERO_GUID, isSetGuid } from '@/domain/lib/guid';
import { ORDER_LIMITS } from '@/domain/orders/order-enums';
import type { TOrder, TOrderInput } from '@/domain/orders/order.schemas';
import type { TRoleMember } from '@/domain/users/user.schemas';

export interface TBookingForm {
  /** The fitter (a user id), the all-zero GUID for none. */
  worker: string;
  internalOrderComment: string;
  priority: number;
  obs: boolean;
  address: string;
  covered: boolean;
}

export const MAX_PRIORITY = ORDER_LIMITS.maxPriority;

export function bookingFormOf(order: TOrder): TBookingForm {
  return {
    worker: isSetGuid(order.additionalData.worker) ? order.additionalData.worker : ZERO_GUID,
    internalOrderComment: order.additionalData.internalOrderComment,
    priority: order.additionalData.priority,
    obs: order.additionalData.obs,
    address: order.timeAndPlace.mobileServiceLocation.address,
    covered: order.timeAndPlace.mobileServiceLocation.covered,
  };
}

/** The order with the dialog's changes; the mobile-service place only for a mobile-service department (section 4). */
export function applyBookingForm(order: TOrder, form: TBookingForm): TOrderInput {
  const mobile = order.timeAndPlace.department.mobileService;
  return {
    ...order,
    additionalData: {
      ...order.additionalData,
      worker: form.worker,
      internalOrderComment: form.internalOrderComment,
      priority: Math.min(MAX_PRIORITY, Math.max(0, Math.trunc(form.priority))),
      obs: form.obs,
    },
    timeAndPlace: {
      ...order.timeAndPlace,
      mobileServiceLocation: mobile ? { address: form.address.trim(), covered: form.covered } : order.timeAndPlace.mobileServiceLocation,
    },
  };
}

/** The fitter choices: the booking's department's (its workshop's and vans') first, then the others, by name. */
export function fitterOptions(fitters: readonly TRoleMember[], ownDepartments: ReadonlySet<string>, departmentName: string) {
  const byName = (a: TRoleMember, b: TRoleMember) => a.name.localeCompare(b.name, 'da');
  const option = (u: TRoleMember) => ({ value: u.id, label: `${u.name} (${u.initials})` });
  const own = fitters
    .filter((u) => ownDepartments.has(u.departmentGuid))
    .sort(byName)
    .map(option);
  const others = fitters
    .filter((u) => !ownDepartments.has(u.departmentGuid))
    .sort(byName)
    .map(option);
  return [
    { value: ZERO_GUID, label: 'Ingen montør' },
    ...(own.length ? [{ group: `Montører i ${departmentName}`, items: own }] : []),
    ...(others.length ? [{ group: own.length ? 'Andre montører' : 'Montører', items: others }] : []),
  ];
}
