import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MESSAGES } from '@/domain/users';
import { hashPassword } from '@/server/auth/passwords';
import { authAttempts, outbox, passwordResets, users } from '@/server/db/schema';
import { OutboxWorker } from '@/server/integrations/outbox/outbox.worker';
import { createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let userCount = 0;
/** A user of this file's own, with password 'gammel1', so no two tests share a counter. */
async function createUser() {
  userCount += 1;
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      name: `Tina Throttle${userCount}`,
      initials: `TT${userCount}`,
      email: `tt${userCount}@example.dk`,
      phone: String(70_000_000 + userCount),
      roles: ['CustomerService'],
      allowSms: true,
      allowEmail: true,
      passwordHash: await hashPassword('gammel1'),
    })
    .returning({ id: users.id });
  return { id: row!.id, initials: `TT${userCount}`, email: `tt${userCount}@example.dk`, phone: String(70_000_000 + userCount) };
}

let addressCount = 0;
function newAddress(): string {
  addressCount += 1;
  return `10.1.${Math.floor(addressCount / 250)}.${addressCount % 250}`;
}

function tryLogin(Email: string, Password: string, remoteAddress: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { Email, Password }, remoteAddress });
}

function forgot(Identifier: string, remoteAddress: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/user/resetpassword', payload: { Identifier }, remoteAddress });
}

function confirm(payload: Record<string, unknown>, remoteAddress: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/user/resetpassword/confirm', payload, remoteAddress });
}

/** How many answers had each status. */
function statuses(answers: Array<{ statusCode: number }>): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
}

/** Lets `seconds` pass for the throttle: every attempt it remembers moves that far into the past. */
async function letTimePass(seconds: number): Promise<void> {
  await ctx.database.db.update(authAttempts).set({ at: sql`${authAttempts.at} - make_interval(secs => ${seconds})` });
}

async function codeSentTo(phone: string): Promise<string> {
  let text = '';
  const worker = new OutboxWorker({
    db: ctx.database.db,
    databaseUrl: ctx.url,
    email: { name: 'capture', send: async () => 'SENT' },
    sms: { name: 'capture', send: async (m) => ((text = m.to === `+45${phone}` ? m.text : text), 'SENT') },
    erp: { name: 'capture', send: async () => 'SENT' },
    pollMs: 60_000,
    log: ctx.app.log,
  });
  await worker.deliverDue();
  return /(\d{6})/.exec(text)![1]!;
}

describe('each throttle counts and decides in one step', () => {
  it('evaluates at most 5 of 25 parallel wrong passwords for one account from one address', async () => {
    const user = await createUser();
    const ip = newAddress();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => tryLogin(user.initials, `forkert${i}`, ip)));
    expect(statuses(answers)).toEqual({ 401: 5, 429: 20 });
  });

  it('lets at most 30 failures through from one address across accounts, however parallel', async () => {
    const ip = newAddress();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => tryLogin(`burst${i}`, 'forkert', ip)));
    expect(statuses(answers)).toEqual({ 401: 30, 429: 10 });
  });

  it('lets at most 5 parallel guesses at a reset code be tried, and the code dies after them', async () => {
    const user = await createUser();
    await forgot(user.phone, newAddress());
    const code = await codeSentTo(user.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () =>
        confirm({ identifier: user.phone, code: wrong, password: 'nyt-kode1', confirmPassword: 'nyt-kode1' }, newAddress()),
      ),
    );
    expect(statuses(guesses)).toEqual({ 400: 5, 429: 7 });
    expect(guesses.find((g) => g.statusCode === 400)!.json().message).toBe(RESET_MESSAGES.codeInvalid);
    const [reset] = await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(reset!.failedAttempts).toBe(5);
    expect(reset!.usedAt).toBeInstanceOf(Date);
  });

  it('sends at most 3 reset messages for 10 parallel requests for one account', async () => {
    const user = await createUser();
    const answers = await Promise.all(Array.from({ length: 10 }, () => forgot(user.email, newAddress())));
    expect(statuses(answers)).toEqual({ 200: 3, 429: 7 });
    expect(await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, user.email))).toHaveLength(3);
  });
});

describe('an outsider cannot keep a user from signing in', () => {
  it('lets REV in from where REV signs in while an attacker fails elsewhere, and keeps the attack stopped', async () => {
    const home = newAddress();
    expect((await tryLogin('REV', 'demo1234', home)).statusCode).toBe(200);

    const attacker = newAddress();
    const burst = await Promise.all(Array.from({ length: 25 }, (_, i) => tryLogin(i % 2 ? 'rev' : 'REV', `gæt${i}`, attacker)));
    expect(statuses(burst)).toEqual({ 401: 5, 429: 20 });
    // A botnet: one guess from each of many addresses.
    const spread = [];
    for (let i = 0; i < 10; i++) spread.push((await tryLogin('REV', `spredt${i}`, newAddress())).statusCode);
    expect(spread.filter((s) => s === 401)).toHaveLength(0);
    // While the attack goes on, the right password waits at any address REV has never signed in from ...
    expect((await tryLogin('REV', 'demo1234', newAddress())).statusCode).toBe(429);

    // ... but not where REV signs in.
    const rev = await tryLogin('REV', 'demo1234', home);
    expect(rev.statusCode).toBe(200);
    expect(rev.json().initials).toBe('REV');

    // The brute force stays stopped: at the attacker's address even the right password waits.
    const atAttacker = await tryLogin('REV', 'demo1234', attacker);
    expect(atAttacker.statusCode).toBe(429);
    expect(atAttacker.json().message).toBe('For mange forsøg. Vent et øjeblik, og prøv igen.');
    expect((await tryLogin('REV', 'forkert', attacker)).statusCode).toBe(429);
  });

  it('makes an address that keeps failing on one account wait longer each time, rather than locking it', async () => {
    const user = await createUser();
    const ip = newAddress();
    for (let i = 0; i < 5; i++) expect((await tryLogin(user.initials, `forkert${i}`, ip)).statusCode).toBe(401);

    const first = await tryLogin(user.initials, 'gammel1', ip);
    expect(first.statusCode).toBe(429);
    const firstWait = Number(first.headers['retry-after']);
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(30);

    await letTimePass(firstWait + 1);
    expect((await tryLogin(user.initials, 'forkert5', ip)).statusCode).toBe(401);
    const second = await tryLogin(user.initials, 'gammel1', ip);
    expect(second.statusCode).toBe(429);
    const secondWait = Number(second.headers['retry-after']);
    expect(secondWait).toBeGreaterThan(30);
    expect(secondWait).toBeLessThanOrEqual(60);

    // Once the wait is over the right password lets the user in, and the failures are forgotten.
    await letTimePass(secondWait + 1);
    expect((await tryLogin(user.initials, 'gammel1', ip)).statusCode).toBe(200);
    expect((await tryLogin(user.initials, 'forkert6', ip)).statusCode).toBe(401);
  });
});

describe('an outsider cannot keep a user from resetting the password (issue 37)', () => {
  const sentTo = async (recipient: string) => (await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, recipient))).length;

  it("lets the user ask for a reset where the user signs in while an outsider floods the user's resets, and keeps the flood bounded", async () => {
    const user = await createUser();
    const home = newAddress();
    expect((await tryLogin(user.initials, 'gammel1', home)).statusCode).toBe(200);

    // A botnet asks for the user's reset from many addresses, and one address keeps asking.
    const attacker = newAddress();
    const flood = [];
    for (let i = 0; i < 6; i++) flood.push((await forgot(user.email, newAddress())).statusCode);
    for (let i = 0; i < 6; i++) flood.push((await forgot(user.email, attacker)).statusCode);
    expect(statuses(flood.map((statusCode) => ({ statusCode })))).toEqual({ 200: 3, 429: 9 });
    expect(await sentTo(user.email)).toBe(3);

    // The user, where the user signs in, still gets a reset ...
    expect((await forgot(user.email, home)).statusCode).toBe(200);
    expect(await sentTo(user.email)).toBe(4);
    // ... and the flood stays stopped, from a fresh address too.
    expect((await forgot(user.email, newAddress())).statusCode).toBe(429);
    expect((await forgot(user.email, attacker)).statusCode).toBe(429);
  });

  it('bounds one account to 3 resets from one address and 6 from anywhere in 15 minutes, also where the user signs in', async () => {
    const user = await createUser();
    const home = newAddress();
    const office = newAddress();
    expect((await tryLogin(user.initials, 'gammel1', home)).statusCode).toBe(200);
    expect((await tryLogin(user.initials, 'gammel1', office)).statusCode).toBe(200);
    const elsewhere = await Promise.all(Array.from({ length: 5 }, () => forgot(user.phone, newAddress())));
    expect(statuses(elsewhere)).toEqual({ 200: 3, 429: 2 });
    const fromHome = await Promise.all(Array.from({ length: 5 }, () => forgot(user.phone, home)));
    expect(statuses(fromHome)).toEqual({ 200: 3, 429: 2 });
    // Six in all: the office, where the user also signs in, waits too.
    expect((await forgot(user.phone, office)).statusCode).toBe(429);
    expect(await sentTo(`+45${user.phone}`)).toBe(6);

    await letTimePass(15 * 60 + 1);
    expect((await forgot(user.phone, office)).statusCode).toBe(200);
  });

  it("lets the user enter a code where the user signs in after an outsider's wrong codes for the account", async () => {
    const user = await createUser();
    const home = newAddress();
    expect((await tryLogin(user.initials, 'gammel1', home)).statusCode).toBe(200);
    // Guesses before any code was sent: they count against the account, and no code dies of them.
    const guesses = [];
    for (let i = 0; i < 7; i++) {
      guesses.push(
        confirm({ identifier: user.phone, code: String(100_000 + i), password: 'nyt-kode1', confirmPassword: 'nyt-kode1' }, newAddress()),
      );
    }
    expect(statuses(await Promise.all(guesses))).toEqual({ 400: 5, 429: 2 });

    expect((await forgot(user.phone, home)).statusCode).toBe(200);
    const code = await codeSentTo(user.phone);
    const done = await confirm({ identifier: user.phone, code, password: 'nyt-kode1', confirmPassword: 'nyt-kode1' }, home);
    expect(done.statusCode, done.body).toBe(200);
    expect((await tryLogin(user.initials, 'nyt-kode1', home)).statusCode).toBe(200);
  });
});
