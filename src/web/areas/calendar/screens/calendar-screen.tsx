import { Box, Center, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TCalendarEvent } from '@/domain/calendar/calendar.schemas';
import { DEFAULT_CALENDAR_FILTERS, type TCalendarFilter } from '@/domain/calendar/calendar';
import { PageHeader } from '../../../components/page-header';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useDepartmentSummaries } from '../../departments';
import { useSession } from '../../users';
import { CALENDAR_KEY, useOperators } from '../api';
import {
  calendarDepartments,
  clock,
  concernsCalendar,
  dayKey,
  departmentFamily,
  MAX_CALENDARS,
  ownCalendarDepartment,
} from '../calendar-model';
import type { LiveChange } from '@/domain/calendar/live-changes';
import { useLiveChanges } from '../../../lib/use-live-changes';
import { CommandBar } from '../components/command-bar';
import type { NewAppointmentSlot } from '../components/department-calendar';
import { DepartmentPickers, FitterPicker } from '../components/department-pickers';
import type { NewAppointmentStart } from '../components/new-appointment-dialog';
import { LoadingStatus } from '../../../components/query-state';
import { lazyDialog } from '../../../lib/lazy-dialog';

export const SCREEN_TITLE = 'Kalender';

/**
 * react-big-calendar with its styles is a chunk of its own (docs/decisions.md, 'Calendar screen'): the command bar
 * and the pickers draw at once, and the router asks for both chunks together.
 */
const DepartmentCalendar = lazy(() => {
  // Parts of react-big-calendar in chunks of their own, asked for together (each chunk stays under 60 KB).
  void import('../components/calendar-localizer').catch(() => undefined);
  void import('../components/calendar-dnd').catch(() => undefined);
  return import('../components/department-calendar').then((m) => ({ default: m.DepartmentCalendar }));
});

// The dialogs of an event and of 'Ny Aftale' come when the user starts working on the calendar (they bring the
// forms' zod schemas and the order's field labels; the calendar itself validates nothing).
const BookingDialog = lazyDialog(
  () => import('../components/booking-dialog').then((m) => m.BookingDialog),
  (props) => props.event !== null,
);
const AppointmentDialog = lazyDialog(
  () => import('../components/appointment-dialog').then((m) => m.AppointmentDialog),
  (props) => props.event !== null,
);
const NewAppointmentDialog = lazyDialog(
  () => import('../components/new-appointment-dialog').then((m) => m.NewAppointmentDialog),
  (props) => props.start !== null,
);

/** The room a calendar takes while its chunk loads, so nothing jumps when it arrives. */
function CalendarPlaceholder({ name }: { name: string }) {
  return (
    <Paper withBorder radius="md" p="sm" h={780}>
      <Text fw={700} fz="lg">
        {name}
      </Text>
      <Center h="85%">
        <LoadingStatus label={`Indlæser kalenderen for ${name}`} />
      </Center>
    </Paper>
  );
}
const DEPARTMENT_PARAM = 'afdeling';
const WORKER_PARAM = 'montoer';

/**
 * Kalender (/calender, document 3 'Calendar screen'): the command bar, up to three department calendars side by
 * side (one on a phone) with a montør filter, the booking dialog, the appointment dialogs, and live updates.
 * The chosen departments and fitter are kept in the address, so a reload or a shared link shows the same.
 */
export function CalendarScreen() {
  const isPhone = useIsPhone();
  const queryClient = useQueryClient();
  const { user, isLoading: userLoading } = useSession();
  const departmentsQuery = useDepartmentSummaries();
  const operators = useOperators();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<TCalendarFilter[]>(() => [...DEFAULT_CALENDAR_FILTERS]);
  const [fullDay, setFullDay] = useState(false);
  const [booking, setBooking] = useState<TCalendarEvent | null>(null);
  const [appointment, setAppointment] = useState<TCalendarEvent | null>(null);
  const [newAppointment, setNewAppointment] = useState<NewAppointmentStart | null>(null);

  const all = useMemo(() => departmentsQuery.data ?? [], [departmentsQuery.data]);
  const parents = useMemo(() => calendarDepartments(all), [all]);
  const chosen = useMemo(
    () => [...new Set(params.getAll(DEPARTMENT_PARAM))].filter((id) => parents.some((d) => d.id === id)).slice(0, MAX_CALENDARS),
    [params, parents],
  );
  const shown = chosen.slice(0, isPhone ? 1 : MAX_CALENDARS);

  const setChosen = useCallback(
    (ids: string[], worker?: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(DEPARTMENT_PARAM);
          ids.forEach((id) => next.append(DEPARTMENT_PARAM, id));
          if (worker !== undefined) {
            if (worker) next.set(WORKER_PARAM, worker);
            else next.delete(WORKER_PARAM);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The user's own department is preselected once (document 3), when the address names none.
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || userLoading || departmentsQuery.isPending) return;
    preselected.current = true;
    const own = ownCalendarDepartment(user, all);
    if (own && params.getAll(DEPARTMENT_PARAM).length === 0) setChosen([own]);
  }, [user, userLoading, all, departmentsQuery.isPending, params, setChosen]);

  // The montør dropdown offers the operators of the chosen departments (their vans' included).
  const families = useMemo(() => shown.map((id) => departmentFamily(id, all)), [shown, all]);
  const fitters = useMemo(
    () =>
      (operators.data ?? [])
        .filter((u) => families.some((family) => family.has(u.departmentGuid)))
        .sort((a, b) => a.name.localeCompare(b.name, 'da')),
    [operators.data, families],
  );
  const wantedWorker = params.get(WORKER_PARAM) ?? '';
  const worker = fitters.some((u) => u.id === wantedWorker) ? wantedWorker : '';
  const initialsOf = useMemo(() => new Map((operators.data ?? []).map((u) => [u.id, u.initials])), [operators.data]);

  /** Reloads the calendars that show this department (a van's bookings show in its workshop's calendar). */
  const reloadDepartment = useCallback(
    (departmentId: string) =>
      void queryClient.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === CALENDAR_KEY[0] &&
          q.queryKey[1] === CALENDAR_KEY[1] &&
          departmentFamily(String(q.queryKey[2]), all).has(departmentId),
      }),
    [queryClient, all],
  );
  const reloadAll = () => void queryClient.invalidateQueries({ queryKey: CALENDAR_KEY });

  // Live (issue 14): a booking made, moved or cancelled anywhere reloads the calendars showing that day.
  const onLive = useCallback(
    (changes: LiveChange[]) =>
      void queryClient.invalidateQueries({
        predicate: (q) => {
          const [root, kind, departmentId, , , from, to] = q.queryKey as string[];
          if (root !== CALENDAR_KEY[0] || kind !== CALENDAR_KEY[1]) return false;
          return concernsCalendar(changes, departmentFamily(departmentId!, all), { from: from!, to: to! });
        },
      }),
    [queryClient, all],
  );
  useLiveChanges(onLive, shown.length > 0);

  const openEvent = useCallback((event: TCalendarEvent) => (event.type === 'BOOKING' ? setBooking(event) : setAppointment(event)), []);
  const createAt = useCallback((slot: NewAppointmentSlot) => {
    setNewAppointment({
      departmentId: slot.departmentId,
      date: dayKey(slot.start),
      allDay: slot.allDay,
      fromTime: slot.allDay ? undefined : clock(slot.start),
      toTime: slot.allDay ? undefined : clock(slot.end),
    });
  }, []);

  const loading = departmentsQuery.isPending || userLoading;
  return (
    <>
      <PageHeader title={SCREEN_TITLE} />
      <CommandBar
        filters={filters}
        onFilters={setFilters}
        fullDay={fullDay}
        onFullDay={setFullDay}
        onNew={() => setNewAppointment({ departmentId: shown[0] ?? null, date: dayKey(new Date()) })}
        onReload={reloadAll}
        onClear={() => setChosen(chosen.slice(0, 1))}
        clearDisabled={chosen.length <= 1}
        isPhone={isPhone}
      >
        <DepartmentPickers departments={parents} chosen={chosen} onChange={(ids) => setChosen(ids)} count={isPhone ? 1 : MAX_CALENDARS} />
        <FitterPicker fitters={fitters} value={worker} onChange={(id) => setChosen(chosen, id)} />
      </CommandBar>

      {loading ? (
        <Center py="xl">
          <LoadingStatus label="Indlæser afdelingerne" />
        </Center>
      ) : shown.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed">Vælg en afdeling for at se dens kalender.</Text>
        </Paper>
      ) : (
        <Box
          style={{
            display: 'grid',
            gap: 'var(--mantine-spacing-md)',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 640px), 1fr))',
          }}
        >
          {shown.map((id) => {
            const department = parents.find((d) => d.id === id)!;
            return (
              <Suspense key={id} fallback={<CalendarPlaceholder name={department.name} />}>
                <DepartmentCalendar
                  department={department}
                  filters={filters}
                  fullDay={fullDay}
                  worker={worker}
                  initialsOf={initialsOf}
                  onOpenEvent={openEvent}
                  onCreate={createAt}
                />
              </Suspense>
            );
          })}
        </Box>
      )}

      <BookingDialog
        event={booking}
        fitters={operators.data ?? []}
        departments={all}
        onClose={() => setBooking(null)}
        onSaved={reloadDepartment}
      />
      <AppointmentDialog event={appointment} onClose={() => setAppointment(null)} onChanged={reloadDepartment} />
      <NewAppointmentDialog
        start={newAppointment}
        departments={parents}
        onClose={() => setNewAppointment(null)}
        onCreated={reloadDepartment}
      />
    </>
  );
}
