import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { users } from '@/server/db/schema';
import { cookieFor, createTestApp, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const [adm] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.initials, 'ADM'));
  admin = await cookieFor(ctx, adm!.id);
});
afterAll(() => ctx.close());

const json = { 'content-type': 'application/json' };

function post(url: string, payload: string, cookie?: string) {
  return ctx.app.inject({ method: 'POST', url, headers: { ...json, ...(cookie ? { cookie } : {}) }, payload, remoteAddress: '10.9.0.1' });
}

/** An order search (any signed-in office role) with `extra` as one more member: what a deep or huge body rides on. */
function search(extra: string) {
  return post('/api/order/orders', `{"freeText":"","extra":${extra}}`, admin);
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('the public routes read small bodies only', () => {
  for (const [url, body] of [
    ['/api/user/login', { Email: 'ADM', Password: 'forkert' }],
    ['/api/user/resetpassword', { Identifier: 'ingen@example.dk' }],
    [
      '/api/user/resetpassword/confirm',
      { identifier: 'ingen@example.dk', code: '123456', password: 'hemmelig1', confirmPassword: 'hemmelig1' },
    ],
  ] as const) {
    it(`${url}: refuses a body over 8 KB with 413 in the error shape`, async () => {
      const padded = JSON.stringify({ ...body, padding: 'x'.repeat(8 * 1024) });
      const response = await post(url, padded);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ status: 413, type: 'GENERIC_ERROR', message: API_MESSAGES.tooLarge, errors: null });

      // The 499,000-element array of the report: refused from its Content-Length, before a byte of it is parsed.
      const huge = await post(url, `[${Array(499_000).fill('0').join(',')}]`);
      expect(huge.statusCode).toBe(413);
    });
  }

  it('still takes the longest login a browser sends', async () => {
    // 200 three-byte characters of password and a 254-character name: about 1 KB.
    const response = await post('/api/user/login', JSON.stringify({ Email: `${'a'.repeat(240)}@example.dk`, Password: 'æ'.repeat(200) }));
    expect(response.statusCode).toBe(401);
  });
});

describe('JSON bodies anywhere', () => {
  it('refuses nesting deeper than 32 levels with 400 before parsing it', async () => {
    for (const depth of [33, 2000, 500_000]) {
      const response = await search(nested(depth));
      expect(response.statusCode, String(depth)).toBe(400);
      expect(response.json()).toMatchObject({ status: 400, type: 'GENERIC_ERROR', message: API_MESSAGES.tooDeep, errors: null });
    }
    // Objects count as levels too, and so does the body itself.
    const objects = await search('{"a":'.repeat(32) + '1' + '}'.repeat(32));
    expect(objects.json().message).toBe(API_MESSAGES.tooDeep);
    // An unauthenticated deep body on a public route: refused the same way.
    const login = await post('/api/user/login', nested(40));
    expect(login.json()).toMatchObject({ status: 400, message: API_MESSAGES.tooDeep });
  });

  it('takes 32 levels, and brackets inside strings (escaped quotes included) are text', async () => {
    expect((await search(nested(31))).statusCode).toBe(200);
    const text = await post('/api/order/orders', JSON.stringify({ freeText: `\\"${'['.repeat(60)}`, phoneOrMail: '"{{{{' }), admin);
    expect(text.statusCode).toBe(200);
    expect((await search(JSON.stringify({ note: '\\', deep: '['.repeat(5000) }))).statusCode).toBe(200);
  });

  it('refuses a body of more than 20,000 values with 413', async () => {
    const many = await search(`[${Array(20_001).fill('0').join(',')}]`);
    expect(many.statusCode).toBe(413);
    expect(many.json()).toMatchObject({ status: 413, type: 'GENERIC_ERROR', message: API_MESSAGES.tooLarge, errors: null });
    const members = await search(`{${Array.from({ length: 20_001 }, (_, i) => `"k${i}":1`).join(',')}}`);
    expect(members.statusCode).toBe(413);
    expect((await search(`[${Array(10_000).fill('"a,b"').join(',')}]`)).statusCode).toBe(200);
  });

  it("keeps the parser's own refusals: broken, empty, prototype-poisoning bodies and other content types", async () => {
    expect((await post('/api/user/login', '{"Email":')).json()).toMatchObject({ status: 400, message: API_MESSAGES.invalidJson });
    expect((await post('/api/user/login', '{"Email":"a"}]')).json()).toMatchObject({ status: 400, message: API_MESSAGES.invalidJson });
    expect((await post('/api/user/login', '')).json()).toMatchObject({ status: 400, message: API_MESSAGES.invalidJson });
    for (const poison of ['{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const response = await post('/api/user/login', poison);
      expect(response.statusCode, poison).toBe(400);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    }
    const text = await ctx.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'text/plain' }, payload: '{}' });
    expect(text.statusCode).toBe(415);
    const charset = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '{"Email":"ADM","Password":"demo1234"}',
    });
    expect(charset.statusCode).toBe(200);
  });
});
