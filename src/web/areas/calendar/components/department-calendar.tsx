import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CalendarProps, Formats, Messages, SlotInfo } from 'react-big-calendar';
import Calendar from 'react-big-calendar/lib/Calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import type { TCalendarEvent } from '@/domain/calendar/calendar.schemas';
import { CALENDAR_MESSAGES, type TCalendarFilter, type TCalendarResource } from '@/domain/calendar/calendar';
import { isShortEvent } from '@/domain/calendar/calendar';
import { pluralForm } from '@/domain/lib/plural';
import type { TDepartmentSummary } from '@/domain/departments/department.schemas';
import { notify } from '../../../lib/notify';
import { CALENDAR_KEY, moveAllDayBookings, updateEventTime, useCalendarEvents } from '../api';
import {
  addDays,
  calendarTitle,
  clock,
  dateToWire,
  dayKey,
  dayStart,
  defaultView,
  eventKind,
  isDraggable,
  refusalMessage,
  reorderRow,
  resourcesFor,
  sameDay,
  visibleDays,
  wireToDate,
  type TCalendarView,
} from '../calendar-model';
import '../calendar.css';
import { withDnD, type EventInteractionArgs } from './calendar-dnd';
import { CalendarEventView, eventSummary, type CalEvent } from './calendar-event';
import { localizer } from './calendar-localizer';
import { CalendarToolbar } from './calendar-toolbar';
import { cjsDefault } from './cjs-default';
import { LoadingStatus } from '../../../components/query-state';
import { lazyDialog } from '../../../lib/lazy-dialog';
import type { PendingMove } from './move-dialog';

// The log dialog of a booking's move, with the SMS offer after it: loaded when the user starts working on the calendar.
const MoveDialog = lazyDialog(
  () => import('./move-dialog').then((m) => m.MoveDialog),
  (props) => props.move !== null,
);

interface CalResource {
  id: TCalendarResource;
  title: string;
}

const DnDCalendar = withDnD<CalEvent, CalResource>(cjsDefault(Calendar) as ComponentType<CalendarProps<CalEvent, CalResource>>);

const range = ({ start, end }: { start: Date; end: Date }) => `${clock(start)} – ${clock(end)}`;
const FORMATS: Formats = {
  timeGutterFormat: 'HH:mm',
  dayFormat: 'ddd DD/MM',
  eventTimeRangeFormat: range,
  eventTimeRangeStartFormat: ({ start }) => `${clock(start)} – `,
  eventTimeRangeEndFormat: ({ end }) => ` – ${clock(end)}`,
  selectRangeFormat: range,
  dayHeaderFormat: (date: Date) => calendarTitle(date, 'day'),
  dayRangeHeaderFormat: ({ start }) => calendarTitle(start, 'week'),
};
const MESSAGES: Messages<CalEvent> = {
  allDay: 'Hele dagen',
  previous: 'Forrige',
  next: 'Næste',
  today: 'I dag',
  day: 'En Dag',
  work_week: '5 dage',
  week: 'En Uge',
  month: 'Måned',
  agenda: 'Liste',
  date: 'Dato',
  time: 'Tid',
  event: 'Aftale',
  noEventsInRange: 'Ingen aftaler i perioden',
  showMore: (count) => `+${count} ${pluralForm(count, 'mere', 'flere')}`,
};
const VIEWS = { day: true, work_week: true, week: true } as const;

/** A day's or a column's header as plain text: react-big-calendar's own is a lone 'columnheader' with aria-sort. */
function DayHeader({ label }: { label: ReactNode }) {
  return <span>{label}</span>;
}
/** The all-day row's name, in the gutter beside it (react-big-calendar leaves that corner empty). */
function AllDayLabel() {
  return <span className="cal-allday-label">{MESSAGES.allDay}</span>;
}
const COMPONENTS = { event: CalendarEventView, header: DayHeader, timeGutterHeader: AllDayLabel };
const DAY_END = new Date(1970, 0, 1, 23, 59, 59);
const OTHER_COLUMN = 'En booking bliver i sin kolonne (Mont eller Rep)';
const OTHER_PLACE = 'Bookingerne hører til hver sin afdeling';

export interface NewAppointmentSlot {
  departmentId: string;
  start: Date;
  end: Date;
  allDay: boolean;
}

export interface DepartmentCalendarProps {
  department: TDepartmentSummary;
  filters: readonly TCalendarFilter[];
  /** '24:00': the day from 00:00 instead of 06:00. */
  fullDay: boolean;
  /** A fitter's id, '' for all. */
  worker: string;
  /** Fitters' initials by id, shown on their bookings. */
  initialsOf: ReadonlyMap<string, string>;
  onOpenEvent: (event: TCalendarEvent) => void;
  onCreate: (slot: NewAppointmentSlot) => void;
}

function midnight(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** The all-day booking under the pointer where a dragged one was let go (not the dragged one, nor its preview). */
function allDayBookingAt(point: { x: number; y: number } | null, draggedId: string): string | null {
  if (!point) return null;
  for (const element of document.elementsFromPoint(point.x, point.y)) {
    const row = element.closest<HTMLElement>('[data-all-day-booking]');
    if (!row || row.closest('.rbc-addons-dnd-drag-preview')) continue;
    const id = row.dataset.eventId;
    if (id && id !== draggedId) return id;
  }
  return null;
}

/**
 * One department's calendar (document 3, 'Calendar screen'): react-big-calendar's time grid with a header of our
 * own, 'Mont' and 'Rep' columns in day view, 15-minute slots, the all-day row 'Hele dagen' (the waiting list), the
 * slots as background blocks with their free places, dragging within the day and reordering the all-day row, and
 * 'Sidst opdateret' below. It reloads every 5 minutes; the screen reloads it on 'Genindlæs' and on live changes.
 */
export function DepartmentCalendar({ department, filters, fullDay, worker, initialsOf, onOpenEvent, onCreate }: DepartmentCalendarProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [date, setDate] = useState(() => new Date());
  const [view, setView] = useState<TCalendarView>(() => defaultView(window.innerWidth));
  const days = visibleDays(date, view);
  const query = useCalendarEvents({ departmentId: department.id, filters, worker, from: days.from, to: days.to });
  /** Events moved by a drag while the server decides: drawn where they were dropped. */
  const [moved, setMoved] = useState<Record<string, { start: Date; end: Date; allDay: boolean }>>({});
  /** All-day rows reordered by a drag while the server decides, by day. */
  const [rowOrders, setRowOrders] = useState<Record<string, string[]>>({});
  /** A booking dropped elsewhere on its day, waiting in the log dialog for its reason. */
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const track = (event: MouseEvent | TouchEvent) => {
      const point = 'touches' in event ? event.touches[0] : event;
      if (point) pointer.current = { x: point.clientX, y: point.clientY };
    };
    document.addEventListener('mousemove', track, true);
    document.addEventListener('touchmove', track, { capture: true, passive: true });
    return () => {
      document.removeEventListener('mousemove', track, true);
      document.removeEventListener('touchmove', track, true);
    };
  }, []);

  const columns = resourcesFor(filters);
  const resources = view === 'day' && columns.length > 0 ? columns : undefined;

  const { events, slots } = useMemo(() => {
    const all = query.data ?? [];
    const toCal = (e: TCalendarEvent): CalEvent => {
      const override = moved[e.id];
      return {
        id: e.id,
        title: e.title,
        start: override?.start ?? wireToDate(e.start),
        end: override?.end ?? wireToDate(e.end),
        allDay: override?.allDay ?? e.allDay,
        resourceIds: e.type === 'APPOINTMENT' ? columns.map((c) => c.id) : (e.resource ?? undefined),
        source: e,
        workerInitials: e.worker ? (initialsOf.get(e.worker) ?? null) : null,
      };
    };
    const list = all.filter((e) => e.type !== 'TIMESLOT').map(toCal);
    for (const [day, order] of Object.entries(rowOrders)) {
      const at = list.flatMap((e, i) => (e.allDay && e.source.type === 'BOOKING' && dayKey(e.start) === day ? [i] : []));
      const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
      const sorted = at.map((i) => list[i]!).sort((a, b) => rank(a.id) - rank(b.id));
      at.forEach((i, k) => (list[i] = sorted[k]!));
    }
    return { events: list, slots: all.filter((e) => e.type === 'TIMESLOT').map(toCal) };
    // columns is derived from filters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data, moved, rowOrders, initialsOf, filters]);

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: [...CALENDAR_KEY, department.id] }),
    [queryClient, department.id],
  );

  // The time grid scrolls by itself: it must be reachable by keyboard and named (axe: scrollable-region-focusable).
  // react-big-calendar marks its all-day row as table parts (rowgroup, row) with no table round them and no cells in
  // them (axe: aria-required-children): those roles go, as the component draws them, also from what it renders by
  // itself (a drag's preview, a new week). Its day headers are ours (DayHeader) for the same reason.
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const tidy = () => {
      root.querySelectorAll<HTMLElement>('.rbc-time-content:not([role="group"])').forEach((grid) => {
        grid.tabIndex = 0;
        grid.setAttribute('role', 'group');
        grid.setAttribute('aria-label', `Tidsplan for ${department.name}`);
      });
      root.querySelectorAll('[role="rowgroup"], [role="row"]').forEach((element) => element.removeAttribute('role'));
    };
    tidy();
    const observer = new MutationObserver(tidy);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
    return () => observer.disconnect();
  }, [department.name]);

  const navigate = (action: 'PREV' | 'NEXT' | 'TODAY') => {
    if (action === 'TODAY') return setDate(new Date());
    const step = view === 'day' ? 1 : 7;
    setDate((d) => addDays(d, action === 'NEXT' ? step : -step));
  };

  async function reorder(event: CalEvent) {
    const targetId = allDayBookingAt(pointer.current, event.id);
    if (!targetId) return;
    const target = events.find((e) => e.id === targetId);
    if (!target || !sameDay(target.start, event.start)) return notify.error(CALENDAR_MESSAGES.sameDay);
    if (target.source.departmentId !== event.source.departmentId) return notify.error(OTHER_PLACE);
    const row = events
      .filter(
        (e) =>
          e.allDay && e.source.type === 'BOOKING' && sameDay(e.start, event.start) && e.source.departmentId === event.source.departmentId,
      )
      .map((e) => e.id);
    const next = reorderRow(row, event.id, targetId);
    if (!next) return;
    const day = dayKey(event.start);
    setRowOrders((orders) => ({ ...orders, [day]: next }));
    try {
      await moveAllDayBookings({ fromId: event.id, toId: targetId, currentOrder: next });
      await reload();
    } catch (error) {
      notify.error(refusalMessage(error));
    } finally {
      setRowOrders(({ [day]: _done, ...rest }) => rest);
    }
  }

  async function onEventDrop({ event, start, end, isAllDay, resourceId }: EventInteractionArgs<CalEvent>) {
    const newStart = new Date(start);
    // Document 3 section 5: a booking stays on its day (the server refuses it too).
    if (!sameDay(newStart, event.start)) return notify.error(CALENDAR_MESSAGES.sameDay);
    const toAllDay = Boolean(isAllDay);
    if (event.allDay && toAllDay) return reorder(event);
    if (event.source.type === 'BOOKING' && resources && resourceId !== undefined && resourceId !== event.source.resource)
      return notify.error(OTHER_COLUMN);
    if (!event.allDay && !toAllDay && newStart.getTime() === event.start.getTime()) return;
    const placed = toAllDay
      ? { start: midnight(newStart), end: new Date(midnight(newStart).getTime() + (23 * 60 + 59) * 60_000), allDay: true }
      : { start: newStart, end: event.allDay ? new Date(newStart.getTime() + 3_600_000) : new Date(end), allDay: false };
    setMoved((all) => ({ ...all, [event.id]: placed }));
    // A booking's move is a move like the worksheet's (issue 39): drawn where it was dropped, saved only once its
    // reason is confirmed in the log dialog; cancelled, it goes back.
    if (event.source.type === 'BOOKING') return setPendingMove({ event, placed });
    try {
      await updateEventTime(event.id, { time: dateToWire(placed.start), allDay: toAllDay });
      await reload();
    } catch (error) {
      // Refused (a full slot, outside the opening hours, another day): the server's words, the event back in place.
      notify.error(refusalMessage(error));
    } finally {
      setMoved(({ [event.id]: _done, ...rest }) => rest);
    }
  }

  const putBack = (id: string) => setMoved(({ [id]: _back, ...rest }) => rest);
  const cancelMove = () => {
    if (pendingMove) putBack(pendingMove.event.id);
    setPendingMove(null);
  };
  const finishMove = async () => {
    if (!pendingMove) return;
    const id = pendingMove.event.id;
    setPendingMove(null);
    await reload();
    putBack(id);
  };

  function onSelectSlot(slot: SlotInfo) {
    if (slot.action !== 'select' && slot.action !== 'doubleClick') return;
    const start = new Date(slot.start);
    if (start < midnight(new Date())) return;
    const end = new Date(slot.end);
    const allDay = start.getHours() === 0 && start.getMinutes() === 0 && end.getTime() - start.getTime() >= 86_400_000;
    onCreate({ departmentId: department.id, start, end: allDay ? start : end, allDay });
  }

  const open = (event: CalEvent) => {
    if (event.source.type !== 'TIMESLOT') onOpenEvent(event.source);
  };

  const grid = (
    <DnDCalendar
      localizer={localizer}
      culture="da"
      date={date}
      view={view}
      views={VIEWS}
      toolbar={false}
      onNavigate={(next) => setDate(next)}
      onView={(next) => setView(next as TCalendarView)}
      events={events}
      backgroundEvents={slots}
      resources={resources}
      resourceIdAccessor="id"
      resourceTitleAccessor="title"
      resourceAccessor="resourceIds"
      titleAccessor="title"
      tooltipAccessor={eventSummary}
      step={15}
      timeslots={4}
      min={dayStart(fullDay)}
      max={DAY_END}
      scrollToTime={dayStart(false)}
      formats={FORMATS}
      messages={MESSAGES}
      dayLayoutAlgorithm="no-overlap"
      components={COMPONENTS}
      eventPropGetter={(event) => {
        const s = event.source;
        if (s.type === 'TIMESLOT') return { className: `cal-slot${s.available === 0 ? ' cal-slot--full' : ''}` };
        const classes = ['cal-event', `cal-event--${eventKind(s).toLowerCase()}`];
        if (!event.allDay && isShortEvent({ start: dateToWire(event.start), end: dateToWire(event.end), allDay: false }))
          classes.push('cal-event--short');
        if (s.orderStatus === 'CANCELLED') classes.push('cal-event--cancelled');
        if (moved[event.id] || Object.values(rowOrders).some((o) => o.includes(event.id))) classes.push('cal-event--saving');
        return { className: classes.join(' ') };
      }}
      onSelectEvent={open}
      onKeyPressEvent={(event, e) => {
        const key = (e as unknown as KeyboardEvent).key;
        if (key === 'Enter' || key === ' ') {
          e.preventDefault();
          open(event);
        }
      }}
      selectable
      onSelectSlot={onSelectSlot}
      draggableAccessor={(event) => isDraggable(event.source) && !event.__isPreview}
      resizable={false}
      onEventDrop={(args) => void onEventDrop(args)}
    />
  );
  // The grid is drawn as a deferred value: the events arriving (TanStack Query tells React through
  // useSyncExternalStore, whose updates React draws at once) or a new week are drawn in the background in short slices
  // while the grid as it was stays, instead of in one task that holds a phone's main thread (issue 17: blocking time).
  const shownGrid = useDeferredValue(grid);

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'sm' }}
      aria-labelledby={headingId}
      className="department-calendar"
    >
      <Group justify="space-between" gap="xs" mb={4}>
        <Title order={2} id={headingId} fz="lg">
          {department.name}
        </Title>
        {query.isPending ? <LoadingStatus size="sm" label={`Indlæser kalenderen for ${department.name}`} /> : null}
      </Group>
      <CalendarToolbar date={date} view={view} onNavigate={navigate} onView={setView} />
      {query.isError && !query.data ? (
        <Alert color="red" title="Kalenderen kunne ikke hentes" mb="xs">
          <Button variant="light" color="red" size="xs" onClick={() => void query.refetch()}>
            Prøv igen
          </Button>
        </Alert>
      ) : null}
      <div ref={box} className="department-calendar-grid">
        {shownGrid}
      </div>
      <Text size="sm" c="dimmed" mt={6}>
        Sidst opdateret {query.dataUpdatedAt ? clock(new Date(query.dataUpdatedAt)) : '–'}
      </Text>
      <MoveDialog move={pendingMove} onCancel={cancelMove} onMoved={finishMove} />
    </Paper>
  );
}
