import { Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { Select, useListNamedOnOpen } from '../../../components/select';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { TDebitor, TDebitorSearchField } from '@/domain/parties/party.schemas';
import { AUTOCOMPLETE_MIN_LENGTH, DUMMY_DEBITOR_NAME } from '@/domain/parties/party.schemas';
import { formatPhone } from '@/domain/lib/format';
import { LoadingStatus } from '../../../components/query-state';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useDebitorSearch } from '../api';

/** The four ways to search (document 1 section 2): phone, customer number, CVR number, CVR name. */
export const CUSTOMER_SEARCH_FIELDS: ReadonlyArray<{ value: TDebitorSearchField; label: string; placeholder: string }> = [
  { value: 'PHONE', label: 'Telefon', placeholder: 'Telefonnummer' },
  { value: 'NAV', label: 'Kundenummer', placeholder: 'Kundenummer' },
  { value: 'CVR', label: 'CVR-nummer', placeholder: 'CVR-nummer' },
  { value: 'NAME', label: 'CVR-navn', placeholder: 'Firmanavn' },
];

/** The search waits this long after the last keystroke. */
const DEBOUNCE_MS = 300;

export function isDummyDebitor(debitor: Pick<TDebitor, 'debitorName'>): boolean {
  return debitor.debitorName.trim().toUpperCase() === DUMMY_DEBITOR_NAME;
}

interface CustomerSearchProps {
  onChoose: (debitor: TDebitor) => void;
  /** The debitor is fixed (a mandatory debtor rule): no other can be searched for; the reason is said beside it. */
  disabled?: boolean;
}

/** Customer or company search with autocomplete from four characters; a 'DUMMY - SKIFT KONTO' row is red. */
export function CustomerSearch({ onChoose, disabled = false }: CustomerSearchProps) {
  const isPhone = useIsPhone();
  const [field, setField] = useState<TDebitorSearchField>('PHONE');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), DEBOUNCE_MS);
  const enabled = debounced.length >= AUTOCOMPLETE_MIN_LENGTH;
  const search = useDebitorSearch(field, debounced, enabled);
  // The list is in the page only while open (see components/select.tsx): the dashboard's first draw skips it.
  const combobox = useCombobox(useListNamedOnOpen(undefined, () => combobox.resetSelectedOption()));

  const results = enabled ? (search.data ?? []) : [];
  const fieldInfo = CUSTOMER_SEARCH_FIELDS.find((f) => f.value === field)!;

  const options = results.map((debitor) => {
    const dummy = isDummyDebitor(debitor);
    return (
      <Combobox.Option
        key={debitor.no}
        value={debitor.no}
        data-dummy={dummy || undefined}
        style={dummy ? { backgroundColor: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-red-9)' } : undefined}
      >
        <Text size="sm" fw={600} c={dummy ? 'red.9' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {debitor.debitorName}
        </Text>
        <Text size="xs" c={dummy ? 'red.8' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {[
            `Kundenr. ${debitor.no}`,
            debitor.phone ? `Tlf. ${formatPhone(debitor.phone)}` : '',
            debitor.cvr ? `CVR ${debitor.cvr}` : '',
            debitor.city,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Combobox.Option>
    );
  });

  return (
    <Group align="flex-end" gap="xs" wrap={isPhone ? 'wrap' : 'nowrap'}>
      <Select
        label="Søg på"
        data={CUSTOMER_SEARCH_FIELDS.map(({ value, label }) => ({ value, label }))}
        value={field}
        onChange={(value) => value && setField(value as TDebitorSearchField)}
        allowDeselect={false}
        w={isPhone ? '100%' : 160}
        disabled={disabled}
      />
      <Combobox
        store={combobox}
        keepMounted={false}
        onOptionSubmit={(no) => {
          const chosen = results.find((d) => d.no === no);
          if (chosen) onChoose(chosen);
          setTerm('');
          combobox.closeDropdown();
        }}
      >
        <Combobox.Target>
          <TextInput
            label="Kunde eller firma"
            placeholder={`${fieldInfo.placeholder} (mindst ${AUTOCOMPLETE_MIN_LENGTH} tegn)`}
            value={term}
            leftSection={<IconSearch size={16} />}
            rightSection={enabled && search.isFetching ? <LoadingStatus size={16} label="Søger" /> : null}
            disabled={disabled}
            onChange={(event) => {
              setTerm(event.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            style={{ flex: 1, minWidth: isPhone ? '100%' : 0 }}
            autoComplete="off"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!enabled || (search.isPending && results.length === 0)}>
          <Combobox.Options mah={250} style={{ overflowY: 'auto' }} aria-label="Kunder">
            {options.length > 0 ? options : <Combobox.Empty>Ingen kunder fundet</Combobox.Empty>}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </Group>
  );
}
