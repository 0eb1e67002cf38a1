import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let ks: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
});
afterAll(() => ctx.close());

let picked = 0;

/** A fresh demo order in a status (never the same twice), with the customer's e-mail settings. */
async function demoOrder(status: string, customer: { email: string; allowEmail: boolean }) {
  const [order] = await ctx.database.db
    .select()
    .from(orders)
    .where(eq(orders.orderStatus, status))
    .orderBy(asc(orders.orderNr))
    .limit(1)
    .offset(picked++);
  await ctx.database.db
    .update(orders)
    .set({ customerEmail: customer.email, customerAllowEmail: customer.allowEmail, debitorNo: '10001' })
    .where(eq(orders.id, order!.id));
  return order!;
}

async function mails(orderId: string, kind: string) {
  return ctx.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, kind)));
}

describe('order e-mails', () => {
  it('queues the receipt e-mail to a customer who allows e-mail, by Order_Id', async () => {
    const order = await demoOrder('FINISHED', { email: 'kunde@example.dk', allowEmail: true });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/email/sendreceipt',
      headers: { cookie: ks },
      payload: { Order_Id: order.id },
    });
    expect(response.json()).toEqual({ message: 'Email sent successfully' });
    const [mail] = await mails(order.id, 'ORDER_RECEIPT');
    expect(mail).toMatchObject({ channel: 'EMAIL', recipient: 'kunde@example.dk', subject: `Kvittering for ordre ${order.orderNr}` });
    expect(mail!.body).toContain('I alt inkl. moms:');
  });

  it('refuses the receipt when the customer does not allow e-mail', async () => {
    const order = await demoOrder('PROCESSING', { email: 'nej@example.dk', allowEmail: false });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/email/sendreceipt',
      headers: { cookie: ks },
      payload: { Order_No: String(order.orderNr) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('EMAIL ikke tilladt');
    expect(await mails(order.id, 'ORDER_RECEIPT')).toHaveLength(0);
  });

  it('sends an offer by order number with its own success text, and a notification with the comment', async () => {
    const order = await demoOrder('OFFER', { email: 'tilbud@example.dk', allowEmail: false });
    const offer = await ctx.app.inject({
      method: 'POST',
      url: '/api/email/sendoffer',
      headers: { cookie: ks },
      payload: { orderNumber: String(order.orderNr) },
    });
    expect(offer.json()).toEqual({ message: 'Tilbuds mail sent successfully' });
    const processing = await demoOrder('PROCESSING', { email: 'note@example.dk', allowEmail: true });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/email/sendnotification',
      headers: { cookie: ks },
      payload: { orderNumber: String(processing.orderNr), comment: 'Husk at fjerne autostolen.' },
    });
    const [note] = await mails(processing.id, 'ORDER_NOTIFICATION');
    expect(note!.body).toContain('Husk at fjerne autostolen.');
  });
});

describe('review invitation', () => {
  async function invite(order: { orderNr: number }, email: string) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/email/sendtrustpilotinvitation?name=Jens&email=${encodeURIComponent(email)}&ordernr=${order.orderNr}`,
      headers: { cookie: ks },
      payload: {},
    });
  }

  it('invites the customer of a finished order', async () => {
    const order = await demoOrder('FINISHED', { email: 'glad@example.dk', allowEmail: true });
    expect((await invite(order, 'glad@example.dk')).statusCode).toBe(200);
    const [mail] = await mails(order.id, 'REVIEW_INVITATION');
    expect(mail!.body).toContain('https://dk.trustpilot.com/evaluate/rudeplan.dk');
  });

  it('does not invite before the order is finished, staff on the own domain, or to another address', async () => {
    const processing = await demoOrder('PROCESSING', { email: 'snart@example.dk', allowEmail: true });
    expect((await invite(processing, 'snart@example.dk')).json().message).toBe('Ordren er ikke udført');
    const staff = await demoOrder('FINISHED', { email: 'kollega@rudeplan.dk', allowEmail: true });
    expect((await invite(staff, 'kollega@rudeplan.dk')).json().message).toBe('Kunden har en e-mail i firmaets eget domæne');
    const other = await demoOrder('FINISHED', { email: 'ejer@example.dk', allowEmail: true });
    expect((await invite(other, 'fremmed@example.dk')).statusCode).toBe(400);
    expect(await mails(other.id, 'REVIEW_INVITATION')).toHaveLength(0);
  });
});

describe('send limits', () => {
  const duplicate = 'Den samme besked er sendt til modtageren inden for de sidste 5 minutter. Vent, før du sender den igen.';
  const post = (cookie: string, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('queues ten parallel clicks on the same SMS once and refuses the rest (409), while another message still goes', async () => {
    const order = await demoOrder('PROCESSING', { email: 'sms@example.dk', allowEmail: true });
    await ctx.database.db
      .update(orders)
      .set({ customerAllowSms: true, customerPhone: '22334466', customerPhonePrefix: '+45' })
      .where(eq(orders.id, order.id));
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () => post(ks, '/api/sms/send', { orderId: order.id, kind: 'ARRIVE_BETWEEN_8_12' })),
    );
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(clicks.find((r) => r.statusCode === 409)!.json()).toMatchObject({ type: 'GENERIC_ERROR', message: duplicate });
    const queued = await ctx.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, order.id), eq(outbox.channel, 'SMS')));
    expect(queued).toHaveLength(1);
    // Another text to the same customer is another message.
    expect((await post(ks, '/api/sms/send', { orderId: order.id, kind: 'ARRIVE_BETWEEN_12_16' })).statusCode).toBe(200);
  });

  it('queues ten parallel clicks on the same e-mail once and refuses the rest (409)', async () => {
    const order = await demoOrder('FINISHED', { email: 'tiklik@example.dk', allowEmail: true });
    const clicks = await Promise.all(Array.from({ length: 10 }, () => post(ks, '/api/email/sendreceipt', { Order_Id: order.id })));
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(clicks.find((r) => r.statusCode === 409)!.json().message).toBe(duplicate);
    expect(await mails(order.id, 'ORDER_RECEIPT')).toHaveLength(1);
    const invitations = await Promise.all(
      Array.from({ length: 3 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/email/sendtrustpilotinvitation?ordernr=${order.orderNr}`,
          headers: { cookie: ks },
          payload: {},
        }),
      ),
    );
    expect(invitations.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it("bounds one user's sends to 20 a minute (429 with Retry-After), and leaves the sends the system makes alone", async () => {
    const adm = await login(ctx.app, 'ADM');
    const order = await demoOrder('PROCESSING', { email: 'mange@example.dk', allowEmail: true });
    const note = (i: number) => post(adm, '/api/email/sendnotification', { Order_Id: order.id, comment: `Besked nr. ${i}` });
    for (let i = 1; i <= 20; i++) expect((await note(i)).statusCode).toBe(200);
    const over = await note(21);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Du har sendt 20 beskeder inden for det sidste minut. Vent lidt, før du sender flere.');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mails(order.id, 'ORDER_NOTIFICATION')).toHaveLength(20);
    // Another user is not held back by it.
    expect((await post(ks, '/api/email/sendnotification', { Order_Id: order.id, comment: 'Fra en anden' })).statusCode).toBe(200);
    // Finishing the order queues the review invitation by itself, however many the user sent.
    const finished = await post(adm, `/api/order/status/${order.id}`, { status: 'FINISHED' });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(await mails(order.id, 'REVIEW_INVITATION')).toHaveLength(1);
  });
});
