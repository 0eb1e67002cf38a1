import { VisuallyHidden } from '@mantine/core';
import type { TCalendarEvent } from '@/domain/calendar/calendar.schemas';
import { formatPlate } from '@/domain/lib/format';
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

/** A booking's line under its plate: its number and car, the title without the plate. */
function bookingDetail(source: CalEvent['source']): string {
  return source.title
    .split(' · ')
    .filter((part) => part !== source.plate)
    .join(' · ');
}

/**
 * An event's content (document 3; issue 39: readable however narrow the column): what a planner needs at a glance,
 * each on a line of its own that never wraps (cut with '…' instead): the time, the plate (an appointment's title),
 * the stock state, the fitter's initials; the order number and car below when there is room. A narrow event shortens
 * the time to its start and the stock state to '✓ Lager' / '✗ Lager'. The whole text is the event's tooltip (its
 * title, on hover) and what a screen reader reads (hidden text; the short forms are hidden from it); a tap opens the
 * booking's dialog. A booking in the all-day row (the waiting list) is a button of its own there, named by that text,
 * and marked for reordering by drag.
 */
export function CalendarEventView({ event, isAllDay }: CalendarEventViewProps) {
  const s = event.source;
  const stock = stockLabel(s);
  const inRow = isAllDay !== undefined;
  const booking = s.type === 'BOOKING';
  const headline = booking ? formatPlate(s.plate) || s.title : s.title;
  const detail = booking ? bookingDetail(s) : '';
  const content = (
    <>
      <span className="cal-event-visible" aria-hidden="true">
        {event.allDay || s.type === 'TIMESLOT' ? null : (
          <span className="cal-event-time">
            {clock(event.start)}
            <span className="cal-event-end"> – {clock(event.end)}</span>
          </span>
        )}
        <span className="cal-event-title">{headline}</span>
        {detail ? <span className="cal-event-detail">{detail}</span> : null}
        {stock || event.workerInitials ? (
          <span className="cal-event-tags">
            {stock ? (
              <span className={`cal-event-stock ${s.inStock ? 'is-in-stock' : 'is-not-in-stock'}`}>
                <span className="cal-event-stock-long">{stock}</span>
                <span className="cal-event-stock-short">{s.inStock ? '✓ Lager' : '✗ Lager'}</span>
              </span>
            ) : null}
            {event.workerInitials ? <span className="cal-event-worker">{event.workerInitials}</span> : null}
          </span>
        ) : null}
      </span>
      <VisuallyHidden>{eventSummary(event)}</VisuallyHidden>
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
