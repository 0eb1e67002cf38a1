import { Select, type SelectProps } from '../../../components/select';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { AUTOCOMPLETE_MIN_LENGTH } from '@/domain/parties/party.schemas';
import { useDebitorChoices } from '../../parties';

/** How a debitor reads in the picker: 'CD67890 – Ayvens Danmark A/S', or the number alone while its name is unknown. */
export function debitorLabel(no: string, name: string | undefined): string {
  return name ? `${no} – ${name}` : no;
}

interface DebitorPickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  /** The debitor number; '' for none. */
  value: string;
  /** The chosen debitor's name, when known. */
  name: string | undefined;
  onChange: (no: string, name: string | undefined) => void;
}

/**
 * A debitor chosen by searching its name or customer number (GET /api/debitor/search/{field}?query, from four
 * characters); only registered debitors can be chosen, and the choice can be cleared.
 */
export function DebitorPicker({ value, name, onChange, ...rest }: DebitorPickerProps) {
  const selectedLabel = value ? debitorLabel(value, name) : '';
  const [search, setSearch] = useState(selectedLabel);
  const [debounced] = useDebouncedValue(search, 300);
  // The field shows the chosen debitor's label: that is no search.
  const term = debounced === selectedLabel ? '' : debounced.trim();
  const choices = useDebitorChoices(term);
  const found = term.length >= AUTOCOMPLETE_MIN_LENGTH ? (choices.data ?? []) : [];
  const data = [
    ...(value ? [{ value, label: selectedLabel }] : []),
    ...found.filter((d) => d.no !== value).map((d) => ({ value: d.no, label: debitorLabel(d.no, d.debitorName) })),
  ];

  let nothingFound = 'Ingen debitor fundet';
  if (term.length < AUTOCOMPLETE_MIN_LENGTH) nothingFound = `Skriv mindst ${AUTOCOMPLETE_MIN_LENGTH} tegn af navn eller nummer`;
  else if (choices.isFetching) nothingFound = 'Søger …';

  return (
    <Select
      {...rest}
      data={data}
      value={value || null}
      searchable
      clearable
      allowDeselect={false}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched; every answer is shown.
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound}
      maxDropdownHeight={250}
      comboboxProps={{ withinPortal: true, width: 'target', position: 'bottom-start' }}
      placeholder="Søg navn eller nr."
      onChange={(no) => {
        const picked = found.find((d) => d.no === no);
        onChange(no ?? '', picked?.debitorName ?? (no === value ? name : undefined));
      }}
    />
  );
}
