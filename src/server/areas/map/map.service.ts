import type { TMobileServiceOrder } from '@/domain/map';
import { guidOrZero } from '@/domain/lib/guid';
import type { Db } from '@/server/db/client';
import * as repo from './map.repo';

/** POST /api/order/mobileserviceorders: the mobile-service jobs of up to 4 vans on up to 7 days, for the map. */
export async function mobileServiceOrders(db: Db, departmentIds: string[], days: string[]): Promise<TMobileServiceOrder[]> {
  const rows = await repo.findMobileOrders(db, departmentIds, days);
  return rows.map((row) => ({
    orderId: row.id,
    orderNr: String(row.order_nr),
    departmentId: row.department_id,
    departmentName: row.department_name,
    date: `${row.booking_date}T00:00:00`,
    from: row.from_at,
    to: row.to_at,
    address: row.mobile_address,
    covered: row.mobile_covered,
    customerName: row.customer_name,
    orderType: row.order_type,
    orderStatus: row.order_status,
    worker: guidOrZero(row.worker_id),
    workerName: row.worker_name,
    registrationNumber: row.car_registration_number,
  }));
}
