import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { Select } from '../../../components/select';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { TCalendarEvent } from '@/domain/calendar/calendar.schemas';
import type { TDepartmentSummary } from '@/domain/departments/department.schemas';
import { formatDate, formatTime } from '@/domain/lib/dates';
import { isSetGuid } from '@/domain/lib/guid';
import type { TRoleMember } from '@/domain/users/user.schemas';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { ORDER_FIELD_LABELS } from '../../orders';
import { saveBooking, useBooking, useCoordinates } from '../api';
import { customMapViewPath } from '@/domain/map/map';
import { applyBookingForm, bookingFormOf, fitterOptions, MAX_PRIORITY, type TBookingForm } from '../booking-form';
import { departmentFamily } from '../calendar-model';
import { LoadingStatus } from '../../../components/query-state';

const FIELD_LABELS: Record<string, string> = {
  ...ORDER_FIELD_LABELS,
  'additionalData.worker': 'Montør',
  'additionalData.internalOrderComment': 'Kommentar',
  'additionalData.priority': 'Prioritet',
  'additionalData.obs': 'OBS',
  'timeAndPlace.mobileServiceLocation.covered': 'Overdækket',
};

interface BookingDialogProps {
  /** The booking event whose order is open; null when the dialog is closed (document 3 section 4). */
  event: TCalendarEvent | null;
  fitters: readonly TRoleMember[];
  departments: readonly TDepartmentSummary[];
  onClose: () => void;
  /** After a save: the calendar of this department reloads. */
  onSaved: (departmentId: string) => void;
}

/**
 * The booking dialog (document 3): technician, comment, priority, make and model (read-only), item numbers, OBS,
 * and for a mobile-service booking the address with a map link and 'Overdækket' Ja/Nej. 'Gem og Luk' saves through
 * the order's own save (PUT /api/order/order: its rules and journal); 'Vis Booking' opens the worksheet in a new tab.
 */
export function BookingDialog({ event, fitters, departments, onClose, onSaved }: BookingDialogProps) {
  const booking = useBooking(event?.orderId ?? null);
  const [form, setForm] = useState<TBookingForm | null>(null);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const order = booking.data;

  useEffect(() => {
    setForm(order ? bookingFormOf(order) : null);
    setRefusal(null);
  }, [order]);

  const department = order?.timeAndPlace.department;
  const options = useMemo(
    () =>
      department
        ? fitterOptions(
            fitters,
            departmentFamily(
              department.mobileService && isSetGuid(department.parentDepartmentId) ? department.parentDepartmentId : department.id,
              departments,
            ),
            department.name,
          )
        : [],
    [fitters, departments, department],
  );
  const [address] = useDebouncedValue(form?.address ?? '', 400);
  const mobile = department?.mobileService ?? false;
  const coordinates = useCoordinates(mobile ? address : '');

  const set = (patch: Partial<TBookingForm>) => setForm((f) => (f ? { ...f, ...patch } : f));

  async function save() {
    if (!order || !form || !event) return;
    setSaving(true);
    setRefusal(null);
    try {
      await saveBooking(applyBookingForm(order, form));
      notify.success(`Booking ${order.additionalData.orderNr} er gemt`);
      onSaved(event.departmentId);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.errors && Object.keys(error.errors).length > 0) {
        setRefusal(Object.entries(error.errors).map(([field, messages]) => `${FIELD_LABELS[field] ?? field}: ${messages.join(' ')}`));
      } else {
        setRefusal([isApiError(error) ? error.message : 'Bookingen kunne ikke gemmes']);
      }
    } finally {
      setSaving(false);
    }
  }

  const nr = event?.orderNr ?? '';
  const t = order?.timeAndPlace;
  return (
    <Modal opened={event !== null} onClose={onClose} title={`Booking ${nr}`} size="lg">
      {booking.isPending || !form || !order ? (
        booking.isError ? (
          <Alert color="red" title="Bookingen kunne ikke hentes">
            Prøv igen om lidt.
          </Alert>
        ) : (
          <Center py="xl">
            <LoadingStatus label="Indlæser bookingen" />
          </Center>
        )
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {[
              order.car.registrationNumber,
              department?.name,
              t?.waitingList ? `${formatDate(t.date)}, venteliste` : `${formatDate(t?.from)} ${formatTime(t?.from)}–${formatTime(t?.to)}`,
              order.customer.name,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {refusal ? (
            <Alert color="red" title="Bookingen blev ikke gemt">
              <List size="sm" spacing={2}>
                {refusal.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label="Montør"
              data={options}
              value={form.worker}
              onChange={(value) => set({ worker: typeof value === 'string' ? value : form.worker })}
              searchable
              allowDeselect={false}
              nothingFoundMessage="Ingen montører"
              comboboxProps={{ withinPortal: true }}
              maxDropdownHeight={250}
            />
            <NumberInput
              label="Prioritet"
              description="Højere tal vises først"
              value={form.priority}
              onChange={(value) => set({ priority: typeof value === 'number' ? value : Number(value) || 0 })}
              min={0}
              max={MAX_PRIORITY}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
            />
          </SimpleGrid>
          <Textarea
            label="Kommentar"
            value={form.internalOrderComment}
            onChange={(e) => set({ internalOrderComment: e.currentTarget.value })}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={4000}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" style={{ margin: 0 }}>
            <div>
              <Text component="dt" size="sm" fw={500}>
                Mærke
              </Text>
              <Text component="dd" ms={0}>
                {order.car.make || '–'}
              </Text>
            </div>
            <div>
              <Text component="dt" size="sm" fw={500}>
                Model
              </Text>
              <Text component="dd" ms={0}>
                {order.car.model || '–'}
              </Text>
            </div>
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} id="booking-items">
              Varenumre
            </Text>
            {order.items.length ? (
              <List size="sm" aria-labelledby="booking-items">
                {order.items.map((item, i) => (
                  <List.Item key={`${item.itemNo}-${i}`}>
                    {item.itemNo}
                    {item.name ? ` – ${item.name}` : ''}
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm">Ingen varer</Text>
            )}
          </div>
          <Checkbox label="OBS" checked={form.obs} onChange={(e) => set({ obs: e.currentTarget.checked })} />
          {mobile ? (
            <Stack gap="xs">
              <TextInput
                label="Adresse for mobilservice"
                value={form.address}
                onChange={(e) => set({ address: e.currentTarget.value })}
                maxLength={255}
              />
              {form.address.trim() ? (
                <Anchor
                  href={customMapViewPath({
                    deptId: department!.id,
                    addr: form.address,
                    lat: coordinates.data?.lat,
                    lng: coordinates.data?.lng,
                  })}
                  target="_blank"
                  rel="noopener"
                  size="sm"
                >
                  <Group gap={4} component="span">
                    <IconMapPin size={16} aria-hidden />
                    Vis adressen på kortet (nyt vindue)
                  </Group>
                </Anchor>
              ) : null}
              <Radio.Group label="Overdækket" value={form.covered ? 'ja' : 'nej'} onChange={(value) => set({ covered: value === 'ja' })}>
                <Group gap="md" mt={4}>
                  <Radio value="ja" label="Ja" />
                  <Radio value="nej" label="Nej" />
                </Group>
              </Radio.Group>
            </Stack>
          ) : null}
          <Group justify="space-between" mt="sm" gap="xs">
            <Button
              component="a"
              href={`/worksheet/${order.additionalData.orderId}`}
              target="_blank"
              rel="noopener"
              variant="subtle"
              rightSection={<IconExternalLink size={16} aria-hidden />}
            >
              Vis Booking
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Luk
              </Button>
              <Button onClick={() => void save()} loading={saving}>
                Gem og Luk
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
