import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TJournalEntry } from '@/domain/journal';
import type { TOrder } from '@/domain/orders';
import { orderLogs, reasons } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

/** The demo history of seed-lifecycle.ts: entries the worksheet could have made. */
let ctx: TestContext;
let ks: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
});
afterAll(() => ctx.close());

describe('demo data: main items changed', () => {
  it('logs a few MAINITEMCHANGED reasons from their list, each followed by a save that swapped the pane', async () => {
    const db = ctx.database.db;
    const logs = await db.select().from(orderLogs).where(eq(orderLogs.logType, 'MAINITEMCHANGED'));
    expect(logs.length).toBeGreaterThanOrEqual(3);
    const list = (await db.select({ text: reasons.text }).from(reasons).where(eq(reasons.list, 'MAINITEMCHANGED'))).map((r) => r.text);

    for (const log of logs) {
      expect(list).toContain(log.logReason);
      if (log.logReason === 'Andet') expect(log.logComment).not.toBe('');
      expect(['KS', 'REK', 'ADM']).toContain(log.logUser);

      const order = (
        await ctx.app.inject({ method: 'GET', url: `/api/order/order/${log.orderId}`, headers: { cookie: ks } })
      ).json<TOrder>();
      expect(order.additionalData.orderType).toMatch(/^REPLACE/);
      expect(order.additionalData.orderStatus).toBe('PROCESSING');
      expect(log.orderNo).toBe(order.additionalData.orderNr);
      expect(log.regNr).toBe(order.car.registrationNumber);
      // The order still has one main item: the new pane.
      const main = order.items.filter((item) => item.isMainItem);
      expect(main).toHaveLength(1);

      // The history shows the log and, after it, the save that removed the old pane and added the new one.
      const journal = (await ctx.app.inject({ method: 'GET', url: `/api/taskjournal/${log.orderId}`, headers: { cookie: ks } })).json<
        TJournalEntry[]
      >();
      const note = journal.find((e) => e.text.startsWith('Log (Hovedvare ændret)'));
      expect(note?.text).toContain(log.logReason);
      const save = journal.find(
        (e) => e.text === 'Ordre gemt' && e.changes.some((c) => c.from === null) && e.changes.some((c) => c.to === null),
      );
      expect(save, `the save of order ${order.additionalData.orderNr}`).toBeDefined();
      expect(new Date(save!.date).getTime()).toBeGreaterThan(new Date(note!.date).getTime());
      expect(save!.changes.find((c) => c.from === null)!.to).toContain(main[0]!.name);
    }
  });
});
