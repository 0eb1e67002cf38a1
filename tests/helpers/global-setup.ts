import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '@/server/db/client';
import { startEmbeddedPostgres } from '@/server/db/embedded';
import { runMigrations } from '@/server/db/migrate';
import { seedDemoIfEmpty } from '@/server/db/seed/seed-demo';
import { adminQuery, TEMPLATE_DEMO, TEMPLATE_EMPTY, withDatabase } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
  }
}

/**
 * One PostgreSQL per test run: the embedded one in a temporary directory, or the
 * server DATABASE_URL names. Two templates are built once: migrated, and migrated + demo data.
 */
export default async function setup(project: TestProject) {
  let stop = async () => {};
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-test-'));
    const embedded = await startEmbeddedPostgres({ dataDir });
    adminUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    };
  }

  for (const template of [TEMPLATE_EMPTY, TEMPLATE_DEMO]) {
    await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
    await adminQuery(adminUrl, `create database ${template}`);
    const url = withDatabase(adminUrl, template);
    await runMigrations(url);
    if (template === TEMPLATE_DEMO) {
      const database = connectDatabase(url, { max: 1 });
      await seedDemoIfEmpty(database.db);
      await database.close();
    }
  }

  project.provide('adminUrl', adminUrl);
  return async () => {
    if (process.env.DATABASE_URL) {
      for (const template of [TEMPLATE_EMPTY, TEMPLATE_DEMO])
        await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
    }
    await stop();
  };
}
