import { Alert, Center, Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface QueryStateProps {
  query: { isPending: boolean; isError: boolean };
  /** Read by screen readers while loading, e.g. 'Indlæser brugere'. */
  loadingLabel: string;
  /** Shown when loading failed, e.g. 'Brugerne kunne ikke hentes'. */
  errorTitle: string;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** The loading, failed and empty states every list screen shows the same way. */
export function QueryState({ query, loadingLabel, errorTitle, isEmpty, emptyText, children }: QueryStateProps) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={loadingLabel} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={errorTitle}>
        Prøv at genindlæse siden.
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <Paper withBorder p="lg">
        <Text c="dimmed">{emptyText}</Text>
      </Paper>
    );
  }
  return children;
}
