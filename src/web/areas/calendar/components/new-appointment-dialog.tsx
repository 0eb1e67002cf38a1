import { Alert, Button, Checkbox, Group, List, Modal, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { TimeInput } from '../../../components/dates';
import { DateField } from '../../../components/date-field';
import { useEffect, useState } from 'react';
import type { TDepartmentSummary } from '@/domain/departments/department.schemas';
import { weekdayOf } from '@/domain/lib/dates';
import { countText } from '@/domain/lib/plural';
import { notify } from '../../../lib/notify';
import { createAppointment } from '../api';
import { appointmentCount, checkAppointment, emptyAppointment, MAX_REPEAT_WEEKS, type TAppointmentForm } from '../appointment-form';
import { dayKey, refusalMessage, REPEAT_WEEKDAYS } from '../calendar-model';

export interface NewAppointmentStart {
  departmentId: string | null;
  /** 'YYYY-MM-DD' */
  date: string | null;
  fromTime?: string;
  toTime?: string;
  allDay?: boolean;
}

interface NewAppointmentDialogProps {
  /** What the dialog opens with; null when closed. */
  start: NewAppointmentStart | null;
  departments: readonly TDepartmentSummary[];
  onClose: () => void;
  onCreated: (departmentId: string) => void;
}

/**
 * 'Ny Aftale' (document 3): title, description, department, date, from and to, all day (00:00–23:59), repeat (weeks)
 * and the weekdays to repeat on. The spec's messages show in an alert; the earliest date is today.
 */
export function NewAppointmentDialog({ start, departments, onClose, onCreated }: NewAppointmentDialogProps) {
  const [form, setForm] = useState<TAppointmentForm>(() => emptyAppointment(null, null));
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const today = dayKey(new Date());

  useEffect(() => {
    if (!start) return;
    setForm({
      ...emptyAppointment(start.departmentId, start.date && start.date >= today ? start.date : today),
      fromTime: start.fromTime ?? '',
      toTime: start.toTime ?? '',
      allDay: start.allDay ?? false,
    });
    setProblems([]);
  }, [start, today]);

  const set = (patch: Partial<TAppointmentForm>) => setForm((f) => ({ ...f, ...patch }));

  async function save() {
    const checked = checkAppointment(form, today);
    if (!checked.ok) return setProblems(checked.messages);
    setProblems([]);
    setSaving(true);
    try {
      const created = await createAppointment(checked.body);
      notify.success(created.length === 1 ? 'Aftalen er oprettet' : `${countText(created.length, 'aftale', 'aftaler')} er oprettet`);
      onCreated(checked.body.departmentId);
      onClose();
    } catch (error) {
      setProblems([refusalMessage(error)]);
    } finally {
      setSaving(false);
    }
  }

  const count = appointmentCount(form);
  return (
    <Modal opened={start !== null} onClose={onClose} title="Ny Aftale" size="lg">
      <Stack gap="sm">
        {problems.length > 0 ? (
          <Alert color="red" title="Aftalen kan ikke oprettes" role="alert">
            <List size="sm" spacing={2}>
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <TextInput
          label="Title"
          value={form.title}
          onChange={(e) => set({ title: e.currentTarget.value })}
          maxLength={200}
          data-autofocus
        />
        <Textarea
          label="Beskrivelse"
          value={form.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={2000}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Afdeling"
            placeholder="Vælg en afdeling"
            data={departments.map((d) => ({ value: d.id, label: d.name }))}
            value={form.departmentId}
            onChange={(value) => set({ departmentId: value })}
            searchable
            nothingFoundMessage="Ingen afdelinger"
            maxDropdownHeight={250}
          />
          <DateField
            label="Dato"
            value={form.date}
            onChange={(value) => set({ date: value ? value.slice(0, 10) : null })}
            minDate={today}
            clearable
            clearButtonProps={{ 'aria-label': 'Ryd datoen' }}
          />
        </SimpleGrid>
        <Checkbox label="Hele dagen (00:00–23:59)" checked={form.allDay} onChange={(e) => set({ allDay: e.currentTarget.checked })} />
        <SimpleGrid cols={2} spacing="sm">
          <TimeInput
            label="Fra"
            value={form.allDay ? '00:00' : form.fromTime}
            onChange={(e) => set({ fromTime: e.currentTarget.value })}
            disabled={form.allDay}
          />
          <TimeInput
            label="Til"
            value={form.allDay ? '23:59' : form.toTime}
            onChange={(e) => set({ toTime: e.currentTarget.value })}
            disabled={form.allDay}
          />
        </SimpleGrid>
        <NumberInput
          label="Gentag (uger)"
          description="0: kun denne dag"
          value={form.repeat}
          onChange={(value) => {
            const repeat = typeof value === 'number' ? value : Number(value) || 0;
            // Repeating starts on the chosen date's own weekday.
            set({ repeat, repeatOn: repeat > 0 && form.repeatOn.length === 0 && form.date ? [weekdayOf(form.date)] : form.repeatOn });
          }}
          min={0}
          max={MAX_REPEAT_WEEKS}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          maw={220}
        />
        <Checkbox.Group label="Gentag på" value={form.repeatOn.map(String)} onChange={(values) => set({ repeatOn: values.map(Number) })}>
          <Group gap="sm" mt={4}>
            {REPEAT_WEEKDAYS.map((d) => (
              <Checkbox key={d.value} value={String(d.value)} label={d.label} title={d.name} disabled={form.repeat === 0} />
            ))}
          </Group>
        </Checkbox.Group>
        {form.repeat > 0 ? (
          <Text size="sm" c="dimmed">
            {`Der oprettes ${countText(count, 'aftale', 'aftaler')}.`}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" onClick={onClose}>
            Luk
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            Gem
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
