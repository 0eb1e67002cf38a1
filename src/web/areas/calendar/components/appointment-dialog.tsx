import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useState } from 'react';
import type { TCalendarEvent } from '@/domain/calendar/calendar.schemas';
import { CALENDAR_MESSAGES } from '@/domain/calendar/calendar';
import { notify } from '../../../lib/notify';
import { deleteAppointment, updateAppointment } from '../api';
import { calendarTitle, clock, refusalMessage, wireToDate } from '../calendar-model';

interface AppointmentDialogProps {
  /** The appointment open; null when closed. */
  event: TCalendarEvent | null;
  onClose: () => void;
  /** After a change: the department's calendars reload. */
  onChanged: (departmentId: string) => void;
}

/** When an appointment is: 'Tirsdag 24/11-2026, 08:00 – 09:00' or '…, hele dagen'. */
export function appointmentWhen(event: Pick<TCalendarEvent, 'start' | 'end' | 'allDay'>): string {
  const start = wireToDate(event.start);
  return `${calendarTitle(start, 'day')}, ${event.allDay ? 'hele dagen' : `${clock(start)} – ${clock(wireToDate(event.end))}`}`;
}

/**
 * The simple dialog of any event that is not a booking (document 3): Title, Beskrivelse, 'Oprettet af';
 * Gem, Slet (after a confirmation), Luk.
 */
export function AppointmentDialog({ event, onClose, onChanged }: AppointmentDialogProps) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setTitle(event?.title ?? '');
    setDescription(event?.description ?? '');
    setRefusal(null);
  }, [event]);

  async function run(action: () => Promise<unknown>, done: string) {
    if (!event) return;
    setBusy(true);
    setRefusal(null);
    try {
      await action();
      notify.success(done);
      onChanged(event.departmentId);
      onClose();
    } catch (error) {
      setRefusal(refusalMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function save() {
    if (!event) return;
    if (title.trim() === '') return setRefusal(CALENDAR_MESSAGES.title);
    void run(() => updateAppointment({ id: event.id, title: title.trim(), description: description.trim() }), 'Aftalen er gemt');
  }

  function remove() {
    if (!event) return;
    modals.openConfirmModal({
      title: 'Slet aftale',
      children: <Text size="sm">{`Du er ved at slette aftalen ${event.title} (${appointmentWhen(event)}). Er du sikker?`}</Text>,
      labels: { confirm: 'Slet', cancel: 'Annuller' },
      confirmProps: { color: 'red' },
      onConfirm: () => void run(() => deleteAppointment(event.id), 'Aftalen er slettet'),
    });
  }

  return (
    <Modal opened={event !== null} onClose={onClose} title="Aftale" size="md">
      {event ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {appointmentWhen(event)}
          </Text>
          {refusal ? (
            <Alert color="red" title="Aftalen blev ikke gemt">
              {refusal}
            </Alert>
          ) : null}
          <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} data-autofocus />
          <Textarea
            label="Beskrivelse"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
          />
          <div>
            <Text size="sm" fw={500}>
              Oprettet af
            </Text>
            <Text size="sm">{event.createdBy || '–'}</Text>
          </div>
          <Group justify="space-between" mt="sm">
            <Button color="red" variant="light" onClick={remove} disabled={busy}>
              Slet
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Luk
              </Button>
              <Button onClick={save} loading={busy}>
                Gem
              </Button>
            </Group>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
