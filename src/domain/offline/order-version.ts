/**
 * The order's version for conflicts (issue 38): the ETag a worksheet's read and each of the fitter's changes answer,
 * and the If-Match a queued change names, so a change made offline on an order someone else changed meanwhile is
 * refused (409, nothing saved) rather than written over theirs. The version itself is the server's (orders.repo.ts
 * `editVersion`: the order row and its lines); here is only how it travels and how it is compared.
 */

export const ORDER_VERSION_MESSAGES = {
  changed: 'Ordren er ændret af en anden, siden den blev hentet. Hent den igen.',
  badIfMatch: 'If-Match skal være ordrens version i anførselstegn, som ETag gav den',
} as const;

/** The ETag of a version (a strong entity tag: the version in double quotes). */
export function formatEtag(version: string): string {
  return `"${version}"`;
}

/** An If-Match header: any version (`*`), or the versions it names (strong tags only: weak ones match none). */
export type TIfMatch = { kind: 'ANY' } | { kind: 'VERSIONS'; versions: string[] };

/** One entity tag: optional W/, then a quoted run of the characters RFC 9110 allows (no quote, no control, no space). */
const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;

/**
 * Reads If-Match: null without the header (the change behaves as before), 'MALFORMED' for one that is no `*` and no
 * comma-separated list of entity tags (or that is sent twice).
 */
export function parseIfMatch(header: string | readonly string[] | undefined): TIfMatch | null | 'MALFORMED' {
  if (header === undefined) return null;
  if (typeof header !== 'string') return 'MALFORMED';
  const value = header.trim();
  if (value === '*') return { kind: 'ANY' };
  const versions: string[] = [];
  for (const part of value.split(',')) {
    const tag = ENTITY_TAG.exec(part.trim());
    if (!tag) return 'MALFORMED';
    if (!tag[1]) versions.push(tag[2]!);
  }
  return { kind: 'VERSIONS', versions };
}

/** Whether a change naming `ifMatch` may be applied to the order at version `current` (strong comparison). */
export function versionMatches(ifMatch: TIfMatch, current: string): boolean {
  return ifMatch.kind === 'ANY' || ifMatch.versions.includes(current);
}
