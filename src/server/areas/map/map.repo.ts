import type { DbOrTx } from '@/server/db/client';
import { queryText } from '@/server/db/prepared';
import { statusArray } from '@/server/db/status-array';
import { NOT_BOOKED_STATUSES } from '@/domain/orders';

/** The mobile-service jobs of some vans on some days, with the fitter's name. */
const MOBILE_ORDERS = `select o.id, o.order_nr, o.department_id, d.name as department_name, to_char(o.booking_date, 'YYYY-MM-DD') as booking_date,
    to_char(o.from_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD"T"HH24:MI:SS') as from_at,
    to_char(o.to_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD"T"HH24:MI:SS') as to_at,
    o.mobile_address, o.mobile_covered, o.customer_name, o.order_type, o.order_status, o.worker_id, coalesce(u.name, '') as worker_name,
    o.car_registration_number
  from orders as o join departments as d on d.id = o.department_id left join users as u on u.id = o.worker_id
  where o.department_id = any($1::uuid[]) and o.booking_date = any($2::date[]) and d.mobile_service
    and o.order_status <> all(${statusArray([...NOT_BOOKED_STATUSES, 'CANCELLED'])})
  order by o.booking_date, o.from_at nulls first, o.order_nr`;

export interface MobileOrderRow {
  id: string;
  order_nr: number;
  department_id: string;
  department_name: string;
  booking_date: string;
  from_at: string | null;
  to_at: string | null;
  mobile_address: string;
  mobile_covered: boolean;
  customer_name: string;
  order_type: string;
  order_status: string;
  worker_id: string | null;
  worker_name: string;
  car_registration_number: string;
}

export function findMobileOrders(db: DbOrTx, departmentIds: string[], days: string[]): Promise<MobileOrderRow[]> {
  return queryText<MobileOrderRow>(db, MOBILE_ORDERS, [departmentIds, days]);
}
