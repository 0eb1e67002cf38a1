import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { ZERO_GUID } from '@/domain/lib/guid';
import type { TWindowManufacturer } from '@/domain/orders/order-enums';
import { WINDOW_MANUFACTURERS } from '@/domain/orders/order-enums';
import { CUSTOMER_CONTACTED } from '@/domain/orders/order-enums';
import { OE_WINDOW_REASONS, TIME_SPENT_OPTIONS, WINDOW_MANUFACTURER_LABELS } from '@/domain/orders/order-lifecycle.schemas';
import type { TOrder } from '@/domain/orders/order.schemas';
import { useOrderActions } from '../../orders';
import { useFitters } from '../api';
import { Section } from './section';

interface CompletionSectionProps {
  order: TOrder;
  disabled: boolean;
  fieldErrors: Record<string, string[]>;
}

const first = (errors: Record<string, string[]>, key: string) => errors[key]?.[0];

/** 'Afslutning af ordre': fitter, helper, pane make, km, time spent, OE reason, customer contacted (document 2 section 2). */
export function CompletionSection({ order, disabled, fieldErrors }: CompletionSectionProps) {
  const actions = useOrderActions();
  const fitters = useFitters();
  const ad = order.additionalData;
  const p = order.orderProperties;
  const fitterData = (fitters.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.initials})` }));
  const withCurrent = (id: string) =>
    id !== ZERO_GUID && !fitterData.some((f) => f.value === id) ? [{ value: id, label: 'Ukendt montør' }, ...fitterData] : fitterData;
  const setData = (change: Partial<TOrder['additionalData']>) => actions.update((o) => ({ ...o, additionalData: { ...o.additionalData, ...change } }));
  const setProps = (change: Partial<TOrder['orderProperties']>) => actions.update((o) => ({ ...o, orderProperties: { ...o.orderProperties, ...change } }));

  return (
    <Section title="Afslutning af ordre" icon={<IconChecklist size={20} />} disabled={disabled}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Select
          label="Montør"
          placeholder="Vælg montør"
          data={withCurrent(ad.worker)}
          value={ad.worker === ZERO_GUID ? null : ad.worker}
          onChange={(value) => setData({ worker: value ?? ZERO_GUID })}
          searchable
          clearable
          error={first(fieldErrors, 'additionalData.worker')}
          withAsterisk
        />
        <Select
          label="Hjælper"
          placeholder="Vælg hjælper"
          data={withCurrent(ad.helper)}
          value={ad.helper === ZERO_GUID ? null : ad.helper}
          onChange={(value) => setData({ helper: value ?? ZERO_GUID })}
          searchable
          clearable
        />
        <Select
          label="Rudefabrikat"
          data={WINDOW_MANUFACTURERS.map((m) => ({ value: m, label: WINDOW_MANUFACTURER_LABELS[m] }))}
          value={ad.windowManufacturer}
          onChange={(value) => setData({ windowManufacturer: (value ?? 'NONE') as TWindowManufacturer })}
          allowDeselect={false}
          error={first(fieldErrors, 'additionalData.windowManufacturer')}
          withAsterisk
        />
        <TextInput
          label="Kilometer"
          inputMode="numeric"
          value={ad.workKM === null ? '' : String(ad.workKM)}
          onChange={(event) => {
            const digits = event.currentTarget.value.replace(/\D/g, '').slice(0, 7);
            setData({ workKM: digits === '' ? null : Number(digits) });
          }}
          error={first(fieldErrors, 'additionalData.workKM')}
        />
        <Select
          label="Tidsforbrug"
          placeholder="Vælg tid"
          data={TIME_SPENT_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
          value={ad.timeSpent === null ? null : String(ad.timeSpent)}
          onChange={(value) => setData({ timeSpent: value === null ? null : Number(value) })}
          clearable
          error={first(fieldErrors, 'additionalData.timeSpent')}
        />
        <Select
          label="Årsag til OE-rude"
          placeholder="Ingen"
          data={Object.entries(OE_WINDOW_REASONS).map(([value, label]) => ({ value, label }))}
          value={p.oeWindowReason === null ? null : String(p.oeWindowReason)}
          onChange={(value) => setProps({ oeWindowReason: value === null ? null : Number(value) })}
          clearable
        />
        <Select
          label="Kunde kontaktet"
          placeholder="Vælg"
          data={[...CUSTOMER_CONTACTED]}
          value={p.customerContacted || null}
          onChange={(value) => setProps({ customerContacted: value ?? '' })}
          clearable
        />
      </SimpleGrid>
    </Section>
  );
}
