import { describe, expect, it } from 'vitest';
import { accountAddressKey, accountKey, knownAddressKey, progressiveWaitSeconds } from './throttle';

describe('progressiveWaitSeconds', () => {
  it('waits nothing before the limit, then 30 s doubling with every failure, at most 15 minutes', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 50].map((n) => progressiveWaitSeconds(n, 5))).toEqual([0, 30, 60, 120, 240, 480, 900, 900, 900]);
  });
});

describe('keys', () => {
  it('names an account from an address, and the marker of an address the account signed in from', () => {
    const pair = accountAddressKey(accountKey('login', 'u1', 'ADM'), '10.0.0.1');
    expect(pair).toBe('login:user:u1:ip:10.0.0.1');
    expect(knownAddressKey(pair)).toBe('ok:login:user:u1:ip:10.0.0.1');
    // A typed name starts with the action, so it can never make a marker.
    expect(accountKey('login', null, ' ok:X ')).toBe('login:id:ok:x');
  });
});
