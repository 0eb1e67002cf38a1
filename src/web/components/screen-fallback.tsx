import { Center, Loader } from '@mantine/core';

/**
 * While a screen's chunk loads: a loader that screen readers announce, in a box as tall as the
 * window below the header, so nothing jumps when the screen arrives.
 */
export function ScreenFallback() {
  return (
    <Center mih="calc(100dvh - 56px - 2 * var(--mantine-spacing-lg))" role="status" aria-label="Indlæser siden">
      <Loader />
    </Center>
  );
}
