import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';
import type { SessionUser } from './sessions';

const hub = () => ({ listening: true, epoch: 1 });
const user = (over: Partial<SessionUser> = {}): SessionUser => ({
  id: 'u1',
  name: 'Kim',
  initials: 'KS',
  roles: ['CustomerService'],
  departmentId: null,
  tokenHash: 't1',
  ...over,
});
const HOUR = 3_600_000;

describe('the session cache', () => {
  it('answers a kept session for its few seconds, and never past the session’s own expiry', () => {
    const cache = new SessionCache(hub(), 10_000);
    cache.keep(user(), cache.mark(), 1_000 + HOUR, 1_000);
    expect(cache.get('t1', 1_000)?.initials).toBe('KS');
    expect(cache.get('t1', 10_999)).not.toBeNull();
    expect(cache.get('t1', 11_000)).toBeNull();

    cache.keep(user(), cache.mark(), 5_000, 1_000);
    expect(cache.get('t1', 4_999)).not.toBeNull();
    expect(cache.get('t1', 5_000)).toBeNull();
  });

  it("forgets a user's sessions, and keeps nothing read before a forgetting", () => {
    const cache = new SessionCache(hub());
    cache.keep(user(), cache.mark(), Date.now() + HOUR);
    cache.keep(user({ id: 'u2', tokenHash: 't2' }), cache.mark(), Date.now() + HOUR);
    cache.forgetUser('u1');
    expect(cache.get('t1')).toBeNull();
    expect(cache.get('t2')).not.toBeNull();

    // Read from the database before the announcement, stored after it: the read may be older than the change.
    const mark = cache.mark();
    cache.forgetUser('someone else');
    cache.keep(user(), mark, Date.now() + HOUR);
    expect(cache.get('t1')).toBeNull();
    cache.forgetAll();
    expect(cache.size).toBe(0);
  });

  it('keeps and answers nothing while the announcements are not heard, nor what was kept under an earlier connection', () => {
    const announcements = { listening: false, epoch: 1 };
    const cache = new SessionCache(announcements);
    cache.keep(user(), cache.mark(), Date.now() + HOUR);
    expect(cache.size).toBe(0);

    announcements.listening = true;
    cache.keep(user(), cache.mark(), Date.now() + HOUR);
    expect(cache.get('t1')).not.toBeNull();
    announcements.listening = false;
    expect(cache.get('t1')).toBeNull();

    // Read while listening on connection 1, which was lost and replaced before the read was kept.
    announcements.listening = true;
    const mark = cache.mark();
    announcements.epoch = 2;
    cache.keep(user(), mark, Date.now() + HOUR);
    expect(cache.get('t1')).toBeNull();
    cache.keep(user(), cache.mark(), Date.now() + HOUR);
    announcements.epoch = 3;
    expect(cache.get('t1')).toBeNull();
  });

  it('hands out a frozen user, so no route can change what the next request sees', () => {
    const cache = new SessionCache(hub());
    cache.keep(user(), cache.mark(), Date.now() + HOUR);
    const kept = cache.get('t1')!;
    expect(() => kept.roles.push('Administrator')).toThrow();
    expect(() => Object.assign(kept, { departmentId: 'x' })).toThrow();
  });

  it("keeps an answer made from a kept session's user with the session, and forgets it with the session", async () => {
    const cache = new SessionCache(hub(), 10_000);
    let made = 0;
    const make = async () => ({ phone: `2000000${++made}` });
    // No kept session: made every time.
    expect(await cache.derived('t1', 'userinfo', make)).toEqual({ phone: '20000001' });
    expect(await cache.derived('t1', 'userinfo', make)).toEqual({ phone: '20000002' });

    cache.keep(user(), cache.mark(), 1_000 + HOUR, 1_000);
    expect(await cache.derived('t1', 'userinfo', make, 1_000)).toEqual({ phone: '20000003' });
    expect(await cache.derived('t1', 'userinfo', make, 2_000), 'kept').toEqual({ phone: '20000003' });
    expect(await cache.derived('t1', 'other', make, 2_000), 'by name').toEqual({ phone: '20000004' });
    expect(await cache.derived('t1', 'userinfo', make, 11_000), 'gone with the session').toEqual({ phone: '20000005' });

    cache.keep(user(), cache.mark(), Date.now() + HOUR);
    await cache.derived('t1', 'userinfo', make);
    cache.forgetUser('u1');
    cache.keep(user(), cache.mark(), Date.now() + HOUR);
    expect(await cache.derived('t1', 'userinfo', make), 'an announcement of the user forgets it').toEqual({ phone: '20000007' });
  });

  it('does not keep an answer made while the user was announced', async () => {
    const cache = new SessionCache(hub());
    cache.keep(user(), cache.mark(), Date.now() + HOUR);
    let made = 0;
    // The answer was read before the change the announcement tells of.
    const stale = () =>
      cache.derived('t1', 'userinfo', async () => {
        made++;
        cache.forgetUser('someone else');
        return { phone: 'old' };
      });
    expect(await stale()).toEqual({ phone: 'old' });
    expect(await cache.derived('t1', 'userinfo', async () => ({ phone: 'new' }))).toEqual({ phone: 'new' });
    expect(made).toBe(1);
  });
});
