import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '@/server/app';
import { createSession, SESSION_COOKIE } from '@/server/auth/sessions';
import { connectDatabase, type Database } from '@/server/db/client';
import { testEnv, type Env } from '@/server/env';
import { createDatabaseFrom, dropDatabase, TEMPLATE_DEMO, TEMPLATE_EMPTY } from './database';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  url: string;
  close(): Promise<void>;
}

/**
 * The app on a database of its own, copied from the demo (default) or the empty template; with `tls` it speaks
 * HTTPS (HTTP/2 and HTTP/1.1) once it listens.
 * With `clock` the app's now is the test's (an evening, a Sunday): see app.clock.
 * Call once per test file (beforeAll) and close it in afterAll.
 */
export async function createTestApp(
  options: { demo?: boolean; env?: Partial<Env>; tls?: AppOptions['tls']; webRoot?: string; clock?: AppOptions['clock'] } = {},
): Promise<TestContext> {
  const adminUrl = inject('adminUrl');
  const { name, url } = await createDatabaseFrom(adminUrl, options.demo === false ? TEMPLATE_EMPTY : TEMPLATE_DEMO);
  const database = connectDatabase(url, { max: 5 });
  const app = await buildApp({
    env: testEnv(options.env),
    db: database.db,
    pool: database.pool,
    embedded: false,
    webRoot: options.webRoot ?? '/nonexistent',
    tls: options.tls,
    clock: options.clock,
  });
  await app.ready();
  return {
    app,
    database,
    url,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/** A session cookie for a user, without going through the login throttle. */
export async function cookieFor(ctx: TestContext, userId: string): Promise<string> {
  const token = await createSession(ctx.database.db, userId, 1, { ip: '127.0.0.1', userAgent: 'vitest' });
  return `${SESSION_COOKIE}=${token}`;
}

/** Logs in through the API like the browser does and returns the session cookie. */
export async function login(app: FastifyInstance, initials: string, password = 'demo1234'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: { Email: initials, Password: password } });
  if (response.statusCode !== 200) throw new Error(`login ${initials} failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie in the response');
  return `${SESSION_COOKIE}=${cookie.value}`;
}
