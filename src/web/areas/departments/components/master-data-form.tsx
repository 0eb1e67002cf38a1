import { Button, Checkbox, Group, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import type { UseFormReturnType } from '@mantine/form';
import { IconMapPinSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { REGION_LABELS, REGIONS, type TDepartment } from '@/domain/departments/department.schemas';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { findCoordinates } from '../api';
import {
  DEPARTMENT_FIELD_LABELS as L,
  formatDeliveringDays,
  formatHours,
  parseDeliveringDays,
  parseHoursText,
  WEEKDAYS,
  withMobileService,
  type TDepartmentForm,
} from '../department-form';
import { departmentGroups } from './department-picker';
import { NumberField } from './number-field';
import { Section } from './section';

interface MasterDataFormProps {
  form: UseFormReturnType<TDepartmentForm>;
  /** Every department, for the parent and calendar department choices. */
  departments: readonly TDepartment[];
}

/** 'HH:mm' or '' for the delivery times; a typed '1430' becomes '14:30' when the field is left. */
function clockOnBlur(value: string): string {
  const hours = parseHoursText(value);
  return hours !== null && hours < 24 ? formatHours(hours) : value.trim();
}

/**
 * The department's master data (document 3: every field of the Department entity), for Adminstrator only.
 * Changes go into the screen's form (UNSAVED until 'Gem').
 */
export function MasterDataForm({ form, departments }: MasterDataFormProps) {
  const { values } = form;
  const [locating, setLocating] = useState(false);
  const others = departments.filter((d) => d.id !== values.id);
  const parentOptions = departmentGroups(others.filter((d) => !d.mobileService));
  const calendarOptions = departmentGroups(others);
  const address = [values.address, [values.zipCode, values.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

  const locate = async () => {
    setLocating(true);
    try {
      const found = await findCoordinates(address);
      form.setFieldValue('lat', Math.round(found.lat * 1e6) / 1e6);
      form.setFieldValue('lng', Math.round(found.lng * 1e6) / 1e6);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : 'Adressen kunne ikke findes');
    } finally {
      setLocating(false);
    }
  };

  const number = (
    field: 'windowChangeTimeOffset' | 'stoneChipTimeOffset' | 'maxNumberOfWorkers' | 'webBookingDaysAhead' | 'webBookingNoticeHours',
    max: number,
    description?: string,
  ) => (
    <NumberField
      label={L[field]}
      description={description}
      min={0}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      value={values[field]}
      onChange={(value) => form.setFieldValue(field, value ?? Number.NaN)}
      error={form.errors[field]}
    />
  );

  const coordinate = (field: 'lat' | 'lng') => (
    <NumberField
      label={L[field]}
      decimalScale={6}
      decimalSeparator=","
      min={field === 'lat' ? -90 : -180}
      max={field === 'lat' ? 90 : 180}
      value={values[field]}
      onChange={(value) => form.setFieldValue(field, value)}
      error={form.errors[field]}
    />
  );

  const flag = (field: 'coffee' | 'loanCar' | 'wifi' | 'hasWaitingList' | 'inActive', label = L[field]!, description?: string) => (
    <Checkbox label={label} description={description} {...form.getInputProps(field, { type: 'checkbox' })} />
  );

  const clock = (field: 'nextDayDeliveryTime' | 'dailyDeliveryTime', description: string) => (
    <TextInput
      label={L[field]}
      description={description}
      placeholder="tt:mm"
      inputMode="numeric"
      maxLength={5}
      {...form.getInputProps(field)}
      onBlur={() => form.setFieldValue(field, clockOnBlur(values[field]))}
    />
  );

  return (
    <Stack gap="md">
      <Section title="Stamdata">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <TextInput label={L.name} withAsterisk maxLength={100} {...form.getInputProps('name')} />
          <Select
            label={L.region}
            withAsterisk
            data={REGIONS.map((r) => ({ value: r, label: REGION_LABELS[r] }))}
            allowDeselect={false}
            {...form.getInputProps('region')}
          />
          <TextInput label={L.phone} inputMode="tel" maxLength={30} {...form.getInputProps('phone')} />
          <TextInput label={L.address} maxLength={255} {...form.getInputProps('address')} />
          <TextInput label={L.zipCode} inputMode="numeric" maxLength={4} {...form.getInputProps('zipCode')} />
          <TextInput label={L.city} maxLength={100} {...form.getInputProps('city')} />
          <TextInput label={L.departmentEmail} type="email" maxLength={254} {...form.getInputProps('departmentEmail')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Textarea
            label={L.obs}
            description="Vises til kundeservice ved afdelingen"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            {...form.getInputProps('obs')}
          />
          <Textarea
            label={L.alertMessages}
            description="Én besked pr. linje; vises, når afdelingen vælges i booking"
            autosize
            minRows={2}
            maxRows={6}
            value={values.alertMessages.join('\n')}
            onChange={(event) =>
              form.setFieldValue('alertMessages', event.currentTarget.value === '' ? [] : event.currentTarget.value.split('\n'))
            }
            error={Object.entries(form.errors).find(([key]) => key.startsWith('alertMessages'))?.[1]}
          />
        </SimpleGrid>
      </Section>

      <Section title="Placering" description="Bruges til at finde de nærmeste værksteder og til kortet.">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
          {coordinate('lat')}
          {coordinate('lng')}
          <Button
            variant="default"
            leftSection={<IconMapPinSearch size={18} />}
            onClick={locate}
            loading={locating}
            disabled={address.trim() === ''}
          >
            Find ud fra adressen
          </Button>
        </SimpleGrid>
      </Section>

      <Section title="NAV og økonomi">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <TextInput label={L.navLocationCode} maxLength={20} {...form.getInputProps('navLocationCode')} />
          <TextInput label={L.navResponsibilityCenter} withAsterisk maxLength={20} {...form.getInputProps('navResponsibilityCenter')} />
          <TextInput label={L.navBirthLocationCode} maxLength={20} {...form.getInputProps('navBirthLocationCode')} />
          <TextInput label={L.debitorId} description="Afdelingens kontantkonto" maxLength={50} {...form.getInputProps('debitorId')} />
        </SimpleGrid>
      </Section>

      <Section title="Booking">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {number('windowChangeTimeOffset', 720, 'Timer før en rudeskift kan bookes')}
          {number('stoneChipTimeOffset', 720, 'Timer før et stenslag kan bookes')}
          {number('maxNumberOfWorkers', 100)}
          <Select
            label={L.calendarDepartmentId}
            description="Vises i denne afdelings kalender"
            placeholder="Afdelingens egen"
            data={calendarOptions}
            value={values.calendarDepartmentId || null}
            onChange={(id) => form.setFieldValue('calendarDepartmentId', id ?? '')}
            error={form.errors.calendarDepartmentId}
            clearable
            searchable
            maxDropdownHeight={250}
          />
        </SimpleGrid>
        <Group gap="xl">
          {flag('hasWaitingList', 'Venteliste', 'Kunder kan sættes på venteliste til en fuld tid')}
          {flag('inActive', 'Inaktiv', 'Kan ikke vælges i booking')}
        </Group>
      </Section>

      <Section title="Webbooking" description="Kunderne kan selv booke afdelingen på bookingsiden (/book).">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'start' }}>
          <Switch
            label={L.webBooking}
            description="Afdelingen tilbydes på bookingsiden"
            {...form.getInputProps('webBooking', { type: 'checkbox' })}
          />
          {number('webBookingDaysAhead', 180, 'Hvor mange dage frem kunderne kan booke')}
          {number('webBookingNoticeHours', 720, 'Timer før en tid, hvor den senest kan bookes')}
        </SimpleGrid>
      </Section>

      <Section title="Mobilservice">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ alignItems: 'start' }}>
          <Switch
            label="Mobilservice"
            description="Afdelingen kører ud til kunderne"
            checked={values.mobileService}
            onChange={(event) => form.setValues(withMobileService(values, event.currentTarget.checked))}
          />
          {values.mobileService ? (
            <Select
              label={L.parentDepartmentId}
              description="Værkstedet, mobilservicen hører under"
              placeholder="Vælg værksted"
              data={parentOptions}
              value={values.parentDepartmentId || null}
              onChange={(id) => form.setFieldValue('parentDepartmentId', id ?? '')}
              error={form.errors.parentDepartmentId}
              clearable
              searchable
              maxDropdownHeight={250}
            />
          ) : (
            <Text size="sm" c="dimmed">
              Kun en mobilservice har en overordnet afdeling.
            </Text>
          )}
        </SimpleGrid>
      </Section>

      <Section title="Levering fra lager">
        <Checkbox.Group
          label={L.deliveringDays}
          value={parseDeliveringDays(values.deliveringDays).map(String)}
          onChange={(days) => form.setFieldValue('deliveringDays', formatDeliveringDays(days.map(Number)))}
          error={form.errors.deliveringDays}
        >
          <Group gap="md" mt={6}>
            {WEEKDAYS.map((w) => (
              <Checkbox key={w.day} value={String(w.day)} label={w.label} />
            ))}
          </Group>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {clock('nextDayDeliveryTime', 'Bestilt før kl. leveres næste dag')}
          {clock('dailyDeliveryTime', 'Tidspunktet for den daglige levering')}
          <TextInput
            label={L.warehouseEmailList}
            description="Flere adresser adskilles med ; eller ,"
            maxLength={1000}
            {...form.getInputProps('warehouseEmailList')}
          />
        </SimpleGrid>
      </Section>

      <Section title="Faciliteter">
        <Group gap="xl">
          {flag('coffee')}
          {flag('loanCar')}
          {flag('wifi')}
        </Group>
      </Section>
    </Stack>
  );
}
