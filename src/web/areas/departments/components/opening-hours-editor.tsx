import { ActionIcon, Badge, Button, Checkbox, Group, Stack, Switch, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconCalendarPlus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate, todayInCopenhagen, weekdayOf } from '@/domain/lib/dates';
import { useIsPhone } from '../../../lib/use-is-phone';
import { formatHours, sortedHours, weekdayLabel, WEEKDAYS, type TDepartmentForm, type TOpeningHoursRow } from '../department-form';
import { DateField } from '../../../components/date-field';
import { HoursInput } from './hours-input';
import { Section } from './section';

type ListName = 'openingHours' | 'specificOpeningHours';

interface OpeningHoursEditorProps {
  form: UseFormReturnType<TDepartmentForm>;
}

const span = (row: Pick<TOpeningHoursRow, 'from' | 'to'>) => `${formatHours(row.from)}–${formatHours(row.to)}`;

/** The confirmation text before a standard opening time is deleted (document 3 section 8). */
export function deleteOpeningTimeText(row: Pick<TOpeningHoursRow, 'day' | 'from' | 'to'>): string {
  return `Du er ved at slette åbningstiden ${weekdayLabel(row.day ?? 0).toLowerCase()} ${span(row)}. Er du sikker?`;
}

/**
 * Opening hours, standard (per weekday, Monday first; a weekday without hours is closed) and specific (per date,
 * with 'Lukket'). Hours are HH:mm here and decimal hours in the data; changes go into the screen's form.
 */
export function OpeningHoursEditor({ form }: OpeningHoursEditorProps) {
  const isPhone = useIsPhone();
  const { values } = form;
  const today = todayInCopenhagen();
  const [showPast, setShowPast] = useState(false);
  const [newDate, setNewDate] = useState<string | null>(null);

  const setList = (list: ListName, rows: TOpeningHoursRow[]) => {
    form.setFieldValue(list, sortedHours(rows));
    // Row positions moved: errors are checked again on 'Gem'.
    form.clearErrors();
  };
  const patchRow = (list: ListName, index: number, patch: Partial<TOpeningHoursRow>) =>
    form.setFieldValue(
      list,
      values[list].map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );
  const errorOf = (list: ListName, index: number, field: 'from' | 'to' | 'day' | 'date') => form.errors[`${list}.${index}.${field}`];

  const addStandard = (day: number) => {
    const last = values.openingHours.filter((r) => r.day === day).at(-1);
    const from = last ? Math.min(last.to + 0.5, 23) : 8;
    setList('openingHours', [...values.openingHours, { day, date: null, from, to: last ? Math.min(from + 2, 24) : 16, closed: false }]);
  };
  const removeStandard = (index: number) => {
    const row = values.openingHours[index]!;
    modals.openConfirmModal({
      title: 'Slet åbningstid',
      children: <Text size="sm">{deleteOpeningTimeText(row)}</Text>,
      labels: { confirm: 'Slet', cancel: 'Annuller' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        setList(
          'openingHours',
          values.openingHours.filter((_, i) => i !== index),
        ),
    });
  };

  const addSpecific = () => {
    if (!newDate) return;
    const standard = values.openingHours.filter((r) => r.day === weekdayOf(newDate));
    const rows: TOpeningHoursRow[] = standard.length
      ? [{ day: null, date: newDate, from: standard[0]!.from, to: standard.at(-1)!.to, closed: false }]
      : [{ day: null, date: newDate, from: 0, to: 0, closed: true }];
    setList('specificOpeningHours', [...values.specificOpeningHours, ...rows]);
    setNewDate(null);
  };

  const hours = (list: ListName, index: number, row: TOpeningHoursRow, which: 'from' | 'to', context: string) =>
    row.closed ? (
      <Text c="dimmed" pt={6} w={88} aria-hidden>
        –
      </Text>
    ) : (
      <HoursInput
        aria-label={`${which === 'from' ? 'Fra' : 'Til'} ${context}`}
        size="sm"
        w={88}
        value={row[which]}
        onChange={(value) => patchRow(list, index, { [which]: value })}
        error={errorOf(list, index, which)}
      />
    );

  const addButton = (day: number, label: string) => (
    <Button
      variant="subtle"
      size="sm"
      leftSection={<IconPlus size={16} />}
      onClick={() => addStandard(day)}
      aria-label={`Tilføj åbningstid ${label.toLowerCase()}`}
    >
      Tilføj
    </Button>
  );

  // Standard: one line per weekday, Monday first.
  const standard = (
    <Section title="Standard åbningstider" description="En ugedag uden åbningstid er lukket.">
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Standard åbningstider">
        {WEEKDAYS.map((w) => {
          const rows = values.openingHours.map((row, index) => ({ row, index })).filter(({ row }) => row.day === w.day);
          return (
            <Group
              key={w.day}
              component="li"
              aria-label={w.label}
              gap="sm"
              py="xs"
              wrap={isPhone ? 'wrap' : 'nowrap'}
              align="flex-start"
              style={{ borderTop: w.day === 1 ? undefined : '1px solid var(--mantine-color-gray-2)' }}
            >
              <Group justify="space-between" w={isPhone ? '100%' : 90} wrap="nowrap">
                <Text fw={600} pt={isPhone ? 0 : 6}>
                  {w.label}
                </Text>
                {isPhone ? addButton(w.day, w.label) : null}
              </Group>
              <Stack gap={6} style={{ flex: 1 }}>
                {rows.length === 0 ? (
                  <Badge color="gray" variant="light" tt="none" mt={isPhone ? 0 : 6}>
                    Lukket
                  </Badge>
                ) : (
                  rows.map(({ row, index }) => (
                    <Group key={row.id ?? `new-${index}`} gap={6} wrap="nowrap" align="flex-start">
                      {hours('openingHours', index, row, 'from', w.label)}
                      <Text pt={6} aria-hidden>
                        –
                      </Text>
                      {hours('openingHours', index, row, 'to', w.label)}
                      <Tooltip label="Slet åbningstid">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          mt={2}
                          aria-label={`Slet åbningstid ${w.label.toLowerCase()} ${span(row)}`}
                          onClick={() => removeStandard(index)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  ))
                )}
              </Stack>
              {isPhone ? null : addButton(w.day, w.label)}
            </Group>
          );
        })}
      </Stack>
    </Section>
  );

  // Specific: per date, with 'Lukket'.
  const specificRows = values.specificOpeningHours
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => showPast || (row.date ?? '') >= today);
  const pastCount = values.specificOpeningHours.length - values.specificOpeningHours.filter((r) => (r.date ?? '') >= today).length;

  const closedBox = (row: TOpeningHoursRow, index: number, context: string) => (
    <Checkbox
      label="Lukket"
      aria-label={`Lukket ${context}`}
      checked={row.closed}
      onChange={(event) => {
        const closed = event.currentTarget.checked;
        patchRow('specificOpeningHours', index, closed ? { closed, from: 0, to: 0 } : { closed, from: 8, to: 16 });
      }}
    />
  );
  const removeSpecific = (index: number, context: string) => (
    <Tooltip label="Slet">
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={`Slet særlig åbningstid ${context}`}
        onClick={() =>
          setList(
            'specificOpeningHours',
            values.specificOpeningHours.filter((_, i) => i !== index),
          )
        }
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
  const dateText = (date: string | null) => (date ? `${weekdayLabel(weekdayOf(date))} ${formatDate(`${date}T00:00:00`)}` : '');

  const specific = (
    <Section
      title="Særlige åbningstider"
      description="Gælder kun på datoen og erstatter ugedagens åbningstid, fx helligdage og lukkedage."
      actions={
        pastCount > 0 ? (
          <Switch label={`Vis tidligere datoer (${pastCount})`} checked={showPast} onChange={(e) => setShowPast(e.currentTarget.checked)} />
        ) : null
      }
    >
      <Group align="flex-end" gap="sm">
        <DateField label="Dato" value={newDate} onChange={setNewDate} minDate={today} w={{ base: '100%', xs: 200 }} clearable={false} />
        <Button variant="default" leftSection={<IconCalendarPlus size={18} />} onClick={addSpecific} disabled={!newDate}>
          Tilføj dato
        </Button>
      </Group>
      {specificRows.length === 0 ? (
        <Text c="dimmed" size="sm">
          Ingen særlige åbningstider.
        </Text>
      ) : isPhone ? (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Særlige åbningstider">
          {specificRows.map(({ row, index }) => {
            const context = dateText(row.date);
            return (
              <Stack
                key={row.id ?? `new-${index}`}
                component="li"
                aria-label={context}
                gap={6}
                p="xs"
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{context}</Text>
                  {removeSpecific(index, context)}
                </Group>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  {row.closed ? null : (
                    <>
                      {hours('specificOpeningHours', index, row, 'from', context)}
                      <Text pt={6} aria-hidden>
                        –
                      </Text>
                      {hours('specificOpeningHours', index, row, 'to', context)}
                    </>
                  )}
                  <div style={{ paddingTop: row.closed ? 0 : 8 }}>{closedBox(row, index, context)}</div>
                </Group>
              </Stack>
            );
          })}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6} aria-label="Særlige åbningstider">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Dato</Table.Th>
                <Table.Th>Fra</Table.Th>
                <Table.Th>Til</Table.Th>
                <Table.Th>Lukket</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Handlinger</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {specificRows.map(({ row, index }) => {
                const context = dateText(row.date);
                return (
                  <Table.Tr key={row.id ?? `new-${index}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {context}
                      {errorOf('specificOpeningHours', index, 'date') ? (
                        <Text c="red" size="xs">
                          {errorOf('specificOpeningHours', index, 'date')}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{hours('specificOpeningHours', index, row, 'from', context)}</Table.Td>
                    <Table.Td>{hours('specificOpeningHours', index, row, 'to', context)}</Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Lukket ${context}`}
                        checked={row.closed}
                        onChange={(event) => {
                          const closed = event.currentTarget.checked;
                          patchRow('specificOpeningHours', index, closed ? { closed, from: 0, to: 0 } : { closed, from: 8, to: 16 });
                        }}
                      />
                    </Table.Td>
                    <Table.Td>{removeSpecific(index, context)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );

  return (
    <Stack gap="md">
      {standard}
      {specific}
    </Stack>
  );
}
