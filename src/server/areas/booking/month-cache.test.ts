import { describe, expect, it } from 'vitest';
import type { TDayAvailability } from '@/domain/booking';
import type { TDepartment } from '@/domain/departments';
import type { LiveListener } from '@/server/integrations/live/live-changes';
import { MonthCache, type MonthCacheHub } from './month-cache';

/** A hub that listens once asked to, and can lose and regain its connection. */
function fakeHub() {
  const listeners = new Set<LiveListener>();
  const hub = {
    listening: false,
    epoch: 0,
    subscriptions: 0,
    async subscribe(listener: LiveListener) {
      hub.subscriptions++;
      listeners.add(listener);
      hub.listening = true;
      hub.epoch++;
      return () => listeners.delete(listener);
    },
    lose() {
      hub.listening = false;
    },
    regain() {
      hub.listening = true;
      hub.epoch++;
      for (const listener of listeners) listener([]);
    },
  };
  return hub satisfies MonthCacheHub;
}

const DEC = { year: 2026, month: 12 };
const JAN = { year: 2027, month: 1 };
const NOW = Date.UTC(2026, 10, 26, 12);

/** A month maker counting its calls; each call answers a different first day, so a remade answer shows. */
function maker(validUntil = Infinity) {
  let calls = 0;
  const make = async () => {
    calls++;
    return { days: [{ dayOfMonth: calls } as TDayAvailability], validUntil };
  };
  return { make, calls: () => calls };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const firstDay = (body: Buffer) => (JSON.parse(body.toString('utf8')) as TDayAvailability[])[0]!.dayOfMonth;

async function listeningCache(options?: ConstructorParameters<typeof MonthCache>[1]) {
  const hub = fakeHub();
  const cache = new MonthCache(hub, options);
  const warm = maker();
  // The first use asks the hub to listen and goes without the cache.
  await cache.answer('warm-up', DEC, 'all|0', NOW, warm.make);
  await flush();
  expect(hub.listening).toBe(true);
  return { hub, cache };
}

describe('MonthCache', () => {
  it('subscribes itself even when the hub already listens for others (an open calendar)', async () => {
    const hub = fakeHub();
    await hub.subscribe(() => {});
    const cache = new MonthCache(hub);
    const m = maker();
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    await flush();
    expect(hub.subscriptions).toBe(2);
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    expect(m.calls()).toBe(2);
    hub.regain();
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    expect(m.calls()).toBe(3);
  });

  it('keeps nothing until the hub listens, then sends the same answer (the same bytes) again', async () => {
    const hub = fakeHub();
    const cache = new MonthCache(hub);
    const m = maker();
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    await flush();
    expect(hub.subscriptions).toBe(1);
    const first = await cache.answer('a', DEC, 'all|0', NOW, m.make);
    const again = await cache.answer('a', DEC, 'all|0', NOW + 1000, m.make);
    expect(again).toBe(first);
    expect(m.calls()).toBe(2);
    // Another variant (a van's zip weekdays, a car's minimum) is an answer of its own.
    await cache.answer('a', DEC, '0111110|0', NOW, m.make);
    expect(m.calls()).toBe(3);
  });

  it("drops a department's month when a booking of that month is announced, and nothing else", async () => {
    const { cache } = await listeningCache();
    const m = maker();
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    await cache.answer('a', JAN, 'all|0', NOW, m.make);
    await cache.answer('b', DEC, 'all|0', NOW, m.make);
    expect(m.calls()).toBe(3);
    cache.changed([{ departmentId: 'a', date: '2026-12-14' }]);
    expect(firstDay(await cache.answer('a', DEC, 'all|0', NOW, m.make))).toBe(4);
    await cache.answer('a', JAN, 'all|0', NOW, m.make);
    await cache.answer('b', DEC, 'all|0', NOW, m.make);
    expect(m.calls()).toBe(4);
  });

  it("drops every month and the plan of a department whose plan changed (no date), and everything on 'anything'", async () => {
    const { cache } = await listeningCache();
    const m = maker();
    let loads = 0;
    const load = async () => {
      loads++;
      return { id: 'a' } as TDepartment;
    };
    await cache.plan('a', NOW, load);
    await cache.plan('a', NOW, load);
    expect(loads).toBe(1);
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    await cache.answer('a', JAN, 'all|0', NOW, m.make);
    await cache.answer('b', DEC, 'all|0', NOW, m.make);
    cache.changed([{ departmentId: 'a', date: null }]);
    await cache.plan('a', NOW, load);
    expect(loads).toBe(2);
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    await cache.answer('a', JAN, 'all|0', NOW, m.make);
    await cache.answer('b', DEC, 'all|0', NOW, m.make);
    expect(m.calls()).toBe(5);
    cache.changed([]);
    await cache.answer('b', DEC, 'all|0', NOW, m.make);
    await cache.plan('a', NOW, load);
    expect([m.calls(), loads]).toEqual([6, 3]);
  });

  it('does not keep an answer made while a change of its department was announced', async () => {
    const { cache } = await listeningCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const slow = async () => {
      calls++;
      if (calls === 1) await gate;
      return { days: [{ dayOfMonth: calls } as TDayAvailability], validUntil: Infinity };
    };
    const pending = cache.answer('a', DEC, 'all|0', NOW, slow);
    cache.changed([{ departmentId: 'a', date: '2026-12-01' }]);
    release();
    expect(firstDay(await pending)).toBe(1);
    expect(firstDay(await cache.answer('a', DEC, 'all|0', NOW, slow))).toBe(2);
  });

  it('keeps an answer only until the clock closes a slot, and never past the TTL', async () => {
    const { cache } = await listeningCache({ ttlMs: 60_000 });
    const closing = maker(NOW + 5_000);
    await cache.answer('a', DEC, 'all|0', NOW, closing.make);
    await cache.answer('a', DEC, 'all|0', NOW + 5_000, closing.make);
    expect(closing.calls()).toBe(1);
    await cache.answer('a', DEC, 'all|0', NOW + 5_001, closing.make);
    expect(closing.calls()).toBe(2);
    const lasting = maker();
    await cache.answer('b', DEC, 'all|0', NOW, lasting.make);
    await cache.answer('b', DEC, 'all|0', NOW + 60_000, lasting.make);
    await cache.answer('b', DEC, 'all|0', NOW + 60_001, lasting.make);
    expect(lasting.calls()).toBe(2);
  });

  it('uses nothing while the hub is not listening, and nothing from before a lost connection after it', async () => {
    const { hub, cache } = await listeningCache();
    const m = maker();
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    hub.lose();
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    expect(m.calls()).toBe(3);
    hub.regain();
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    expect(m.calls()).toBe(4);
  });

  it('checks each answer it serialises, kept or not (the response schema outside production)', async () => {
    const checked: number[] = [];
    const cache = new MonthCache(fakeHub(), { check: (days) => void checked.push(days[0]!.dayOfMonth) });
    const m = maker();
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    await flush();
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    expect(checked).toEqual([1, 2]);
    const refusing = new MonthCache(fakeHub(), {
      check: () => {
        throw new Error('not the schema');
      },
    });
    await expect(refusing.answer('a', DEC, 'all|0', NOW, m.make)).rejects.toThrow('not the schema');
  });

  it('drops what it keeps when it would keep more than its limit', async () => {
    const { cache } = await listeningCache({ maxEntries: 2 });
    const m = maker();
    for (const id of ['a', 'b', 'c']) await cache.answer(id, DEC, 'all|0', NOW, m.make);
    await cache.answer('c', DEC, 'all|0', NOW, m.make);
    await cache.answer('a', DEC, 'all|0', NOW, m.make);
    expect(m.calls()).toBe(4);
  });
});
