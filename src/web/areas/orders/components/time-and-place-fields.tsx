import { Alert, Box, Center, Checkbox, Flex, Grid, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Select } from '../../../components/select';
import { DatePicker } from '../../../components/dates';
import { modals } from '@mantine/modals';
import { IconMapPin, IconTruck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { dayAvailableFor, dayIsFullyBooked, daySlotsFor, dayStateFor, isPastDay } from '@/domain/booking/availability';
import type { TDayAvailability } from '@/domain/booking/booking.schemas';
import { BOOKING_MESSAGES } from '@/domain/booking/booking.schemas';
import type { TDepartment } from '@/domain/departments/department.schemas';
import { formatDate, formatTime, todayInCopenhagen } from '@/domain/lib/dates';
import { isSetGuid } from '@/domain/lib/guid';
import type { FieldErrors } from '@/domain/lib/validation';
import { departmentRefOf } from '@/domain/orders/department-ref';
import { bookingZipCode, servedWeekdayNames } from '@/domain/orders/order-booking-place';
import { hasCalibration, paneInStock } from '@/domain/orders/order-items';
import { outsideSlotPlan } from '@/domain/orders/order-lifecycle';
import type { TDepartmentRef } from '@/domain/orders/order.schemas';
import { validateTimeAndPlace } from '@/domain/orders/order-validation';
import { RULE_SET_MESSAGES } from '@/domain/rule-sets/rule-set.schemas';
import { LoadingStatus } from '../../../components/query-state';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useDepartments } from '../../departments';
import {
  CalendarDay,
  ClockField,
  dayState,
  formatHours,
  jobItemNos,
  MobileAddress,
  MobileServiceSearch,
  NearestButtons,
  SlotButton,
  slotHours,
  useCarCheck,
  useMonthAvailability,
  useNearestWorkshops,
  useVanZipCode,
} from '../../booking';
import { useOrderFlow } from '../flow/order-flow-store';
import { useOrderActions } from '../flow/use-order-actions';

/** The wire date of a calendar day: 'YYYY-MM-DD' → 'YYYY-MM-DDT00:00:00'. */
const wireDay = (day: string) => `${day}T00:00:00`;

function Section({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Group gap="xs" mb="sm" wrap="nowrap">
        {icon}
        <Title order={2} size="h4">
          {title}
        </Title>
      </Group>
      {children}
    </Paper>
  );
}

interface TimeAndPlaceFieldsProps {
  /** SALE orders on the worksheet skip the mobile-service section. */
  hideMobileService?: boolean;
  /** The booking step: suggest the workshops nearest the customer's zip code and choose the nearest while none is chosen. */
  suggestNearest?: boolean;
  /** What the server refused at the last save, by field ('timeAndPlace.department', 'timeAndPlace.zipCode', …): shown at the field. */
  serverErrors?: FieldErrors;
  /** Under the mobile-service address (the worksheet's map link). */
  addressExtra?: ReactNode;
}

/** A server message at its place in the section (a refused save), read out when it appears. */
function ServerMessage({ messages }: { messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <Text size="sm" c="red.8" role="alert">
      {messages.join(' ')}
    </Text>
  );
}

/**
 * Department or mobile service, day, and slot or own times (document 1 section 2, Booking) for the
 * order of the surrounding OrderFlowProvider: the booking step and the worksheet's 'Tid og sted'.
 */
export function TimeAndPlaceFields({
  hideMobileService = false,
  suggestNearest = false,
  serverErrors = {},
  addressExtra,
}: TimeAndPlaceFieldsProps) {
  const { order } = useOrderFlow();
  const actions = useOrderActions();
  const isPhone = useIsPhone();
  const departments = useDepartments();
  const t = order.timeAndPlace;
  const orderType = order.additionalData.orderType;
  const today = todayInCopenhagen();
  const chosenDay = t.date ? t.date.slice(0, 10) : null;
  const [month, setMonth] = useState<string>(() => (chosenDay ?? today).slice(0, 8) + '01');
  const [confirmedOutside, setConfirmedOutside] = useState<string | null>(null);

  const departmentSet = isSetGuid(t.department.id);
  /** A mobile department is no workshop: it shows as its own read-only field above 'Værksted'. */
  const mobileChosen = departmentSet && t.department.mobileService;
  const fullDepartment = departments.data?.find((d) => d.id === t.department.id);
  const zipCode = bookingZipCode(order);
  // 'På lager' for a replacement at the chosen place: a workshop's own shelves, a van's workshop's.
  const stockDepartment = t.department.mobileService
    ? departments.data?.find((d) => d.id === t.department.parentDepartmentId)
    : t.department;
  const stockPlace = stockDepartment?.name ?? t.department.name;
  const inStock =
    departmentSet && orderType.startsWith('REPLACE') && stockDepartment
      ? paneInStock(order.items, [stockDepartment.navLocationCode])
      : null;
  // Whether the department takes the car for the job (its rule sets), and whether the van drives to the zip code.
  const carCheck = useCarCheck(order).data;
  const refusal = carCheck && !carCheck.accepted ? (carCheck.alertMessage ?? RULE_SET_MESSAGES.defaultAlert) : null;
  const minimumHours = carCheck?.accepted ? carCheck.minimumWorkLength : 0;
  const vanZip = useVanZipCode(order);
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  const availability = useMonthAvailability(
    departmentSet
      ? {
          departmentId: t.department.id,
          year,
          month: monthNo,
          inStockLocation: t.department.navLocationCode,
          carMake: order.car.make,
          carModel: order.car.model,
          orderType,
          // At a van the days it does not drive to the zip code are closed (Postnummer styring).
          zipCode: t.department.mobileService ? zipCode : '',
        }
      : null,
  );
  const days = availability.data ?? [];
  const dayOf = (date: string): TDayAvailability | undefined => {
    if (!date.startsWith(month.slice(0, 8))) return undefined;
    return days.find((d) => d.dayOfMonth === Number(date.slice(8, 10)));
  };
  const isPast = (date: string) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return isPastDay(y, m, d, new Date());
  };

  const workshops = (departments.data ?? []).filter((d) => !d.mobileService && !d.inActive);
  const calibration = hasCalibration(order.items);
  // Extra sales and complaints without a time keep their own times: no slots, no 'fully booked' question.
  const ownTimesOnly = outsideSlotPlan(order);
  const outside =
    chosenDay !== null && (ownTimesOnly || (!isSetGuid(t.timeSlotId) && (confirmedOutside === chosenDay || Boolean(t.from || t.to))));
  const chosen = chosenDay ? dayOf(chosenDay) : undefined;
  const slots = chosen ? daySlotsFor(chosen, orderType) : [];
  const errors = validateTimeAndPlace(t);

  // A department the user chose is never replaced by the nearest workshop's suggestion, whose answer may come while
  // the choice is still being checked (a van chosen on a busy machine became the suggested workshop).
  const userChose = useRef(false);
  const chooseDepartment = (department: TDepartmentRef) => {
    userChose.current = true;
    setConfirmedOutside(null);
    void actions.chooseDepartment(department);
  };
  /** A van found for a zip code is booked for that zip code. */
  const chooseVan = (department: TDepartmentRef, zip: string) => {
    actions.update((o) => ({ ...o, timeAndPlace: { ...o.timeAndPlace, zipCode: zip } }));
    chooseDepartment(department);
  };

  // The workshops nearest the customer's zip code that take the car, nearest first: suggested on the booking step
  // (the nearest is chosen while none is) and offered wherever the chosen department cannot take the car.
  const customerZip = /^\d{4}$/.test(order.customer.zipCode.trim()) ? order.customer.zipCode.trim() : zipCode;
  const nearestAnswer = useNearestWorkshops(
    (suggestNearest || refusal !== null) && customerZip
      ? { carMake: order.car.make, carModel: order.car.model, orderType, items: jobItemNos(order), zipCode: customerZip }
      : null,
  ).data;
  const nearest = (Array.isArray(nearestAnswer) ? nearestAnswer : [])
    .map((r) => ({ ...r, workshop: workshops.find((d) => d.id === r.department.id) }))
    .filter((r): r is typeof r & { workshop: TDepartment } => r.workshop !== undefined)
    .slice(0, 3);
  const suggested = useRef<string | null>(null);
  const asking = useRef(false);
  const nearestFirst = nearest[0];
  useEffect(() => {
    if (!nearestFirst || departmentSet || suggested.current !== null || userChose.current) return;
    suggested.current = nearestFirst.workshop.id;
    setConfirmedOutside(null);
    void actions.chooseDepartment(departmentRefOf(nearestFirst.workshop));
  }, [nearestFirst, departmentSet, actions]);
  const chosenByZip = suggested.current !== null && suggested.current === t.department.id;
  const departmentRefusal = serverErrors['timeAndPlace.department'] ?? (refusal ? [refusal] : undefined);
  const alternatives = nearest.filter((r) => r.workshop.id !== t.department.id);
  const calendarErrors = [
    'timeAndPlace.date',
    'timeAndPlace.timeSlotId',
    'timeAndPlace.from',
    'timeAndPlace.to',
    'timeAndPlace.waitingList',
  ].flatMap((field) => serverErrors[field] ?? []);

  const chooseDay = (date: string | null) => {
    if (!date) return;
    const day = dayOf(date);
    // On the waiting list a full slot is picked as it is: no question, no own times.
    if (day && !ownTimesOnly && !t.waitingList && dayIsFullyBooked(day, orderType, isPast(date))) {
      // One question at a time: a second one would wait under the first and come back after its answer.
      if (asking.current) return;
      asking.current = true;
      modals.openConfirmModal({
        title: 'Fuldt booket',
        children: <Text size="sm">{BOOKING_MESSAGES.fullyBookedConfirm}</Text>,
        labels: { confirm: 'Fortsæt', cancel: 'Annuller' },
        onConfirm: () => {
          setConfirmedOutside(date);
          actions.chooseDay(wireDay(date));
        },
        onClose: () => {
          asking.current = false;
        },
      });
      return;
    }
    // A day without slots of the kind is booked on own times at once: there is nothing full to ask about.
    setConfirmedOutside(day && !ownTimesOnly && !t.waitingList && dayStateFor(day, orderType) === 'NO_SLOTS' ? date : null);
    actions.chooseDay(wireDay(date));
  };

  const setTime = (which: 'from' | 'to', value: string) => {
    if (!chosenDay) return;
    const wire = /^\d{2}:\d{2}$/.test(value) ? `${chosenDay}T${value}:00` : null;
    actions.update((o) => ({ ...o, timeAndPlace: { ...o.timeAndPlace, [which]: wire } }));
  };

  const departmentPicker = (
    <Section title="Afdeling" icon={<IconMapPin size={20} />}>
      <Stack gap="sm">
        {mobileChosen ? (
          <TextInput
            label="Mobilservice"
            value={t.department.name}
            readOnly
            leftSection={<IconTruck size={16} />}
            description={t.department.address || undefined}
            error={hideMobileService ? serverErrors['timeAndPlace.zipCode']?.[0] : undefined}
          />
        ) : null}
        {vanZip.kind === 'notServed' ? (
          <Alert color="yellow" p="xs" title="Kører ikke i postnummeret">
            {t.department.name} kører ikke i postnummer {vanZip.zipCode}. Vælg en anden mobilservice eller et værksted.
          </Alert>
        ) : vanZip.kind === 'serves' && servedWeekdayNames(vanZip.row) ? (
          <Text size="sm" c="dimmed">
            Kører i {vanZip.zipCode}{' '}
            {servedWeekdayNames(vanZip.row) === 'alle ugens dage' ? 'alle ugens dage' : `om ${servedWeekdayNames(vanZip.row)}`}; de andre
            dage er lukket i kalenderen.
          </Text>
        ) : null}
        <Select
          label="Værksted"
          placeholder={departments.isPending ? 'Henter afdelinger...' : mobileChosen ? 'Vælg et værksted i stedet' : 'Vælg afdeling'}
          data={workshops.map((d) => ({ value: d.id, label: d.name }))}
          value={departmentSet && !t.department.mobileService ? t.department.id : null}
          searchable
          nothingFoundMessage="Ingen afdeling passer"
          maxDropdownHeight={500}
          onChange={(id) => {
            const found = workshops.find((d) => d.id === id);
            if (found) chooseDepartment(departmentRefOf(found));
          }}
          error={departmentRefusal ? true : undefined}
        />
        {departmentRefusal ? (
          // The rule set's alert (or the spec's default) where the department cannot take the car, and the nearest that can.
          <Alert color="red" p="xs" title="Afdelingen kan ikke tage bilen">
            <Stack gap="xs">
              <Text size="sm">{departmentRefusal.join(' ')}</Text>
              {alternatives.length > 0 ? (
                <NearestButtons
                  nearest={alternatives}
                  chosenId={t.department.id}
                  label="Nærmeste værksteder, der kan tage bilen"
                  onChoose={(d) => chooseDepartment(departmentRefOf(d))}
                />
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        {fullDepartment?.alertMessages.map((message) => (
          <Alert key={message} color="yellow" p="xs">
            {message}
          </Alert>
        ))}
        {departmentSet && !mobileChosen ? (
          <Text size="sm" c="dimmed">
            Valgt: <b>{t.department.name}</b>
            {t.department.address ? ` · ${t.department.address}` : ''}
            {chosenByZip ? ` · nærmest kundens postnummer ${customerZip}` : ''}
          </Text>
        ) : null}
        {inStock !== null ? (
          <Text size="sm" fw={600} c={inStock ? 'teal.9' : 'red.9'} data-testid="pane-stock">
            {inStock ? `Ruden er på lager i ${stockPlace}` : `Ruden er ikke på lager i ${stockPlace}`}
          </Text>
        ) : null}
        {suggestNearest && !departmentRefusal && nearest.length > 1 ? (
          <NearestButtons
            nearest={nearest}
            chosenId={t.department.id}
            label="Nærmeste værksteder"
            onChoose={(d) => chooseDepartment(departmentRefOf(d))}
          />
        ) : null}
      </Stack>
    </Section>
  );

  const mobile = calibration ? (
    <Alert color="gray" p="xs">
      Ordren har kalibrering (PK3, PK5 eller PK6), som ikke kan udføres af mobilservice.
    </Alert>
  ) : (
    <Section title="Mobilservice" icon={<IconTruck size={20} />}>
      <Stack gap="sm">
        <MobileServiceSearch order={order} onChoose={chooseVan} error={serverErrors['timeAndPlace.zipCode']?.[0]} />
        {t.department.mobileService ? (
          <>
            <MobileAddress
              order={order}
              serverError={serverErrors['timeAndPlace.mobileServiceLocation.address']?.[0]}
              onChange={(address) =>
                actions.update((o) => ({
                  ...o,
                  timeAndPlace: { ...o.timeAndPlace, mobileServiceLocation: { ...o.timeAndPlace.mobileServiceLocation, address } },
                }))
              }
            />
            {addressExtra}
          </>
        ) : null}
      </Stack>
    </Section>
  );

  const calendar = (
    <Section title="Dato og tid">
      {!departmentSet ? (
        <Text size="sm" c="dimmed">
          Vælg en afdeling for at se de ledige tider.
        </Text>
      ) : (
        <Stack gap="md">
          <Flex direction={isPhone ? 'column' : 'row'} align={isPhone ? 'stretch' : 'flex-start'} gap="lg">
            <Box pos="relative">
              <DatePicker
                value={chosenDay}
                onChange={chooseDay}
                date={month}
                onDateChange={(d) => setMonth(d.slice(0, 8) + '01')}
                minDate={today}
                maxLevel="month"
                excludeDate={(date) => Boolean(dayOf(date)?.closed)}
                renderDay={(date) => (
                  <CalendarDay date={date} state={dayState(dayOf(date), orderType, isPast(date))} selected={date === chosenDay} />
                )}
                getDayProps={(date) => {
                  const day = dayOf(date);
                  const greyed = !day || dayAvailableFor(day, orderType) <= 0;
                  // The day's content names it (Mantine's own label would not contain the visible places).
                  const named = { 'aria-label': undefined };
                  // Greyed but readable (gray 7 on gray 1, 7:1), and struck through as well: not colour alone.
                  return greyed && date >= today && !day?.closed && date !== chosenDay
                    ? {
                        ...named,
                        style: { color: 'var(--mantine-color-gray-7)', background: 'var(--mantine-color-gray-1)' },
                        'data-no-availability': true,
                      }
                    : named;
                }}
                hideOutsideDates
                weekendDays={[]}
                ariaLabels={{ nextMonth: 'Næste måned', previousMonth: 'Forrige måned' }}
                size="md"
                fullWidth={isPhone}
                aria-label="Kalender"
              />
              {availability.isFetching ? (
                <LoadingStatus size="xs" label="Henter ledige tider" style={{ position: 'absolute', top: 8, right: 8 }} />
              ) : null}
            </Box>
            <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
              {!chosenDay && departmentRefusal ? (
                // Every day is closed where the car is refused: say why rather than how to pick a day.
                <Text size="sm" c="dimmed">
                  Ingen tider: {t.department.name} kan ikke tage bilen. Vælg en anden afdeling.
                </Text>
              ) : !chosenDay && vanZip.kind === 'notServed' ? (
                <Text size="sm" c="dimmed">
                  Ingen tider: {t.department.name} kører ikke i postnummer {vanZip.zipCode}.
                </Text>
              ) : !chosenDay ? (
                <Text size="sm" c="dimmed">
                  Vælg en dag i kalenderen. Tallet under datoen er antal ledige pladser; grå, overstregede dage er fuldt booket.
                </Text>
              ) : (
                <>
                  <Text fw={600}>{formatDate(wireDay(chosenDay))}</Text>
                  {outside ? (
                    <>
                      {ownTimesOnly ? (
                        <Text size="sm" c="dimmed">
                          {orderType === 'SALE' ? 'Mersalg' : 'Reklamationen'} bookes uden for tidsplanen. Angiv selv tidsrummet.
                        </Text>
                      ) : (
                        <Alert color="yellow" p="xs">
                          {chosen && dayStateFor(chosen, orderType) === 'NO_SLOTS' ? 'Ingen tider denne dag' : BOOKING_MESSAGES.fullyBooked}
                          . Angiv selv tidsrummet.
                        </Alert>
                      )}
                      <SimpleGrid cols={2} spacing="sm" maw={320}>
                        <ClockField
                          key={`from-${chosenDay}`}
                          label="Fra"
                          value={t.from ? formatTime(t.from) : ''}
                          onChange={(value) => setTime('from', value)}
                          error={t.from ? undefined : errors['timeAndPlace.from']?.[0]}
                        />
                        <ClockField
                          key={`to-${chosenDay}`}
                          label="Til"
                          value={t.to ? formatTime(t.to) : ''}
                          onChange={(value) => setTime('to', value)}
                          error={t.to ? undefined : errors['timeAndPlace.to']?.[0]}
                        />
                      </SimpleGrid>
                    </>
                  ) : availability.isPending ? (
                    <Center py="md">
                      <LoadingStatus size="sm" label="Henter ledige tider" />
                    </Center>
                  ) : slots.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      Ingen tider denne dag.
                    </Text>
                  ) : (
                    <>
                      {minimumHours > 0 && slots.some((slot) => slotHours(slot) < minimumHours - 1e-9) ? (
                        <Text size="sm" c="dimmed">
                          {RULE_SET_MESSAGES.tooShort(formatHours(minimumHours))}; kortere tider kan ikke vælges.
                        </Text>
                      ) : null}
                      <Box
                        role="group"
                        aria-label="Tidsrum"
                        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))', gap: 8 }}
                      >
                        {slots.map((slot) => (
                          <SlotButton
                            key={slot.id}
                            slot={slot}
                            chosen={t.timeSlotId === slot.id}
                            waitingList={t.waitingList}
                            tooShort={minimumHours > 0 && slotHours(slot) < minimumHours - 1e-9}
                            onChoose={() => void actions.chooseSlot(wireDay(chosenDay), slot)}
                          />
                        ))}
                      </Box>
                    </>
                  )}
                  <ServerMessage messages={calendarErrors} />
                </>
              )}
              {fullDepartment?.hasWaitingList && !ownTimesOnly ? (
                <Checkbox
                  label="Venteliste"
                  description="Kunden sættes på venteliste og kan bookes på en fuld tid"
                  checked={t.waitingList}
                  onChange={(event) => {
                    const waitingList = event.currentTarget.checked;
                    // The waiting list is for a slot: own times outside the slot plan give way to the day's slots.
                    if (waitingList) setConfirmedOutside(null);
                    actions.update((o) => ({
                      ...o,
                      timeAndPlace: {
                        ...o.timeAndPlace,
                        waitingList,
                        ...(waitingList && !isSetGuid(o.timeAndPlace.timeSlotId) ? { from: null, to: null } : {}),
                      },
                    }));
                  }}
                />
              ) : null}
            </Stack>
          </Flex>
        </Stack>
      )}
    </Section>
  );

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="md">
          {departmentPicker}
          {hideMobileService ? null : mobile}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>{calendar}</Grid.Col>
    </Grid>
  );
}
