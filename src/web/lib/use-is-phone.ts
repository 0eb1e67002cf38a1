import { useMediaQuery } from '@mantine/hooks';

/** Phone layout at 768 px and below (Mantine's 'sm' breakpoint, 48em; the spec's 768 px). */
export const PHONE_QUERY = '(max-width: 48em)';

export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
