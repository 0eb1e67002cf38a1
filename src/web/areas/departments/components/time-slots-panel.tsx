import { Button, Group, Modal, Stack, Table, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { TDepartment, TTimeSlot, TTimeSlotType } from '@/domain/departments/department.schemas';
import { formatDate, todayInCopenhagen, weekdayOf } from '@/domain/lib/dates';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useIsPhone } from '../../../lib/use-is-phone';
import { copyTimeslots, saveTimeSlot, useUpdateCachedDepartment } from '../api';
import {
  datesWithOwnSlots,
  newSlotTimes,
  SLOT_TYPE_LABELS,
  slotsOfDate,
  slotsOfWeekday,
  specificSlots,
  standardSlots,
  weekdayLabel,
  WEEKDAYS,
  withDatePlan,
  withoutSlot,
  withSlot,
} from '../department-form';
import { DateField } from '../../../components/date-field';
import { Section } from './section';
import { SLOT_COLUMNS, SlotEditor } from './slot-editor';

interface TimeSlotsPanelProps {
  department: TDepartment;
  type: TTimeSlotType;
  /** Bookings linked to each slot id. */
  used: Record<string, number>;
}

const dayText = (date: string) => `${weekdayLabel(weekdayOf(date))} ${formatDate(`${date}T00:00:00`)}`;

/**
 * The time slots of one kind (window replacement or stone chip): the standard plan per weekday and the dates with
 * a plan of their own. Every change is saved by itself, 500 ms after the last keystroke.
 */
export function TimeSlotsPanel({ department, type, used }: TimeSlotsPanelProps) {
  const isPhone = useIsPhone();
  const update = useUpdateCachedDepartment();
  const today = todayInCopenhagen();
  const [weekday, setWeekday] = useState(1);
  const [date, setDate] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const [copyDate, setCopyDate] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  /** The slots whose lock the user has opened (by id). */
  const [unlocked, setUnlocked] = useState<ReadonlySet<string>>(() => new Set());
  const setSlotUnlocked = (slotId: string, open: boolean) =>
    setUnlocked((ids) => {
      const next = new Set(ids);
      if (open) next.add(slotId);
      else next.delete(slotId);
      return next;
    });
  const kind = SLOT_TYPE_LABELS[type].toLowerCase();
  const standard = standardSlots(department, type);
  const specific = specificSlots(department, type);
  const ownDates = datesWithOwnSlots(specific, today);

  const onSaved = (slot: TTimeSlot) => update(department.id, (d) => withSlot(d, type, slot));
  const onDeleted = (slotId: string) => update(department.id, (d) => withoutSlot(d, type, slotId));

  const add = async (where: { day: number } | { date: string }, daySlots: TTimeSlot[]) => {
    const weekdayOfRow = 'day' in where ? where.day : weekdayOf(where.date);
    const opensAt = department.openingHours
      .filter((h) => h.day === weekdayOfRow)
      .reduce<number | null>((min, h) => (min === null || h.from < min ? h.from : min), null);
    const times = newSlotTimes(daySlots, opensAt);
    setAdding(true);
    try {
      const saved = await saveTimeSlot(department.id, type, {
        day: 'day' in where ? where.day : null,
        date: 'date' in where ? where.date : null,
        ...times,
        maxBookings: 1,
        reperationTime: 0,
        stoneChipAlternativeWinReplace: 0,
        hasFreeCar: false,
      });
      onSaved(saved);
    } catch (error) {
      notify.error(isApiError(error) && error.status !== 500 ? error.message : 'Tiden kunne ikke oprettes');
    } finally {
      setAdding(false);
    }
  };

  const copy = async (dayOfWeek: number, to: string) => {
    setCopying(true);
    try {
      const copies = await copyTimeslots({ departmentId: department.id, dayOfWeek, copyToDate: to, timeslotType: type });
      update(department.id, (d) => withDatePlan(d, type, to, copies));
      notify.success(`${weekdayLabel(dayOfWeek)}s tider er kopieret til ${formatDate(`${to}T00:00:00`)}`);
      setCopyOpen(false);
      setCopyDate(null);
      setDate(to);
    } catch (error) {
      notify.error(isApiError(error) && error.status !== 500 ? error.message : 'Tiderne kunne ikke kopieres');
    } finally {
      setCopying(false);
    }
  };

  /** Copying replaces a date's own slots: ask first when it has some. */
  const askCopy = (dayOfWeek: number, to: string) => {
    if (slotsOfDate(specific, to).length === 0) return void copy(dayOfWeek, to);
    modals.openConfirmModal({
      title: 'Erstat datoens tider',
      children: (
        <Text size="sm">
          {dayText(to)} har allerede egne tider for {kind}. De erstattes af {weekdayLabel(dayOfWeek).toLowerCase()}s standardtider.
        </Text>
      ),
      labels: { confirm: 'Erstat', cancel: 'Annuller' },
      onConfirm: () => void copy(dayOfWeek, to),
    });
  };

  const slotList = (slots: TTimeSlot[], caption: string) => {
    if (slots.length === 0) return null;
    const editors = slots.map((slot) => (
      <SlotEditor
        key={slot.id}
        departmentId={department.id}
        type={type}
        slot={slot}
        linked={used[slot.id] ?? 0}
        unlocked={unlocked.has(slot.id)}
        onUnlockedChange={(open) => setSlotUnlocked(slot.id, open)}
        layout={isPhone ? 'card' : 'row'}
        onSaved={onSaved}
        onDeleted={onDeleted}
      />
    ));
    if (isPhone) {
      return (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={caption}>
          {editors}
        </Stack>
      );
    }
    return (
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing={4} aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {SLOT_COLUMNS.map((c) => (
                <Table.Th key={c} style={{ whiteSpace: 'nowrap' }}>
                  {c}
                </Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>Slet</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{editors}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  const weekdaySlots = slotsOfWeekday(standard, weekday);
  const weekdayName = weekdayLabel(weekday);
  const weekdays = (
    <Section title={`Standardtider for ${kind}`} description="Ugens faste tider. Ændringer gemmes automatisk.">
      <Tabs value={String(weekday)} onChange={(v) => v && setWeekday(Number(v))} variant="pills" keepMounted={false}>
        <Tabs.List aria-label="Ugedag" style={{ flexWrap: 'wrap' }} mb="sm">
          {WEEKDAYS.map((w) => {
            const count = slotsOfWeekday(standard, w.day).length;
            return (
              <Tabs.Tab key={w.day} value={String(w.day)}>
                {isPhone ? w.short : w.label} ({count})
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {WEEKDAYS.map((w) => (
          <Tabs.Panel key={w.day} value={String(w.day)}>
            {slotList(weekdaySlots, `${weekdayName}s tider for ${kind}`) ?? (
              <Text c="dimmed" size="sm">
                Ingen tider om {weekdayName.toLowerCase()}en.
              </Text>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPlus size={18} />}
          onClick={() => void add({ day: weekday }, weekdaySlots)}
          loading={adding}
        >
          Tilføj tid
        </Button>
        <Button
          variant="default"
          leftSection={<IconCopy size={18} />}
          onClick={() => setCopyOpen(true)}
          disabled={weekdaySlots.length === 0}
        >
          Kopier til dato
        </Button>
      </Group>
    </Section>
  );

  const dateSlots = date ? slotsOfDate(specific, date) : [];
  const dates = (
    <Section
      title={`Datoer med egne tider for ${kind}`}
      description="En dato med egne tider bruger dem i stedet for ugedagens standardtider."
    >
      {ownDates.length > 0 ? (
        <Group gap={6} role="group" aria-label={`Datoer med egne tider for ${kind}`}>
          {ownDates.map((d) => (
            <Button
              key={d}
              size="compact-sm"
              variant={d === date ? 'filled' : 'default'}
              aria-pressed={d === date}
              onClick={() => setDate(d === date ? null : d)}
            >
              {`${weekdayLabel(weekdayOf(d)).slice(0, 3)} ${formatDate(`${d}T00:00:00`)} (${slotsOfDate(specific, d).length})`}
            </Button>
          ))}
        </Group>
      ) : (
        <Text c="dimmed" size="sm">
          Ingen kommende datoer har egne tider.
        </Text>
      )}
      <DateField label="Vis dato" value={date} onChange={setDate} minDate={today} clearable w={{ base: '100%', xs: 220 }} />
      {date ? (
        <Stack gap="sm">
          <Text fw={600}>{dayText(date)}</Text>
          {slotList(dateSlots, `Tider for ${kind} ${dayText(date)}`) ?? (
            <Text c="dimmed" size="sm">
              Datoen følger {weekdayLabel(weekdayOf(date)).toLowerCase()}ens standardtider (
              {slotsOfWeekday(standard, weekdayOf(date)).length}). Tilføj en tid, eller kopier standardtiderne, for at give den egne tider.
            </Text>
          )}
          <Group gap="sm">
            <Button variant="default" leftSection={<IconPlus size={18} />} onClick={() => void add({ date }, dateSlots)} loading={adding}>
              Tilføj tid
            </Button>
            <Button
              variant="default"
              leftSection={<IconCopy size={18} />}
              onClick={() => askCopy(weekdayOf(date), date)}
              loading={copying}
              disabled={slotsOfWeekday(standard, weekdayOf(date)).length === 0}
            >
              Kopier {weekdayLabel(weekdayOf(date)).toLowerCase()}ens standardtider
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Section>
  );

  const closeCopy = () => {
    setCopyOpen(false);
    setCopyDate(null);
  };
  const copyDialog = (
    <Modal opened={copyOpen} onClose={closeCopy} title={`Kopier ${weekdayName.toLowerCase()}ens tider til en dato`}>
      <Stack gap="md">
        <Text size="sm">
          {weekdayName}s standardtider for {kind} ({weekdaySlots.length}) bliver datoens egne tider. Datoen bruger dem i stedet for sin
          ugedags tider.
        </Text>
        <DateField label="Dato" value={copyDate} onChange={setCopyDate} minDate={today} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={closeCopy}>
            Annuller
          </Button>
          <Button onClick={() => copyDate && askCopy(weekday, copyDate)} disabled={!copyDate} loading={copying}>
            Kopier
          </Button>
        </Group>
      </Stack>
    </Modal>
  );

  return (
    <Stack gap="md">
      {weekdays}
      {dates}
      {copyDialog}
    </Stack>
  );
}
