import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '@/server/db/client';
import { startEmbeddedPostgres } from '@/server/db/embedded';
import { runMigrations } from '@/server/db/migrate';
import { seedDemoIfEmpty } from '@/server/db/seed/seed-demo';
import { adminQuery, withDatabase } from '../helpers/database';

/**
 * One PostgreSQL for the browser tests (a fresh embedded one in a temporary directory, or the server DATABASE_URL
 * names) and one template database on it, migrated and with the demo data. Each Playwright worker copies the template
 * and runs its own app server on the copy (the `server` fixture in helpers.ts), so specs running at the same time
 * never see each other's bookings, slots or vans (issue 40). Returns the teardown.
 */
export default async function globalSetup() {
  let stop = async () => {};
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-e2e-'));
    const embedded = await startEmbeddedPostgres({ dataDir });
    adminUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  }
  const template = `rudeplan_e2e_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${template}`);
  const url = withDatabase(adminUrl, template);
  await runMigrations(url);
  const database = connectDatabase(url, { max: 1 });
  await seedDemoIfEmpty(database.db);
  await database.close();

  // The workers are started after this, and inherit both.
  process.env.E2E_ADMIN_URL = adminUrl;
  process.env.E2E_TEMPLATE = template;

  return async () => {
    await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
    await stop();
  };
}
