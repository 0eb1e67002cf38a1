import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { queryText } from '@/server/db/prepared';
import { statusArray } from '@/server/db/status-array';
import { calendarEvents, departments, orders } from '@/server/db/schema';
import { NOT_BOOKED_STATUSES } from '@/domain/orders';

/** A department and its mobile-service vans (a calendar shows them together). */
export async function departmentWithVans(
  db: DbOrTx,
  departmentId: string,
): Promise<Array<{ id: string; name: string; parentId: string | null }>> {
  return db
    .select({ id: departments.id, name: departments.name, parentId: departments.parentDepartmentId })
    .from(departments)
    .where(or(eq(departments.id, departmentId), eq(departments.parentDepartmentId, departmentId)));
}

export interface BookingRow {
  id: string;
  order_nr: number;
  order_type: string;
  order_status: string;
  complaint_type: string | null;
  department_id: string;
  booking_date: string;
  from_at: string | null;
  to_at: string | null;
  waiting_list: boolean;
  priority: number;
  calendar_position: number | null;
  worker_id: string | null;
  created_by: string;
  customer_name: string;
  car_registration_number: string;
  car_make: string;
  car_model: string;
  internal_comment: string;
  mobile_address: string;
  /** For a windscreen booking: whether its glass is on the shelf of the department (a van: its workshop). */
  in_stock: boolean | null;
}

/**
 * The bookings of some departments on a range of days, with whether each replacement's glass is in stock at its
 * place: its main item (else its first glass line) on a shelf with an amount above zero. One round trip.
 */
const BOOKINGS = `select o.id, o.order_nr, o.order_type, o.order_status, o.complaint ->> 'complaintType' as complaint_type,
    o.department_id, to_char(o.booking_date, 'YYYY-MM-DD') as booking_date,
    to_char(o.from_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD"T"HH24:MI:SS') as from_at,
    to_char(o.to_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD"T"HH24:MI:SS') as to_at,
    o.waiting_list, o.priority, o.calendar_position, o.worker_id, o.created_by, o.customer_name,
    o.car_registration_number, o.car_make, o.car_model, o.internal_comment, o.mobile_address,
    case when o.order_type like 'REPLACE%' then coalesce((
      select exists (select 1 from stock as s join products as p on p.id = s.product_id
        join stock_locations as l on l.code = s.location_code
        join departments as d on d.id = o.department_id
        where p.no = glass.item_no and s.amount > 0 and l.department_id in (d.id, d.parent_department_id))
      from (select i.item_no from order_items as i where i.order_id = o.id and i.type = 0 and not i.is_service
            order by i.is_main_item desc, i.line_no limit 1) as glass), false) end as in_stock
  from orders as o
  where o.department_id = any($1::uuid[]) and o.booking_date between $2::date and $3::date
    and o.order_status <> all(${statusArray(NOT_BOOKED_STATUSES)})
    and ($4::uuid is null or o.worker_id = $4::uuid)
  order by o.booking_date, o.from_at nulls first, o.order_nr`;

export function findBookings(db: DbOrTx, departmentIds: string[], from: string, to: string, worker: string | null): Promise<BookingRow[]> {
  return queryText<BookingRow>(db, BOOKINGS, [departmentIds, from, to, worker]);
}

export async function findAppointments(db: DbOrTx, departmentId: string, fromInstant: Date, toInstant: Date) {
  return db
    .select()
    .from(calendarEvents)
    .where(
      and(eq(calendarEvents.departmentId, departmentId), lt(calendarEvents.startAt, toInstant), gte(calendarEvents.endAt, fromInstant)),
    )
    .orderBy(asc(calendarEvents.startAt));
}

export async function insertAppointments(tx: DbOrTx, rows: Array<typeof calendarEvents.$inferInsert>) {
  return tx.insert(calendarEvents).values(rows).returning();
}

export async function findAppointment(db: DbOrTx, id: string) {
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
  return row ?? null;
}

export async function updateAppointment(db: DbOrTx, id: string, values: Partial<typeof calendarEvents.$inferInsert>) {
  const [row] = await db
    .update(calendarEvents)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(calendarEvents.id, id))
    .returning();
  return row ?? null;
}

export async function deleteAppointment(db: DbOrTx, id: string) {
  const [row] = await db.delete(calendarEvents).where(eq(calendarEvents.id, id)).returning();
  return row ?? null;
}

/** The orders of a row being reordered, locked, with their day and department. */
export async function lockBookings(tx: DbOrTx, ids: string[]) {
  return tx
    .select({ id: orders.id, bookingDate: orders.bookingDate, departmentId: orders.departmentId, waitingList: orders.waitingList })
    .from(orders)
    .where(inArray(orders.id, ids))
    .for('update');
}

export async function setPositions(tx: DbOrTx, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) await tx.update(orders).set({ calendarPosition: position }).where(eq(orders.id, id));
}
