import { SimpleGrid, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { IconChecklist } from '@tabler/icons-react';
import { isSetGuid, ZERO_GUID } from '@/domain/lib/guid';
import { formatKroner } from '@/domain/lib/money';
import type { TWindowManufacturer } from '@/domain/orders/order-enums';
import { CUSTOMER_CONTACTED, WINDOW_MANUFACTURERS } from '@/domain/orders/order-enums';
import { fitterGroups } from '@/domain/orders/order-fitters';
import { OE_WINDOW_REASONS, TIME_SPENT_OPTIONS, WINDOW_MANUFACTURER_LABELS } from '@/domain/orders/order-lifecycle.schemas';
import type { TDepartmentRef, TOrder } from '@/domain/orders/order.schemas';
import type { TRoleMember } from '@/domain/users/user.schemas';
import { useOrderActions } from '../../orders';
import { useFitters } from '../api';
import { Facts } from './facts';
import { fieldDomId } from './field-focus';
import { Section } from './section';

interface CompletionSectionProps {
  order: TOrder;
  /** A locked order: the values as text. */
  disabled: boolean;
  fieldErrors: Record<string, string[]>;
  /** The fitter shown is the signed-in fitter suggested for the job, not saved yet. */
  workerSuggested?: boolean;
}

const first = (errors: Record<string, string[]>, key: string) => errors[key]?.[0];

export const OWN_FITTERS_GROUP = 'Afdelingens montører';
export const OTHER_FITTERS_GROUP = 'Andre montører';

const fitterLabel = (u: Pick<TRoleMember, 'name' | 'initials'>) => `${u.name} (${u.initials})`;

/**
 * The fitters for 'Montør' and 'Hjælper': the order's department's first ('Afdelingens montører'), then the
 * others; a chosen fitter no longer in the list (deleted, or no longer a fitter) as 'Ukendt montør'.
 */
export function fitterOptions(
  fitters: readonly TRoleMember[],
  department: Pick<TDepartmentRef, 'id' | 'parentDepartmentId'>,
  chosen: string[],
) {
  const { own, others } = fitterGroups(fitters, department);
  const option = (u: TRoleMember) => ({ value: u.id, label: fitterLabel(u) });
  const unknown = chosen
    .filter((id) => isSetGuid(id) && !fitters.some((f) => f.id === id))
    .map((id) => ({ value: id, label: 'Ukendt montør' }));
  return [
    ...(unknown.length ? [{ group: 'Valgt', items: unknown }] : []),
    ...(own.length ? [{ group: OWN_FITTERS_GROUP, items: own.map(option) }] : []),
    ...(others.length ? [{ group: OTHER_FITTERS_GROUP, items: others.map(option) }] : []),
  ];
}

/** 'Afslutning af ordre': fitter, helper, pane make, km, time spent, OE reason, customer contacted (document 2 section 2). */
export function CompletionSection({ order, disabled, fieldErrors, workerSuggested = false }: CompletionSectionProps) {
  const actions = useOrderActions();
  const fitters = useFitters();
  const ad = order.additionalData;
  const p = order.orderProperties;
  const list = fitters.data ?? [];
  const setData = (change: Partial<TOrder['additionalData']>) =>
    actions.update((o) => ({ ...o, additionalData: { ...o.additionalData, ...change } }));
  const setProps = (change: Partial<TOrder['orderProperties']>) =>
    actions.update((o) => ({ ...o, orderProperties: { ...o.orderProperties, ...change } }));

  if (disabled) {
    const nameOf = (id: string) => {
      if (!isSetGuid(id)) return '';
      const fitter = list.find((u) => u.id === id);
      return fitter ? fitterLabel(fitter) : fitters.isPending ? '…' : 'Ukendt montør';
    };
    const timeSpent = TIME_SPENT_OPTIONS.find((o) => o.value === ad.timeSpent)?.label ?? '';
    return (
      <Section title="Afslutning af ordre" icon={<IconChecklist size={20} />}>
        <Facts
          facts={[
            { label: 'Montør', value: nameOf(ad.worker) },
            { label: 'Hjælper', value: nameOf(ad.helper) },
            { label: 'Rudefabrikat', value: ad.windowManufacturer === 'NONE' ? '' : WINDOW_MANUFACTURER_LABELS[ad.windowManufacturer] },
            { label: 'Kilometer', value: ad.workKM === null ? '' : `${formatKroner(ad.workKM).replace(/,00$/, '')} km` },
            { label: 'Tidsforbrug', value: timeSpent },
            {
              label: 'Årsag til OE-rude',
              value: p.oeWindowReason === null ? '' : (OE_WINDOW_REASONS[p.oeWindowReason as 1 | 2 | 3] ?? ''),
            },
            { label: 'Kunde kontaktet', value: p.customerContacted },
          ]}
        />
      </Section>
    );
  }

  const department = order.timeAndPlace.department;
  return (
    <Section title="Afslutning af ordre" icon={<IconChecklist size={20} />}>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm">
        <Select
          id={fieldDomId('additionalData.worker')}
          label="Montør"
          placeholder="Vælg montør"
          description={workerSuggested ? 'Forslag: dig selv. Gemmes, når ordren gemmes.' : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={fitterOptions(list, department, [ad.worker])}
          value={ad.worker === ZERO_GUID ? null : ad.worker}
          onChange={(value) => setData({ worker: value ?? ZERO_GUID })}
          searchable
          clearable
          maxDropdownHeight={320}
          error={first(fieldErrors, 'additionalData.worker')}
          withAsterisk
        />
        <Select
          label="Hjælper"
          placeholder="Vælg hjælper"
          data={fitterOptions(list, department, [ad.helper])}
          value={ad.helper === ZERO_GUID ? null : ad.helper}
          onChange={(value) => setData({ helper: value ?? ZERO_GUID })}
          searchable
          clearable
          maxDropdownHeight={320}
        />
        <Select
          id={fieldDomId('additionalData.windowManufacturer')}
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
