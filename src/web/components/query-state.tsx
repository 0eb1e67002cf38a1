import type { LoaderProps } from '@mantine/core';
import { Alert, Box, Center, Loader, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDeferredValue } from 'react';

interface LoadingStatusProps {
  /** What is being loaded, read by screen readers ('Henter ledige tider'). */
  label: string;
  size?: LoaderProps['size'];
  /** Where the spinner sits (e.g. `{ position: 'absolute', top: 8, right: 8 }`). */
  style?: React.CSSProperties;
}

/**
 * A spinner a screen reader announces: a status region named by `label` around Mantine's Loader, which itself is
 * hidden (a name on the loader's bare element is not allowed: axe's aria-prohibited-attr).
 */
export function LoadingStatus({ label, size, style }: LoadingStatusProps) {
  return (
    <Box component="span" role="status" aria-label={label} style={{ display: 'inline-flex', ...style }}>
      <Loader size={size} aria-hidden />
    </Box>
  );
}

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

/**
 * The loading, failed and empty states every list screen shows the same way. What is shown is drawn as a deferred
 * value: an answer arriving (TanStack Query tells React through useSyncExternalStore, whose updates React draws at
 * once, in one task) is drawn in the background in short slices, while the previous state stays on screen until it is
 * ready (issue 17: a list of 25 orders held a phone's main thread for 400 ms).
 */
export function QueryState(props: QueryStateProps) {
  return useDeferredValue(queryStateContent(props));
}

function queryStateContent({ query, loadingLabel, errorTitle, isEmpty, emptyText, children }: QueryStateProps): ReactNode {
  if (query.isPending) {
    return (
      <Center py="xl">
        <LoadingStatus label={loadingLabel} />
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
