import { useDeferredValue } from 'react';

/**
 * A query's answer as a deferred value, with its loading state following the deferred answer. TanStack Query tells
 * React of an answer as an urgent update (useSyncExternalStore), drawn in one task: read this way, the urgent render
 * keeps the answer before (memoised parts are not drawn again) and the new one is drawn in a render React can
 * interrupt (issue 17: blocking time), while nothing says 'none' before the answer is drawn.
 */
export function useDeferredAnswer<T>(query: { data: T | undefined; isError: boolean }): { data: T | undefined; pending: boolean } {
  const data = useDeferredValue(query.data);
  return { data, pending: data === undefined && !query.isError };
}
