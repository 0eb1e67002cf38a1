import { describe, expect, it } from 'vitest';
import { newRowId } from './row-id';

describe('newRowId', () => {
  it('makes UUIDs of version 7 that sort in the order they were made', () => {
    const ids = Array.from({ length: 2000 }, newRowId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('starts with the time it was made, in milliseconds', () => {
    const before = Date.now();
    const id = newRowId();
    const after = Date.now();
    const made = parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(made).toBeGreaterThanOrEqual(before);
    expect(made).toBeLessThanOrEqual(after);
  });
});
