/**
 * The booking calendar's calls (document 3, section 7 'Calendar'). Drags, appointments and the booking dialog
 * call the server directly and show a refusal where the user is (a toast beside the calendar, an alert in the
 * dialog), not through the exception dialog: the server's Danish message is the answer the user needs.
 */
import { useQuery } from '@tanstack/react-query';
import type { TCalendarEvent, TNewCalendarEvent } from '@/domain/calendar/calendar.schemas';
import type { TCalendarFilter } from '@/domain/calendar/calendar';
import type { TMessage } from '@/domain/lib/api-error';
import type { TOrder, TOrderInput } from '@/domain/orders/order.schemas';
import { api } from '../../lib/api-client';
import { fittersQuery } from '../../lib/fitters-query';
import { fetchOrder } from '../orders';
import { AUTO_REFRESH_MS, filtersParam } from './calendar-model';

const q = encodeURIComponent;

export interface CalendarQuery {
  departmentId: string;
  filters: readonly TCalendarFilter[];
  /** A fitter's id, '' for all. */
  worker: string;
  from: string;
  to: string;
}

/** Every calendar's queries start with this key; a department's with `[...CALENDAR_KEY, departmentId]`. */
export const CALENDAR_KEY = ['calendar', 'events'] as const;

export function calendarQueryKey(query: CalendarQuery) {
  return [...CALENDAR_KEY, query.departmentId, filtersParam(query.filters), query.worker, query.from, query.to] as const;
}

/** GET /api/calendar: one department's events for the shown days; reloaded every 5 minutes (section 9). */
export function useCalendarEvents(query: CalendarQuery) {
  return useQuery({
    queryKey: calendarQueryKey(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        departmentId: query.departmentId,
        filters: filtersParam(query.filters),
        from: query.from,
        to: query.to,
      });
      if (query.worker) params.set('worker', query.worker);
      return api.get<TCalendarEvent[]>(`/api/calendar?${params.toString()}`, signal);
    },
    refetchInterval: AUTO_REFRESH_MS,
    staleTime: 0,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === query.departmentId ? previous : undefined),
    meta: { errorMessage: 'Kalenderen kunne ikke hentes' },
  });
}

/** The fitters (role Operation) with their departments: the montør filter and the booking dialog's technician. */
export function useOperators() {
  return useQuery({ ...fittersQuery(), meta: { errorMessage: 'Montørerne kunne ikke hentes' } });
}

/** The booking behind a calendar event, loaded when its dialog opens. */
export function useBooking(orderId: string | null) {
  return useQuery({
    queryKey: ['calendar', 'booking', orderId],
    queryFn: () => fetchOrder(orderId!),
    enabled: orderId !== null,
    staleTime: 0,
    gcTime: 0,
    meta: { errorMessage: 'Bookingen kunne ikke hentes' },
  });
}

/** The coordinates of a mobile-service address, for the map link (the server's geocoding adapter). */
export function useCoordinates(address: string) {
  const input = address.trim();
  return useQuery({
    queryKey: ['calendar', 'coordinates', input.toLowerCase()],
    queryFn: ({ signal }) => api.get<{ lat: number; lng: number }>(`/api/departments/coordinates?input=${q(input)}`, signal),
    enabled: input.length > 0,
    staleTime: Infinity,
    retry: false,
  });
}

/** PUT /api/order/order: the order's own save (its rules and journal) with the dialog's changes. */
export function saveBooking(order: TOrderInput): Promise<TOrder> {
  return api.put<TOrder>('/api/order/order', order);
}

export function createAppointment(input: TNewCalendarEvent): Promise<TCalendarEvent[]> {
  return api.put<TCalendarEvent[]>('/api/calendar/createDepartmentEvent', input);
}

export function updateAppointment(input: { id: string; title: string; description: string }): Promise<TCalendarEvent> {
  return api.post<TCalendarEvent>('/api/calendar/updateEvent', input);
}

export function deleteAppointment(id: string): Promise<TMessage> {
  return api.delete<TMessage>(`/api/calendar/deleteDepartmentEvent/${q(id)}`);
}

/** A new start the same day (the length kept), or the all-day row; a booking's with the log dialog's reason. */
export function updateEventTime(
  id: string,
  body: { time: string; allDay: boolean; logReason?: string; logComment?: string },
): Promise<TMessage> {
  return api.post<TMessage>(`/api/calendar/updateTime/${q(id)}`, body);
}

/** The day's all-day bookings in their new order. */
export function moveAllDayBookings(body: { fromId: string; toId: string; currentOrder: string[] }): Promise<TMessage> {
  return api.post<TMessage>('/api/calendar/move/', body);
}
