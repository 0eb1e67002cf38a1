import { Alert, Center, Text } from '@mantine/core';
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
