import {
  bookingShown,
  CALENDAR_MESSAGES,
  calendarLimitedToCentre,
  compareEvents,
  repeatDates,
  resourceOf,
  sameDay,
} from '@/domain/calendar';
import type { TCalendarEvent, TCalendarQuery, TNewCalendarEvent, TUpdateCalendarTime } from '@/domain/calendar';
import { bookingKind, daySlotsOfKind } from '@/domain/booking';
import { calendarMoveLogEntry } from '@/domain/calendar';
import { logEntryErrors } from '@/domain/orders';
import type { TLogEntry } from '@/domain/orders';
import type { TOrder } from '@/domain/orders';
import { countText } from '@/domain/lib/plural';
import { fromCopenhagen, parseWireDateTime, todayInCopenhagen, toWireDateTime } from '@/domain/lib/dates';
import { ZERO_GUID, guidOrZero, isSetGuid } from '@/domain/lib/guid';
import type { TOrderStatus } from '@/domain/orders';
import type { SessionUser } from '@/server/auth/sessions';
import type { Db, DbOrTx } from '@/server/db/client';
import { AppError } from '@/server/errors';
import type { LiveChange } from '@/server/integrations/live/live-changes';
import { getMonthAvailability } from '../booking';
import { assertDepartmentEditable } from '../departments';
import { addLogEntry, getLogReasons, unprocessable } from '../journal';
import { getOrder } from '../orders';
import { saveOrder } from '../worksheet';
import * as repo from './calendar.repo';
import { newRowId } from '@/server/db/row-id';

/**
 * The booking calendar (document 3): a department's bookings (its vans' included), its appointments and its slots
 * with their free places, per filter; moving a booking within its day goes through the order's own save (the
 * booking seam: capacity, opening hours, rule sets) and journal.
 */

type Actor = Pick<SessionUser, 'id' | 'initials' | 'roles' | 'departmentId'>;

/** 403 when the actor may not change this department's calendar (TimeManagement outside its centre). */
async function assertMayChange(db: DbOrTx, actor: Actor, departmentId: string): Promise<void> {
  if (calendarLimitedToCentre(actor.roles)) await assertDepartmentEditable(db, actor, departmentId);
}

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T12:00:00Z`); t <= Date.parse(`${to}T12:00:00Z`); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

const startOfDay = (date: string) => fromCopenhagen(...(date.split('-').map(Number) as [number, number, number]));

function appointmentEvent(row: Awaited<ReturnType<typeof repo.findAppointments>>[number]): TCalendarEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    createdBy: row.createdBy,
    departmentId: row.departmentId,
    start: toWireDateTime(row.startAt),
    end: toWireDateTime(row.endAt),
    allDay: row.allDay,
    priority: 0,
    type: 'APPOINTMENT',
    inStock: null,
    resource: null,
    orderId: null,
    orderNr: null,
    plate: null,
    orderType: null,
    orderStatus: null,
    worker: null,
    available: null,
    capacity: null,
  };
}

/** GET /api/calendar: the events of a department on a range of days (at most 31), by the filters. */
export async function getCalendar(db: Db, query: TCalendarQuery, now = new Date()): Promise<TCalendarEvent[]> {
  const days = daysBetween(query.from, query.to);
  if (days.length === 0 || days.length > 31) throw AppError.field('to', CALENDAR_MESSAGES.range);
  const places = await repo.departmentWithVans(db, query.departmentId);
  if (!places.some((p) => p.id === query.departmentId)) throw AppError.notFound('Afdelingen findes ikke');
  const filters = query.filters;
  const events: Array<TCalendarEvent & { position: number | null }> = [];

  const bookings = await repo.findBookings(
    db,
    places.map((p) => p.id),
    query.from,
    query.to,
    isSetGuid(query.worker) ? query.worker : null,
  );
  for (const row of bookings) {
    if (
      !bookingShown(
        { orderType: row.order_type, orderStatus: row.order_status as TOrderStatus, complaintType: row.complaint_type },
        filters,
      )
    )
      continue;
    // A booking on the waiting list has no place in the plan yet: it waits in the day's all-day row.
    const allDay = row.waiting_list || !row.from_at || !row.to_at;
    events.push({
      id: row.id,
      title: [String(row.order_nr), row.car_registration_number, `${row.car_make} ${row.car_model}`.trim()].filter(Boolean).join(' · '),
      description: [row.customer_name, row.mobile_address, row.internal_comment].filter(Boolean).join('\n'),
      createdBy: row.created_by,
      departmentId: row.department_id,
      start: allDay ? `${row.booking_date}T00:00:00` : row.from_at!,
      end: allDay ? `${row.booking_date}T23:59:00` : row.to_at!,
      allDay,
      priority: row.priority,
      type: 'BOOKING',
      inStock: row.in_stock,
      resource: resourceOf(row.order_type, row.complaint_type),
      orderId: row.id,
      orderNr: String(row.order_nr),
      plate: row.car_registration_number ?? '',
      orderType: row.order_type,
      orderStatus: row.order_status,
      worker: guidOrZero(row.worker_id),
      available: null,
      capacity: null,
      position: allDay ? row.calendar_position : null,
    });
  }

  if (filters.includes('DEPARTMENT')) {
    const appointments = await repo.findAppointments(
      db,
      query.departmentId,
      startOfDay(query.from),
      new Date(startOfDay(query.to).getTime() + DAY_MS),
    );
    events.push(...appointments.map((row) => ({ ...appointmentEvent(row), position: null })));
  }

  if (filters.includes('TIMESLOT')) {
    const months = [...new Set(days.map((d) => d.slice(0, 7)))];
    for (const month of months) {
      const [y, m] = month.split('-').map(Number) as [number, number];
      const availability = await getMonthAvailability(db, query.departmentId, y, m, now);
      for (const day of availability) {
        const date = `${month}-${String(day.dayOfMonth).padStart(2, '0')}`;
        if (!days.includes(date)) continue;
        for (const [slots, resource] of [
          [day.windowReplaceSlots, 'MONT'],
          [day.stoneChipSlots, 'REP'],
        ] as const) {
          for (const slot of slots) {
            events.push({
              id: `${slot.id}:${date}`,
              title: countText(slot.available, 'ledig', 'ledige'),
              description: `${slot.alreadyBooked} booket`,
              createdBy: '',
              departmentId: query.departmentId,
              start: slot.from,
              end: slot.to,
              allDay: false,
              priority: -1,
              type: 'TIMESLOT',
              inStock: null,
              resource,
              orderId: null,
              orderNr: null,
              plate: null,
              orderType: null,
              orderStatus: null,
              worker: null,
              available: slot.available,
              capacity: slot.available + slot.alreadyBooked,
              position: null,
            });
          }
        }
      }
    }
  }

  return events.sort((a, b) => a.start.localeCompare(b.start) || compareEvents(a, b)).map(({ position: _position, ...event }) => event);
}

/** PUT /api/calendar/createDepartmentEvent: an appointment, repeated on weekdays for some weeks; not before today. */
export async function createAppointment(db: Db, input: TNewCalendarEvent, actor: Actor, now = new Date()): Promise<TCalendarEvent[]> {
  const first = input.date.slice(0, 10);
  if (first < todayInCopenhagen(now)) throw AppError.field('date', CALENDAR_MESSAGES.beforeToday);
  const places = await repo.departmentWithVans(db, input.departmentId);
  if (!places.some((p) => p.id === input.departmentId)) throw AppError.field('departmentId', 'Afdelingen findes ikke');
  await assertMayChange(db, actor, input.departmentId);
  const dates = repeatDates(first, input.repeat, input.repeatOn);
  const seriesId = dates.length > 1 ? newRowId() : null;
  const at = (date: string, time: string) => parseWireDateTime(`${date}T${time}:00`)!;
  const rows = await db.transaction((tx) =>
    repo.insertAppointments(
      tx,
      dates.map((date) => ({
        departmentId: input.departmentId,
        title: input.title,
        description: input.description,
        startAt: input.allDay ? at(date, '00:00') : at(date, input.fromTime),
        endAt: input.allDay ? at(date, '23:59') : at(date, input.toTime),
        allDay: input.allDay,
        seriesId,
        createdBy: actor.initials,
      })),
    ),
  );
  return rows.map(appointmentEvent);
}

export async function updateAppointment(
  db: Db,
  input: { id: string; title: string; description: string },
  actor: Actor,
): Promise<TCalendarEvent> {
  const stored = await repo.findAppointment(db, input.id);
  if (!stored) throw AppError.notFound(CALENDAR_MESSAGES.notFound);
  await assertMayChange(db, actor, stored.departmentId);
  const row = await repo.updateAppointment(db, input.id, { title: input.title, description: input.description });
  if (!row) throw AppError.notFound(CALENDAR_MESSAGES.notFound);
  return appointmentEvent(row);
}

/** Deletes an appointment; answers where it was, for the live changes. */
export async function deleteAppointment(db: Db, id: string, actor: Actor): Promise<{ departmentId: string; date: string }> {
  const stored = await repo.findAppointment(db, id);
  if (!stored) throw AppError.notFound(CALENDAR_MESSAGES.notFound);
  await assertMayChange(db, actor, stored.departmentId);
  if (!(await repo.deleteAppointment(db, id))) throw AppError.notFound(CALENDAR_MESSAGES.notFound);
  return { departmentId: stored.departmentId, date: toWireDateTime(stored.startAt).slice(0, 10) };
}

/**
 * POST /api/calendar/updateTime/{id}: an appointment or a booking to a new start the same day (its length kept),
 * or to the all-day row. A booking goes through the order's own save: at a slot starting then it takes that
 * slot's place (never over capacity), otherwise it keeps its length as its own times within the opening hours;
 * to the all-day row it joins the waiting list (where the department has one), and back out of it takes a place.
 * A booking's move needs the log dialog's reason (422 'Du skal vælge en årsag' otherwise, before anything is saved), and
 * writes its log entry once saved.
 * Answers where an appointment changed, for the live changes (a booking's own save tells of its change: null).
 */
export async function updateTime(
  db: Db,
  id: string,
  body: TUpdateCalendarTime,
  actor: Actor,
  now = new Date(),
): Promise<LiveChange | null> {
  const appointment = await repo.findAppointment(db, id);
  if (appointment) {
    await assertMayChange(db, actor, appointment.departmentId);
    const start = toWireDateTime(appointment.startAt);
    if (!sameDay(start, body.time)) throw AppError.field('time', CALENDAR_MESSAGES.sameDay);
    const date = body.time.slice(0, 10);
    const length = appointment.endAt.getTime() - appointment.startAt.getTime();
    const startAt = body.allDay ? parseWireDateTime(`${date}T00:00:00`)! : parseWireDateTime(body.time)!;
    const endAt = body.allDay
      ? parseWireDateTime(`${date}T23:59:00`)!
      : new Date(startAt.getTime() + (appointment.allDay ? 3_600_000 : length));
    if (!sameDay(toWireDateTime(endAt), body.time)) throw AppError.field('time', CALENDAR_MESSAGES.sameDay);
    await repo.updateAppointment(db, id, { startAt, endAt, allDay: body.allDay });
    return { departmentId: appointment.departmentId, date };
  }
  const order = await getOrder(db, id).catch(() => {
    throw AppError.notFound(CALENDAR_MESSAGES.notFound);
  });
  const t = order.timeAndPlace;
  await assertMayChange(db, actor, t.department.id);
  if (!t.date || !sameDay(t.date, body.time)) throw AppError.field('time', CALENDAR_MESSAGES.sameDay);
  // A move like the worksheet's: its reason first (checked against the log type's list), nothing saved without one.
  const log = calendarMoveLogEntry(order, body);
  const logErrors = logEntryErrors(
    log,
    (await getLogReasons(db, log.logType)).map((r) => r.text),
  );
  if (Object.keys(logErrors).length) throw unprocessable(logErrors);
  if (body.allDay) {
    await moveBooking(db, { ...order, timeAndPlace: { ...t, waitingList: true } }, log, actor, now);
    return null;
  }
  const date = body.time.slice(0, 10);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const month = await getMonthAvailability(db, t.department.id, y, m, now);
  // The slots of the kind the job books, by the booking seam's own rule.
  const day = month.find((candidate) => candidate.dayOfMonth === d);
  const kind = bookingKind(order.additionalData.orderType, order.complaint?.complaintType);
  const slot = day && daySlotsOfKind(day, kind).find((s) => s.from === body.time);
  const length = t.from && t.to ? Date.parse(`${t.to}Z`) - Date.parse(`${t.from}Z`) : 3_600_000;
  const to = toWireDateTime(new Date(parseWireDateTime(body.time)!.getTime() + length));
  const timeAndPlace = slot
    ? { ...t, timeSlotId: slot.id, from: slot.from, to: slot.to, waitingList: false }
    : { ...t, timeSlotId: ZERO_GUID, from: body.time, to, waitingList: false };
  if (!sameDay(timeAndPlace.to, body.time)) throw AppError.field('time', CALENDAR_MESSAGES.sameDay);
  await moveBooking(db, { ...order, timeAndPlace }, log, actor, now);
  return null;
}

/**
 * The booking seam takes the move (the order's own save, as the worksheet's: capacity, opening hours, rule sets,
 * journal), then the log entry is written: a move the seam refuses leaves no log.
 */
async function moveBooking(db: Db, moved: TOrder, log: TLogEntry, actor: Actor, now: Date): Promise<void> {
  await saveOrder(db, moved, actor, null, now);
  await addLogEntry(db, log, { id: actor.id, initials: actor.initials });
}

/**
 * POST /api/calendar/move/: the day's all-day bookings in the order dropped; only within one day and place.
 * Answers the day changed, for the live changes (null for bookings without a department).
 */
export async function moveBookings(
  db: Db,
  body: { fromId: string; toId: string; currentOrder: string[] },
  actor: Actor,
): Promise<LiveChange | null> {
  const ids = [...new Set([body.fromId, body.toId, ...body.currentOrder])];
  return db.transaction(async (tx) => {
    const rows = await repo.lockBookings(tx, ids);
    if (rows.length !== ids.length) throw AppError.notFound(CALENDAR_MESSAGES.notABooking);
    const from = rows.find((r) => r.id === body.fromId)!;
    if (rows.some((r) => r.bookingDate !== from.bookingDate || r.departmentId !== from.departmentId))
      throw AppError.field('toId', CALENDAR_MESSAGES.sameDay);
    if (from.departmentId) await assertMayChange(tx, actor, from.departmentId);
    await repo.setPositions(tx, body.currentOrder);
    return from.departmentId ? { departmentId: from.departmentId, date: from.bookingDate } : null;
  });
}
