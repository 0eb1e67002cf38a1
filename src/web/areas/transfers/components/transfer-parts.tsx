import { Alert, Center, Table, Text, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isApiError } from '../../../lib/api-client';
import { LoadingStatus } from '../../../components/query-state';

/** One labelled fact of a transfer dialog ('Vare', 'Lokation', …); `wide` spans both columns. */
export function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * What a product search of Vareflyt shows before its results: the hint under two characters, the spinner, the
 * error under `errorTitle`, or 'Ingen produkter fundet'; null when there are results to show.
 */
export function productSearchState(
  term: string,
  search: { isPending: boolean; isError: boolean; error: unknown },
  empty: boolean,
  errorTitle: string,
): ReactNode | null {
  if (term.length < 2) {
    return (
      <Text size="sm" c="dimmed">
        Skriv mindst 2 tegn: varenummer, navn eller beskrivelse.
      </Text>
    );
  }
  if (search.isPending) {
    return (
      <Center py="md">
        <LoadingStatus size="sm" label="Søger produkter" />
      </Center>
    );
  }
  if (search.isError) {
    return (
      <Alert color="red" title={errorTitle}>
        {isApiError(search.error) ? search.error.message : 'Prøv igen.'}
      </Alert>
    );
  }
  return empty ? (
    <Text size="sm" c="dimmed">
      Ingen produkter fundet
    </Text>
  ) : null;
}

/** A product's number and name cells in the stock and pick tables: the number kept on one line, the name at most two. */
export function ProductCells({ no, name }: { no: string; name: string }) {
  return (
    <>
      <Table.Td>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {no}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2} title={name}>
          {name}
        </Text>
      </Table.Td>
    </>
  );
}

/** The product search field of the stock overview and the new transfer: number, name or description. */
export function ProductSearchInput({
  value,
  onSearch,
  ...rest
}: { value: string; onSearch: (term: string) => void } & Pick<TextInputProps, 'label' | 'maw'>) {
  return (
    <TextInput
      {...rest}
      placeholder="Varenummer, navn eller beskrivelse"
      value={value}
      onChange={(event) => onSearch(event.currentTarget.value)}
      leftSection={<IconSearch size={16} />}
      autoComplete="off"
      type="search"
      maxLength={200}
    />
  );
}
