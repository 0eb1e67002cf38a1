import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_MAX_ATTEMPTS, OUTBOX_SECRET_PLACEHOLDER } from '@/domain/outbox';
import { withConnection } from '@/server/db/client';
import * as schema from '@/server/db/schema';
import { outbox, outboxSecrets } from '@/server/db/schema';
import { createSmtpTransport, localEmailTransport } from '@/server/integrations/email/email-transport';
import { createFileDropExporter } from '@/server/integrations/erp/erp-export';
import { claimNextMessage, enqueueMessage, OUTBOX_INTERRUPTED_ERROR } from '@/server/integrations/outbox/outbox.repo';
import { OutboxWorker } from '@/server/integrations/outbox/outbox.worker';
import { createHttpSmsGateway, localSmsGateway } from '@/server/integrations/sms/sms-gateway';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let erpDir: string;

beforeAll(async () => {
  ctx = await createTestApp({ demo: false });
  erpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-erp-'));
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(erpDir, { recursive: true, force: true });
});

function worker(overrides: Partial<ConstructorParameters<typeof OutboxWorker>[0]> = {}) {
  return new OutboxWorker({
    db: ctx.database.db,
    databaseUrl: ctx.url,
    email: localEmailTransport,
    sms: localSmsGateway,
    erp: createFileDropExporter(erpDir),
    pollMs: 60_000,
    log: ctx.app.log,
    ...overrides,
  });
}

async function row(id: string) {
  const [r] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, id));
  return r!;
}

async function clearOutbox() {
  await ctx.database.db.delete(outbox);
}

describe('outbox', () => {
  it("queues inside the caller's transaction: a rolled-back change sends nothing", async () => {
    await clearOutbox();
    await ctx.database.db
      .transaction(async (tx) => {
        await enqueueMessage(tx, { channel: 'SMS', kind: 'TEST', recipient: '+4512345678', body: 'never' });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await ctx.database.db.select().from(outbox)).toHaveLength(0);
  });

  it('keeps messages locally when no gateway is configured, readable afterwards', async () => {
    await clearOutbox();
    const sms = await enqueueMessage(ctx.database.db, { channel: 'SMS', kind: 'TEST', recipient: '+4512345678', body: 'Hej' });
    const mail = await enqueueMessage(ctx.database.db, {
      channel: 'EMAIL',
      kind: 'TEST',
      recipient: 'a@b.dk',
      subject: 'Emne',
      body: 'Tekst',
    });
    expect(await worker().deliverDue()).toBe(2);
    expect(await row(sms)).toMatchObject({ status: 'KEPT', transport: 'local', attempts: 1 });
    expect(await row(mail)).toMatchObject({ status: 'KEPT', transport: 'local' });
    expect((await row(mail)).deliveredAt).toBeInstanceOf(Date);
  });

  it('hands an ERP export to the file drop as JSON', async () => {
    await clearOutbox();
    const id = await enqueueMessage(ctx.database.db, {
      channel: 'ERP',
      kind: 'ORDER_EXPORT',
      recipient: '10042',
      body: '{"Order_No":"10042"}',
    });
    await worker().deliverDue();
    expect(await row(id)).toMatchObject({ status: 'SENT', transport: 'erp-file' });
    const files = await fs.readdir(erpDir);
    expect(files.some((f) => f.startsWith('10042-') && f.endsWith('.json'))).toBe(true);
    const file = files.find((f) => f.startsWith('10042-'))!;
    expect(JSON.parse(await fs.readFile(path.join(erpDir, file), 'utf8'))).toEqual({ Order_No: '10042' });
  });

  it('delivers e-mail over SMTP when configured', async () => {
    await clearOutbox();
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    try {
      const id = await enqueueMessage(ctx.database.db, {
        channel: 'EMAIL',
        kind: 'TEST',
        recipient: 'kunde@example.dk',
        subject: 'Kvittering',
        body: 'Tak for ordren',
      });
      const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'Rudeplan <noreply@rudeplan.dk>');
      await worker({ email: transport }).deliverDue();
      expect(await row(id)).toMatchObject({ status: 'SENT', transport: 'smtp' });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Kvittering');
      expect(received[0]).toContain('Tak for ordren');
      transport.close?.();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('retries with back-off when the gateway fails, and gives up after the last attempt', async () => {
    await clearOutbox();
    const id = await enqueueMessage(ctx.database.db, { channel: 'SMS', kind: 'TEST', recipient: '+4512345678', body: 'Hej' });
    // Nothing listens on port 9: the gateway call fails.
    const failing = worker({ sms: createHttpSmsGateway('http://127.0.0.1:9/sms', undefined, 'Rudeplan') });
    await failing.deliverDue();
    const first = await row(id);
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, transport: 'sms-http' });
    expect(first.lastError).not.toBe('');
    expect(first.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: the next round leaves it alone.
    expect(await failing.deliverDue()).toBe(0);

    await ctx.database.db
      .update(outbox)
      .set({ attempts: OUTBOX_MAX_ATTEMPTS - 1, nextAttemptAt: new Date(0) })
      .where(eq(outbox.id, id));
    await failing.deliverDue();
    expect(await row(id)).toMatchObject({ status: 'FAILED', attempts: OUTBOX_MAX_ATTEMPTS });
  });

  it('lets two workers share the queue without sending a message twice', async () => {
    await clearOutbox();
    for (let i = 0; i < 30; i++)
      await enqueueMessage(ctx.database.db, {
        channel: 'SMS',
        kind: 'TEST',
        recipient: `+45100000${String(i).padStart(2, '0')}`,
        body: `n${i}`,
      });
    const claimAll = () =>
      withConnection(ctx.database.db, async (session) => {
        const ids: string[] = [];
        for (let m = await claimNextMessage(session); m; m = await claimNextMessage(session)) ids.push(m.id);
        return ids;
      });
    const [a, b] = await Promise.all([claimAll(), claimAll()]);
    const ids = [...a, ...b];
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });

  it('never sends again a message whose worker died while sending it, unless it was only kept locally', async () => {
    await clearOutbox();
    const erpId = await enqueueMessage(ctx.database.db, { channel: 'ERP', kind: 'ORDER_EXPORT', recipient: '10043', body: '{}' });
    const smsId = await enqueueMessage(ctx.database.db, { channel: 'SMS', kind: 'TEST', recipient: '+4515151515', body: 'Hej' });
    // A worker that claims both, and dies (its connection ends) before recording anything.
    const dying = new pg.Client({ connectionString: ctx.url });
    await dying.connect();
    const session = drizzle(dying, { schema, casing: 'snake_case' });
    expect((await claimNextMessage(session))?.id).toBe(erpId);
    expect((await claimNextMessage(session))?.id).toBe(smsId);
    // While it lives, another worker leaves its messages alone.
    expect(await worker().deliverDue()).toBe(0);
    expect((await row(erpId)).status).toBe('SENDING');
    await dying.end();

    await worker().deliverDue();
    expect(await row(erpId)).toMatchObject({ status: 'FAILED', attempts: 1, lastError: OUTBOX_INTERRUPTED_ERROR });
    expect(await row(smsId)).toMatchObject({ status: 'KEPT', attempts: 2 });
    expect((await fs.readdir(erpDir)).filter((f) => f.startsWith('10043-'))).toEqual([]);
  });

  it('is woken by NOTIFY when a message is queued', async () => {
    await clearOutbox();
    const live = worker();
    await live.start();
    try {
      const id = await enqueueMessage(ctx.database.db, { channel: 'SMS', kind: 'TEST', recipient: '+4511111111', body: 'straks' });
      await expect.poll(async () => (await row(id)).status, { timeout: 5_000, interval: 50 }).toBe('KEPT');
    } finally {
      await live.stop();
    }
  });
});

describe('messages with a secret', () => {
  const text = `Din kode er ${OUTBOX_SECRET_PLACEHOLDER}.`;

  async function secretOf(id: string) {
    const [r] = await ctx.database.db.select().from(outboxSecrets).where(eq(outboxSecrets.messageId, id));
    return r?.secret ?? null;
  }

  it('stores the secret apart, hands the adapter the real text and forgets the secret once delivered', async () => {
    await clearOutbox();
    const sent: string[] = [];
    const sms = await enqueueMessage(ctx.database.db, {
      channel: 'SMS',
      kind: 'PASSWORD_RESET',
      recipient: '+4512121212',
      body: text,
      secret: '482913',
    });
    const mail = await enqueueMessage(ctx.database.db, {
      channel: 'EMAIL',
      kind: 'PASSWORD_RESET',
      recipient: 'a@b.dk',
      subject: 'Kode',
      body: text,
      html: `<p>${text}</p>`,
      secret: '$&731',
    });
    expect((await row(sms)).body).toBe(text);
    expect(await secretOf(sms)).toBe('482913');

    await worker({
      sms: { name: 'capture', send: async (m) => (sent.push(m.text), 'SENT') },
      email: { name: 'capture', send: async (m) => (sent.push(m.text, m.html ?? ''), 'SENT') },
    }).deliverDue();
    expect(sent.sort()).toEqual(['<p>Din kode er $&731.</p>', 'Din kode er $&731.', 'Din kode er 482913.']);
    expect(await row(sms)).toMatchObject({ status: 'SENT', body: text });
    expect([await secretOf(sms), await secretOf(mail)]).toEqual([null, null]);
  });

  it('keeps the secret of a failed message for a retry', async () => {
    await clearOutbox();
    const id = await enqueueMessage(ctx.database.db, {
      channel: 'SMS',
      kind: 'PASSWORD_RESET',
      recipient: '+4513131313',
      body: text,
      secret: '111222',
    });
    await worker({ sms: createHttpSmsGateway('http://127.0.0.1:9/sms', undefined, 'Rudeplan') }).deliverDue();
    expect(await row(id)).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(await secretOf(id)).toBe('111222');
  });

  it('refuses a message whose text holds the secret itself, or no place for it', async () => {
    await expect(
      enqueueMessage(ctx.database.db, { channel: 'SMS', kind: 'X', recipient: '+4514141414', body: 'Kode 999888', secret: '999888' }),
    ).rejects.toThrow(/must hold/);
    await expect(
      enqueueMessage(ctx.database.db, {
        channel: 'SMS',
        kind: 'X',
        recipient: '+4514141414',
        body: `Kode ${OUTBOX_SECRET_PLACEHOLDER} 999888`,
        secret: '999888',
      }),
    ).rejects.toThrow(/must hold/);
  });
});

describe('outbox screen API', () => {
  it('lists messages newest first for an administrator and lets a failed one be retried', async () => {
    await clearOutbox();
    const { hashPassword } = await import('@/server/auth/passwords');
    const { users } = await import('@/server/db/schema');
    await ctx.database.db
      .insert(users)
      .values({ name: 'Admin', initials: 'ADX', roles: ['Adminstrator'], passwordHash: await hashPassword('secret12') });
    const cookie = await login(ctx.app, 'ADX', 'secret12');
    const id = await enqueueMessage(ctx.database.db, { channel: 'EMAIL', kind: 'TEST', recipient: 'x@y.dk', subject: 'S', body: 'B' });
    await ctx.database.db.update(outbox).set({ status: 'FAILED', attempts: 8, lastError: 'boom' }).where(eq(outbox.id, id));
    await enqueueMessage(ctx.database.db, { channel: 'SMS', kind: 'TEST', recipient: '+4522222222', body: 'nyere' });

    const page = await ctx.app.inject({ method: 'GET', url: '/api/outbox?page=0', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, pageCount: 1 });
    expect(page.json().messages[0]).toMatchObject({ recipient: '+4522222222', status: 'PENDING' });

    const failed = await ctx.app.inject({ method: 'GET', url: '/api/outbox?status=FAILED', headers: { cookie } });
    expect(failed.json().messages.map((m: { id: string }) => m.id)).toEqual([id]);

    // A secret is never shown: not while queued, not after delivery.
    const secret = await enqueueMessage(ctx.database.db, {
      channel: 'SMS',
      kind: 'NEW_USER_PASSWORD',
      recipient: '+4523232323',
      body: `Adgangskoden er ${OUTBOX_SECRET_PLACEHOLDER}`,
      secret: 'Hemmelig9x',
    });
    const shown = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/outbox', headers: { cookie } }))
        .json()
        .messages.find((m: { id: string }) => m.id === secret);
    expect((await shown()).body).toBe('Adgangskoden er ••••••');
    await worker().deliverDue();
    expect(await shown()).toMatchObject({ status: 'KEPT', body: 'Adgangskoden er ••••••' });
    expect(JSON.stringify((await ctx.app.inject({ method: 'GET', url: '/api/outbox', headers: { cookie } })).json())).not.toContain(
      'Hemmelig9x',
    );

    const retried = await ctx.app.inject({ method: 'POST', url: `/api/outbox/${id}/retry`, headers: { cookie } });
    expect(retried.json()).toMatchObject({ id, status: 'PENDING', attempts: 0 });
    const again = await ctx.app.inject({ method: 'POST', url: `/api/outbox/${id}/retry`, headers: { cookie } });
    expect(again.statusCode).toBe(404);
  });
});
