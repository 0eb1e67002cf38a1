import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { testEnv } from '@/server/env';
import { users } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';
import { appsWithEnv } from '../helpers/app-with-env';

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

  it("accepts the app's own origin and API clients that send none", async () => {
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { cookie: admin, origin: 'http://localhost:80', host: 'localhost:80' },
      payload: user,
    });
    expect(own.statusCode).toBe(200);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: { cookie: admin },
      payload: { ...user, initials: 'IDG' },
    });
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
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"Email":',
    });
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
    const app = await buildApp({
      env: testEnv({ NODE_ENV: 'production' }),
      db: ctx.database.db,
      pool: ctx.database.pool,
      embedded: false,
      webRoot: '/nonexistent',
    });
    const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: { Email: 'ADM', Password: 'wrong-password' } });
    expect(response.json()).toEqual({
      status: 401,
      type: 'UNAUTHORIZED_ERROR',
      message: 'Invalid credentials.',
      errors: null,
      stackTrace: null,
    });
    await app.close();
  });
});

describe('response headers', () => {
  const APP_CSP = /default-src 'self'; script-src 'self';.*frame-ancestors 'none'/;

  it('keeps API answers out of every cache, isolates the window and denies the browser features the app does not use', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/);
    expect(response.headers['permissions-policy']).toMatch(/(^|, )geolocation=\(\)/);
    expect(response.headers['permissions-policy']).toMatch(/(^|, )microphone=\(\)/);
    // Plain HTTP with no https PUBLIC_URL: a browser would ignore it, and a developer's localhost must not get it.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // A refusal is no more cacheable.
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves the cache headers of what is deliberately cached: the product drawings', async () => {
    const drawing = await ctx.app.inject({ method: 'GET', url: '/api/product/image/F10001?v=1', headers: { cookie: admin } });
    expect(drawing.statusCode).toBe(200);
    expect(drawing.headers['cache-control']).toBe('private, max-age=86400');
  });

  it("gives /api/docs the app's policy and frame protection, and its page loads only its own scripts", async () => {
    for (const url of ['/api/docs/', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/json']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toMatch(APP_CSP);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/docs/' })).body;
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes, 'a script of the page itself').toMatch(/src="\.\/static\/[\w.-]+\.js"/);
      expect(body!.trim(), 'no inline script, which the policy would block').toBe('');
    }
  });

  it("lets the app's pages run its own service worker and read its own manifest, none from elsewhere (issue 38)", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/worksheet/55555555-5555-4555-8555-555555555555' });
    const directives = new Map(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources.join(' ')]),
    );
    expect(directives.get('worker-src')).toBe("'self'");
    expect(directives.get('manifest-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
  });

  it("asks for HTTPS only (HSTS) when PUBLIC_URL is https, even over the proxy's plain HTTP", async () => {
    const app = await buildApp({
      env: testEnv({ PUBLIC_URL: 'https://rudeplan.example.dk' }),
      db: ctx.database.db,
      pool: ctx.database.pool,
      embedded: false,
      webRoot: '/nonexistent',
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await app.close();
    }
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

describe('the booking page in a frame (issue 41)', () => {
  const extra = appsWithEnv(() => ctx);
  afterAll(() => extra.close());

  it("may be framed by the business's own sites when BOOK_EMBED_ORIGINS names them, and the staff app never", async () => {
    const app = await extra.appWith({ BOOK_EMBED_ORIGINS: ['https://www.example.dk'] });
    const book = await app.inject({ method: 'GET', url: '/book' });
    expect(book.headers['content-security-policy']).toContain("frame-ancestors 'self' https://www.example.dk;");
    expect(book.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/', '/login', '/booking', '/api/user/userinfo']) {
      const other = await app.inject({ method: 'GET', url });
      expect(other.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(other.headers['x-frame-options'], url).toBe('DENY');
    }
    const without = await ctx.app.inject({ method: 'GET', url: '/book' });
    expect(without.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(without.headers['x-frame-options']).toBe('DENY');
  });
});
