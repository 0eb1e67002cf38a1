import { Button, Group } from '@mantine/core';
import { Autocomplete, Select } from '../../../components/select';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { TProductSearchKind } from '@/domain/catalogue/catalogue.schemas';
import { PRODUCT_SEARCH_KIND_LABELS, PRODUCT_SEARCH_KINDS } from '@/domain/catalogue/catalogue.schemas';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useProductSuggestions } from '../api';

/** Suggestions appear 500 ms after the last keystroke (document 1 section 9). */
export const SUGGESTION_DELAY_MS = 500;

const KIND_DATA = PRODUCT_SEARCH_KINDS.map((kind) => ({ value: kind, label: PRODUCT_SEARCH_KIND_LABELS[kind] }));

interface ProductSearchBarProps {
  initialKind?: TProductSearchKind;
  initialTerm?: string;
  onSearch: (kind: TProductSearchKind, term: string) => void;
  /** The label of the search box. */
  label?: string;
  loading?: boolean;
}

/** The number-kind selector, the search box with suggestions, and the search button. */
export function ProductSearchBar({
  initialKind = 'No',
  initialTerm = '',
  onSearch,
  label = 'Søg produkt',
  loading,
}: ProductSearchBarProps) {
  const isPhone = useIsPhone();
  const [kind, setKind] = useState<TProductSearchKind>(initialKind);
  const [term, setTerm] = useState(initialTerm);
  const [debounced] = useDebouncedValue(term.trim(), SUGGESTION_DELAY_MS);
  const suggestions = useProductSuggestions(kind, debounced);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (term.trim()) onSearch(kind, term.trim());
  };

  return (
    <form onSubmit={submit} role="search" aria-label="Produktsøgning">
      <Group align="flex-end" gap="xs" wrap={isPhone ? 'wrap' : 'nowrap'}>
        <Select
          label="Nummertype"
          data={KIND_DATA}
          value={kind}
          onChange={(value) => value && setKind(value as TProductSearchKind)}
          allowDeselect={false}
          w={isPhone ? '100%' : 190}
          maxDropdownHeight={250}
        />
        <Autocomplete
          label={label}
          placeholder={PRODUCT_SEARCH_KIND_LABELS[kind]}
          value={term}
          onChange={setTerm}
          data={debounced ? (suggestions.data ?? []) : []}
          onOptionSubmit={(value) => {
            setTerm(value);
            onSearch(kind, value);
          }}
          maxDropdownHeight={250}
          style={{ flex: 1, minWidth: isPhone ? 'calc(100% - 90px)' : 0 }}
          autoComplete="off"
          leftSection={<IconSearch size={16} />}
        />
        <Button type="submit" loading={loading}>
          Søg
        </Button>
      </Group>
    </form>
  );
}
