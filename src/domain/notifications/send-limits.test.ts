import { describe, expect, it } from 'vitest';
import { SEND_LIMIT_MESSAGES, SEND_LIMITS, sendLimitRefusal } from './send-limits';

describe('sendLimitRefusal', () => {
  it('refuses the same message first, then a user past the bound', () => {
    expect(sendLimitRefusal({ sameMessageQueued: true, userSendsLastMinute: 0 })).toBe('DUPLICATE');
    expect(sendLimitRefusal({ sameMessageQueued: true, userSendsLastMinute: 99 })).toBe('DUPLICATE');
    expect(sendLimitRefusal({ sameMessageQueued: false, userSendsLastMinute: SEND_LIMITS.perUserPerMinute })).toBe('TOO_MANY');
  });

  it('lets the bound itself be reached', () => {
    expect(sendLimitRefusal({ sameMessageQueued: false, userSendsLastMinute: SEND_LIMITS.perUserPerMinute - 1 })).toBeNull();
  });

  it('says so in Danish, with the numbers', () => {
    expect(SEND_LIMIT_MESSAGES.duplicate).toContain('inden for de sidste 5 minutter');
    expect(SEND_LIMIT_MESSAGES.tooMany).toContain('20 beskeder');
  });
});
