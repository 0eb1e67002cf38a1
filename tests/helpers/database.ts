import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Names of the template databases the global setup prepares once per test run. */
export const TEMPLATE_EMPTY = 'rudeplan_tpl_empty';
export const TEMPLATE_DEMO = 'rudeplan_tpl_demo';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh database copied from a template: milliseconds, where migrating and seeding take seconds. */
export async function createDatabaseFrom(adminUrl: string, template: string): Promise<{ name: string; url: string }> {
  const name = `rudeplan_test_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  return { name, url: withDatabase(adminUrl, name) };
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}
