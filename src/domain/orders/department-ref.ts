import type { TDepartmentRef } from './order-parts.schemas';

/** The department facts an order's department reference is made from (a department as the API gives it). */
export interface TDepartmentRefSource {
  id: string;
  name: string;
  address: string;
  zipCode: string;
  city: string;
  navLocationCode: string;
  mobileService: boolean;
  /** The parent department, or the all-zero GUID. */
  parentDepartmentId: string;
  debitorId: string;
}

/**
 * The department as an order shows it: its address on one line ('Vej 1, 8000 Aarhus C', leaving out what is empty).
 * The order read, the nearest-department answer and the order form's department choice all make it here.
 */
export function departmentRefOf(department: TDepartmentRefSource): TDepartmentRef {
  return {
    id: department.id,
    name: department.name,
    address: [department.address, [department.zipCode, department.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    navLocationCode: department.navLocationCode,
    mobileService: department.mobileService,
    parentDepartmentId: department.parentDepartmentId,
    debitorId: department.debitorId,
  };
}
