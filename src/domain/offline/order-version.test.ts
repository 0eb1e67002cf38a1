import { describe, expect, it } from 'vitest';
import { formatEtag, parseIfMatch, versionMatches } from './order-version';

describe('formatEtag and parseIfMatch', () => {
  it('reads back the ETag it writes', () => {
    const etag = formatEtag('k3Jx-9_aQ');
    expect(etag).toBe('"k3Jx-9_aQ"');
    expect(parseIfMatch(etag)).toEqual({ kind: 'VERSIONS', versions: ['k3Jx-9_aQ'] });
  });
  it('takes *, a list, and leaves weak tags out (they never match)', () => {
    expect(parseIfMatch(' * ')).toEqual({ kind: 'ANY' });
    expect(parseIfMatch('"a", W/"b" ,"c"')).toEqual({ kind: 'VERSIONS', versions: ['a', 'c'] });
  });
  it('is null without the header and MALFORMED for what is no entity tag', () => {
    expect(parseIfMatch(undefined)).toBeNull();
    for (const bad of ['', '812/812', '"a', 'a"', '"a"b"', '"a",', '**']) expect(parseIfMatch(bad)).toBe('MALFORMED');
    expect(parseIfMatch(['"a"', '"b"'])).toBe('MALFORMED');
  });
});

describe('versionMatches', () => {
  it('matches only the current version (or *)', () => {
    expect(versionMatches({ kind: 'VERSIONS', versions: ['1/2'] }, '1/2')).toBe(true);
    expect(versionMatches({ kind: 'VERSIONS', versions: ['1/2'] }, '3/2')).toBe(false);
    expect(versionMatches({ kind: 'VERSIONS', versions: [] }, '1/2')).toBe(false);
    expect(versionMatches({ kind: 'ANY' }, '1/2')).toBe(true);
  });
});
