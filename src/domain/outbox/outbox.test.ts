import { describe, expect, it } from 'vitest';
import { outboxRetryDelayMs } from './outbox';

describe('outbox back-off', () => {
  it('doubles from 30 s and stops at one hour', () => {
    expect(outboxRetryDelayMs(1)).toBe(30_000);
    expect(outboxRetryDelayMs(2)).toBe(60_000);
    expect(outboxRetryDelayMs(3)).toBe(120_000);
    expect(outboxRetryDelayMs(20)).toBe(3_600_000);
  });
});
