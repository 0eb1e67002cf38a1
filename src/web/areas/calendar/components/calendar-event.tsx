import type { TCalendarEvent } from '@/domain/calendar/calendar.schemas';
import type { TCalendarResource } from '@/domain/calendar/calendar';
import { clock, KIND_LABELS, eventKind, stockLabel } from '../calendar-model';

/** An event as the calendar component holds it: the server's event with calendar dates. */
export interface CalEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  /** The day view's column(s): a booking's own, an appointment in every column shown. */
  resourceIds: TCalendarResource | TCalendarResource[] | undefined;
  source: TCalendarEvent;
  /** The fitter's initials, when one is set. */
  workerInitials: string | null;
  /** Set on the copy the drag-and-drop addon draws while dragging. */
  __isPreview?: boolean;
}

/** What the event says, for its tooltip and a screen reader: kind, time, title, stock and fitter. */
export function eventSummary(event: CalEvent): string {
  const s = event.source;
  const parts = [
    s.type === 'TIMESLOT' ? `${KIND_LABELS.TIMESLOT} ${s.resource === 'REP' ? 'Rep' : 'Mont'}` : KIND_LABELS[eventKind(s)],
    event.allDay ? (s.type === 'BOOKING' ? 'Venteliste' : 'Hele dagen') : `${clock(event.start)} – ${clock(event.end)}`,
    s.title,
    stockLabel(s),
    event.workerInitials ? `Montør ${event.workerInitials}` : null,
    s.orderStatus === 'CANCELLED' ? 'Annulleret' : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

interface CalendarEventViewProps {
  event: CalEvent;
  /** Given by the all-day row (and only there). */
  isAllDay?: boolean;
}

/**
 * An event's content (document 3): the time range (the calendar draws it above in the time grid), the title and,
 * for a windscreen booking, 'På lager' or 'Ikke på lager'; the fitter's initials when set. A booking in the all-day
 * row (the waiting list) is a button of its own there, named by its content, and marked for reordering by drag.
 */
export function CalendarEventView({ event, isAllDay }: CalendarEventViewProps) {
  const s = event.source;
  const stock = stockLabel(s);
  const inRow = isAllDay !== undefined;
  const content = (
    <>
      <span className="cal-event-title">{s.title}</span>
      {stock ? <span className={`cal-event-stock ${s.inStock ? 'is-in-stock' : 'is-not-in-stock'}`}>{stock}</span> : null}
      {event.workerInitials ? <span className="cal-event-worker">{event.workerInitials}</span> : null}
    </>
  );
  if (!inRow) {
    return (
      <span className="cal-event-body" data-event-id={event.id}>
        {content}
      </span>
    );
  }
  return (
    <span
      className="cal-event-row"
      role="button"
      tabIndex={event.__isPreview ? -1 : 0}
      data-event-id={event.id}
      data-all-day-booking={event.allDay && s.type === 'BOOKING' ? 'true' : undefined}
    >
      {content}
    </span>
  );
}
