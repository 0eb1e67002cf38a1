import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { testEnv } from '@/server/env';
import { users } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await login(ctx.app, 'ADM');
});
afterAll(() => ctx.close());

const user = { name: 'Ida Foreign', initials: 'IDF', phone: '45454545', email: '', roles: ['Stock'], allowSMS: true, allowEmail: false };

describe('cross-site protection', () => {
  it('refuses a state-changing call from a foreign origin and changes nothing', async () => {
    const before = (await ctx.database.db.select().from(users)).length;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { cookie: admin, origin: 'https://evil.example' },
      payload: user,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ type: 'UNAUTHORIZED_ERROR', message: 'Forespørgslen kom fra en anden side og blev afvist' });
    expect((await ctx.database.db.select().from(users)).length).toBe(before);
  });

  it('accepts the app\'s own origin and API clients that send none', async () => {
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { cookie: admin, origin: 'http://localhost:80', host: 'localhost:80' },
      payload: user,
    });
    expect(own.statusCode).toBe(200);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/user/register', headers: { cookie: admin }, payload: { ...user, initials: 'IDG' } });
    expect(none.statusCode).toBe(200);
  });

  it('only takes JSON bodies: a form or text post gets 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': type },
        payload: 'Email=ADM&Password=demo1234',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toMatchObject({ status: 415, type: 'GENERIC_ERROR', message: 'Forespørgslen skal sendes som JSON' });
    }
  });

  it('checks Sec-Fetch-Site on the state-changing logout GET', async () => {
    const cookie = await login(ctx.app, 'KS');
    const foreign = await ctx.app.inject({ method: 'GET', url: '/api/user/logout', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(foreign.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie } })).statusCode).toBe(200);
    const own = await ctx.app.inject({ method: 'GET', url: '/api/user/logout', headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(own.statusCode).toBe(200);
  });
});

describe('error bodies', () => {
  it('answers unknown API paths with the JSON error body', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet', errors: null, stackTrace: null });
  });

  it('reports broken JSON as a Danish 400', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: '{"Email":' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'GENERIC_ERROR', message: 'Forespørgslen indeholder ugyldig JSON' });
  });

  it('lists the fields of a validation error', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { Email: '' } });
    expect(response.json()).toMatchObject({
      status: 400,
      type: 'VALIDATION_ERROR',
      errors: { Email: ['Feltet er påkrævet'], Password: ['Feltet er påkrævet'] },
    });
  });

  it('keeps the stack trace out of production answers', async () => {
    const app = await buildApp({ env: testEnv({ NODE_ENV: 'production' }), db: ctx.database.db, pool: ctx.database.pool, embedded: false, webRoot: '/nonexistent' });
    const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: { Email: 'ADM', Password: 'wrong-password' } });
    expect(response.json()).toEqual({ status: 401, type: 'UNAUTHORIZED_ERROR', message: 'Invalid credentials.', errors: null, stackTrace: null });
    await app.close();
  });
});

describe('health and documentation', () => {
  it('reports the database state', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { connected: true, migrations: expect.any(Number) } });
    expect(response.json().database.migrations).toBeGreaterThanOrEqual(2);
  });

  it('describes every API route in the OpenAPI document, with who may call it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, Record<string, { description?: string }>> };
    for (const route of ctx.app.routeAccess) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation!.description).toMatch(/Adgang: /);
    }
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
