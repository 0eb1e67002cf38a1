/** How long an answer the router asked for while a screen's files loaded counts as the screen's own first answer. */
const FRESH_ON_OPENING_MS = 5_000;

/**
 * `refetchOnMount` of a screen's first query that the router also asks for (its Prefetch): the screen asks again only
 * for an answer older than that, not for the one that came while its files were loading.
 */
export const olderThanPrefetch = (query: { state: { dataUpdatedAt: number } }) =>
  Date.now() - query.state.dataUpdatedAt > FRESH_ON_OPENING_MS;
