import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MESSAGES } from '@/domain/users';
import { requestPasswordReset } from '@/server/areas/users/users.service';
import { hashPassword } from '@/server/auth/passwords';
import { outbox, passwordResets, users } from '@/server/db/schema';
import { OutboxWorker } from '@/server/integrations/outbox/outbox.worker';
import { cookieFor, createTestApp, login, sessionCookie, type TestContext } from '../helpers/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface Sent {
  channel: 'SMS' | 'EMAIL';
  to: string;
  subject: string;
  text: string;
}

/** Runs the outbox worker with adapters that record what they are handed: what really leaves the system. */
async function deliver(): Promise<Sent[]> {
  const sent: Sent[] = [];
  const worker = new OutboxWorker({
    db: ctx.database.db,
    databaseUrl: ctx.url,
    email: { name: 'capture', send: async (m) => (sent.push({ channel: 'EMAIL', to: m.to, subject: m.subject, text: m.text }), 'SENT') },
    sms: { name: 'capture', send: async (m) => (sent.push({ channel: 'SMS', to: m.to, subject: '', text: m.text }), 'SENT') },
    erp: { name: 'capture', send: async () => 'SENT' },
    pollMs: 60_000,
    log: ctx.app.log,
  });
  await worker.deliverDue();
  return sent;
}

let userCount = 0;
/** A user of this test file's own, with password 'gammel1', so the tests do not share counters. */
async function createUser(options: { sms?: boolean; email?: boolean } = {}) {
  userCount += 1;
  const initials = `AC${userCount}`;
  const phone = String(60_000_000 + userCount);
  const email = `ac${userCount}@example.dk`;
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      name: `Anna Konto${userCount}`,
      initials,
      email,
      phone,
      roles: ['CustomerService'],
      allowSms: options.sms ?? true,
      allowEmail: options.email ?? true,
      passwordHash: await hashPassword('gammel1'),
    })
    .returning({ id: users.id });
  return { id: row!.id, initials, phone, email };
}

let addressCount = 0;
/** A client address of its own per test, so the per-address counters of one test do not reach another. */
function newAddress(): string {
  addressCount += 1;
  return `10.0.0.${addressCount}`;
}

function forgot(Identifier: string, remoteAddress: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/user/resetpassword', payload: { Identifier }, remoteAddress });
}

function confirm(payload: Record<string, unknown>, remoteAddress: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/user/resetpassword/confirm', payload, remoteAddress });
}

function tryLogin(Email: string, Password: string, remoteAddress = '127.0.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { Email, Password }, remoteAddress });
}

function codeIn(text: string): string {
  return /(\d{6})/.exec(text)![1]!;
}

function tokenIn(text: string): string {
  return /reset-password\?token=([\w-]+)/.exec(text)![1]!;
}

describe('forgot password: a one-time code by SMS', () => {
  it('keeps the old password until the new one is set with the code, then ends the sessions', async () => {
    const user = await createUser();
    const ip = newAddress();
    const session = await cookieFor(ctx, user.id);

    const answer = await forgot(`+45 ${user.phone.slice(0, 4)} ${user.phone.slice(4)}`, ip);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: 'Password successfully reset, check your registered device' });

    // Nothing changed yet: the old password and the session still work.
    expect((await tryLogin(user.initials, 'gammel1')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie: session } })).statusCode).toBe(200);

    // The code is not in the stored text; the adapter gets it.
    const [queued] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, `+45${user.phone}`));
    expect(queued).toMatchObject({ channel: 'SMS', kind: 'PASSWORD_RESET' });
    expect(queued!.body).not.toMatch(/\d{6}/);
    const sms = (await deliver()).find((m) => m.to === `+45${user.phone}`)!;
    expect(sms.text).toMatch(/Rudeplan \(AC\d+\): \d{6}\. Den gælder i 30 min/);
    const code = codeIn(sms.text);

    const done = await confirm({ identifier: user.phone, code, password: 'nyt-kode1', confirmPassword: 'nyt-kode1' }, ip);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: RESET_MESSAGES.done });

    expect((await tryLogin(user.initials, 'gammel1')).statusCode).toBe(401);
    expect((await tryLogin(user.initials, 'nyt-kode1')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie: session } })).statusCode).toBe(401);

    // Once only.
    const again = await confirm({ identifier: user.phone, code, password: 'tredje1', confirmPassword: 'tredje1' }, ip);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ type: 'GENERIC_ERROR', message: RESET_MESSAGES.codeInvalid });
  });

  it('checks the new password with the spec messages', async () => {
    const response = await confirm(
      { identifier: 'x@example.dk', code: '123456', password: 'kort', confirmPassword: 'andet' },
      newAddress(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      password: ['Kodeordet skal indeholde minimum 6 karakter'],
      confirmPassword: ['Kodeordet skal indeholde minimum 6 karakter', 'Felterne stemmer ikke overens'],
    });
    const mismatch = await confirm(
      { identifier: 'x@example.dk', code: '123456', password: 'hemmelig1', confirmPassword: 'hemmelig2' },
      newAddress(),
    );
    expect(mismatch.json().errors).toEqual({ confirmPassword: ['Felterne stemmer ikke overens'] });
  });

  it('counts wrong codes per account and per address, and a code dies after five wrong ones', async () => {
    const user = await createUser();
    const ip = newAddress();
    await forgot(user.phone, ip);
    const code = codeIn((await deliver()).find((m) => m.to === `+45${user.phone}`)!.text);
    const wrong = code === '000000' ? '111111' : '000000';
    // Wrong codes from several addresses, by phone and by e-mail: all count against the one account.
    for (let i = 0; i < 5; i++) {
      const r = await confirm(
        { identifier: i % 2 ? user.email : user.phone, code: wrong, password: 'nyt-kode1', confirmPassword: 'nyt-kode1' },
        newAddress(),
      );
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(RESET_MESSAGES.codeInvalid);
    }
    const blocked = await confirm({ identifier: user.phone, code, password: 'nyt-kode1', confirmPassword: 'nyt-kode1' }, ip);
    expect(blocked.statusCode).toBe(429);
    const [reset] = await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(reset).toMatchObject({ failedAttempts: 5 });
    expect(reset!.usedAt).toBeInstanceOf(Date);
    expect((await tryLogin(user.initials, 'gammel1')).statusCode).toBe(200);

    // Per address: guesses against many identifiers from one address stop there.
    const guesser = newAddress();
    for (let i = 0; i < 20; i++)
      await confirm({ identifier: `ukendt${i}@example.dk`, code: '123456', password: 'nyt-kode1', confirmPassword: 'nyt-kode1' }, guesser);
    const fromGuesser = await confirm(
      { identifier: 'endnu.en@example.dk', code: '123456', password: 'nyt-kode1', confirmPassword: 'nyt-kode1' },
      guesser,
    );
    expect(fromGuesser.statusCode).toBe(429);
  });
});

describe('forgot password: a one-time link by e-mail', () => {
  const publicUrl = 'https://rudeplan.example.dk';
  const meta = () => ({ ip: newAddress(), userAgent: 'vitest' });

  async function linkFor(user: { email: string }): Promise<string> {
    await requestPasswordReset(ctx.database.db, user.email, meta(), { publicUrl });
    const mail = (await deliver()).find((m) => m.to === user.email)!;
    expect(mail.subject).toBe('Vælg en ny adgangskode til Rudeplan');
    expect(mail.text).toContain(`${publicUrl}/reset-password?token=`);
    return tokenIn(mail.text);
  }

  it('sets the new password through the link once, within 30 minutes', async () => {
    const user = await createUser();
    const token = await linkFor(user);
    const [reset] = await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(reset!.kind).toBe('LINK');
    expect(reset!.tokenHash).not.toContain(token);
    const minutes = (reset!.expiresAt.getTime() - reset!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);

    const ip = newAddress();
    const done = await confirm({ token, password: 'via-link1', confirmPassword: 'via-link1' }, ip);
    expect(done.statusCode).toBe(200);
    await login(ctx.app, user.initials, 'via-link1');

    const used = await confirm({ token, password: 'igen-link1', confirmPassword: 'igen-link1' }, ip);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ type: 'GENERIC_ERROR', message: RESET_MESSAGES.linkUsed });
  });

  it('refuses an unknown, an expired and a replaced link with a Danish message', async () => {
    const user = await createUser();
    const ip = newAddress();
    const unknown = await confirm({ token: 'ikke-et-rigtigt-token', password: 'hemmelig1', confirmPassword: 'hemmelig1' }, ip);
    expect(unknown.json()).toMatchObject({ status: 400, message: RESET_MESSAGES.linkInvalid });

    const first = await linkFor(user);
    const second = await linkFor(user);
    const replaced = await confirm({ token: first, password: 'hemmelig1', confirmPassword: 'hemmelig1' }, ip);
    expect(replaced.json()).toMatchObject({ status: 400, message: RESET_MESSAGES.linkUsed });

    await ctx.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const expired = await confirm({ token: second, password: 'hemmelig1', confirmPassword: 'hemmelig1' }, ip);
    expect(expired.json()).toMatchObject({ status: 400, message: RESET_MESSAGES.linkExpired });
    expect((await tryLogin(user.initials, 'gammel1')).statusCode).toBe(200);
  });

  it('sends a code by e-mail when no public address for links is configured', async () => {
    const user = await createUser({ sms: false });
    const ip = newAddress();
    await forgot(user.email.toUpperCase(), ip);
    const mail = (await deliver()).find((m) => m.to === user.email)!;
    expect(mail).toMatchObject({ channel: 'EMAIL', subject: 'Kode til ny adgangskode i Rudeplan' });
    const done = await confirm(
      { identifier: user.email, code: codeIn(mail.text), password: 'fra-mail1', confirmPassword: 'fra-mail1' },
      ip,
    );
    expect(done.statusCode).toBe(200);
    await login(ctx.app, user.initials, 'fra-mail1');
  });
});

describe('forgot password: requests', () => {
  it('answers the same whether or not the user exists, and queues nothing for a stranger', async () => {
    const user = await createUser();
    const ip = newAddress();
    const known = await forgot(user.email, ip);
    const unknown = await forgot('findes.ikke@example.dk', ip);
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(unknown.json()).toEqual(known.json());
    expect(await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, 'findes.ikke@example.dk'))).toHaveLength(0);
    // The channel follows what was typed: the e-mail address here.
    expect(await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, user.email))).toHaveLength(1);
  });

  it('throttles per account, whichever address or contact reaches it, and per client address', async () => {
    const user = await createUser();
    for (const identifier of [user.email, user.phone, user.email.toUpperCase()]) {
      expect((await forgot(identifier, newAddress())).statusCode).toBe(200);
    }
    expect((await forgot(user.phone, newAddress())).statusCode).toBe(429);
    // An unknown identifier is throttled the same way, so the throttle tells nothing either.
    for (let i = 0; i < 3; i++) await forgot('ingen@example.dk', newAddress());
    expect((await forgot('ingen@example.dk', newAddress())).statusCode).toBe(429);

    const ip = newAddress();
    for (let i = 0; i < 10; i++) expect((await forgot(`person${i}@example.dk`, ip)).statusCode).toBe(200);
    expect((await forgot('person10@example.dk', ip)).statusCode).toBe(429);
  });
});

describe('login throttling', () => {
  it('counts failures against the account, whatever name reached it', async () => {
    const [vin] = await ctx.database.db
      .insert(users)
      .values({
        name: 'Vibeke Nielsen',
        initials: 'VIN',
        email: 'vin@example.dk',
        roles: ['CustomerService'],
        allowEmail: true,
        passwordHash: await hashPassword('rigtig1'),
      })
      .returning({ id: users.id });
    for (let i = 0; i < 5; i++) expect((await tryLogin(i % 2 ? 'vin' : 'VIN', `forkert${i}`, newAddress())).statusCode).toBe(401);
    const byEmail = await tryLogin('Vin@Example.dk', 'rigtig1', newAddress());
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.json().message).toBe('For mange forsøg. Vent et øjeblik, og prøv igen.');

    // A new password set through a reset lets the user in at once.
    await forgot('vin@example.dk', newAddress());
    const mail = (await deliver()).find((m) => m.to === 'vin@example.dk')!;
    await confirm({ identifier: 'vin@example.dk', code: codeIn(mail.text), password: 'ny-vin1', confirmPassword: 'ny-vin1' }, newAddress());
    const after = await tryLogin('vin@example.dk', 'ny-vin1', newAddress());
    expect(after.statusCode).toBe(200);
    expect(after.json().initials).toBe('VIN');
    expect(vin).toBeDefined();
  });

  it('throttles an unknown name like a real one', async () => {
    for (let i = 0; i < 5; i++) expect((await tryLogin('Ukendt', `forkert${i}`, newAddress())).statusCode).toBe(401);
    expect((await tryLogin(' ukendt ', 'hvad-som-helst', newAddress())).statusCode).toBe(429);
  });

  it('counts failures per client address across accounts', async () => {
    const ip = newAddress();
    for (let i = 0; i < 30; i++) await tryLogin(`navn${i}`, 'forkert', ip);
    const user = await createUser();
    expect((await tryLogin(user.initials, 'gammel1', ip)).statusCode).toBe(429);
    const elsewhere = await tryLogin(user.initials, 'gammel1', newAddress());
    expect(elsewhere.statusCode).toBe(200);
    expect(sessionCookie(elsewhere)).toContain('rudeplan_session=');
  });
});
