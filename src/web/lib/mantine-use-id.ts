import { useId as useReactId } from 'react';

/**
 * Stands in for `@mantine/hooks`' useId in the build (vite.config.ts, mantineUseId): the id Mantine's own first render
 * gives (React's, prefixed), kept. Mantine's swaps in a random id in a layout effect after mounting, which made every
 * input, list and popover of a screen render a second time, synchronously, in one long task (issue 17: blocking time).
 * React's id is unique within the app's one root and the same on every render, which is all an id needs.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
