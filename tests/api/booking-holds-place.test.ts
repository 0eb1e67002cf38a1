import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsSlotPlace } from '@/domain/booking';
import { ORDER_STATUSES } from '@/domain/orders';
import { orders } from '@/server/db/schema';
import { createTestApp, type TestContext } from '../helpers/test-app';

/**
 * The database's `orders.holds_place` (a generated column, built by the committed migrations) is the domain's
 * holdsSlotPlace for every order status: the places counted in SQL are the places the booking rules mean.
 * It fails when the domain's CAPACITY_STATUSES and the migrations' column disagree.
 */
let ctx: TestContext;
let nextNr = 9_000_000;

beforeAll(async () => {
  ctx = await createTestApp({ demo: false });
});
afterAll(() => ctx.close());

const variants = [
  { name: 'in a slot', timeSlotId: randomUUID(), waitingList: false },
  { name: 'on the waiting list', timeSlotId: randomUUID(), waitingList: true },
  { name: 'outside the slot plan', timeSlotId: null, waitingList: false },
];

describe('orders.holds_place follows the domain', () => {
  for (const variant of variants) {
    it(`agrees with holdsSlotPlace for every status, ${variant.name}`, async () => {
      for (const status of ORDER_STATUSES) {
        const [row] = await ctx.database.db
          .insert(orders)
          .values({
            orderNr: nextNr++,
            orderType: 'REPLACE_FRONT',
            orderStatus: status,
            whoIsPaying: 'CUSTOMER',
            timeSlotId: variant.timeSlotId,
            waitingList: variant.waitingList,
          })
          .returning({ holdsPlace: orders.holdsPlace });
        expect(row!.holdsPlace, status).toBe(holdsSlotPlace({ status, timeSlotId: variant.timeSlotId, waitingList: variant.waitingList }));
      }
    });
  }

  it('follows a status change of a booked order, through every status', async () => {
    const timeSlotId = randomUUID();
    const [order] = await ctx.database.db
      .insert(orders)
      .values({ orderNr: nextNr++, orderType: 'REPLACE_FRONT', orderStatus: 'DRAFT', whoIsPaying: 'CUSTOMER', timeSlotId })
      .returning({ id: orders.id });
    const held: boolean[] = [];
    for (const status of ORDER_STATUSES) {
      const [row] = await ctx.database.db
        .update(orders)
        .set({ orderStatus: status })
        .where(eq(orders.id, order!.id))
        .returning({ holdsPlace: orders.holdsPlace });
      expect(row!.holdsPlace, status).toBe(holdsSlotPlace({ status, timeSlotId, waitingList: false }));
      held.push(row!.holdsPlace);
    }
    // Both answers occur, so the comparison above is not trivially true.
    expect(held).toContain(true);
    expect(held).toContain(false);
  });
});
