import { describe, expect, it } from 'vitest';
import { createManageToken, readManageToken } from './manage-token';

const key = { secret: Buffer.alloc(32, 7) };
const other = { secret: Buffer.alloc(32, 8) };
const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
const now = new Date('2026-12-07T10:00:00Z');

describe('manage tokens', () => {
  it('name their order until they expire', () => {
    const token = createManageToken(key, id, now.getTime() + 3_600_000);
    expect(readManageToken(key, token, now)).toBe(id);
    expect(readManageToken(key, token, new Date(now.getTime() + 2 * 3_600_000))).toBeNull();
  });

  it('are refused when signed with another key or changed anywhere', () => {
    const token = createManageToken(key, id, now.getTime() + 3_600_000);
    expect(readManageToken(other, token, now)).toBeNull();
    const [a, b, c] = token.split('.') as [string, string, string];
    expect(readManageToken(key, `${a}.${(Number.parseInt(b, 36) + 1).toString(36)}.${c}`, now)).toBeNull();
    expect(readManageToken(key, `${a.replace(/^./, a[0] === 'A' ? 'B' : 'A')}.${b}.${c}`, now)).toBeNull();
    expect(readManageToken(key, 'nonsense', now)).toBeNull();
  });
});
