import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '@/server/app';
import { connectDatabase } from '@/server/db/client';
import { testEnv } from '@/server/env';
import { createDatabaseFrom, dropDatabase, TEMPLATE_EMPTY } from '../helpers/database';

describe('a start that fails while the app is being built', () => {
  // The session cache listens on a connection of the pool from the moment its part is registered; left open, the
  // server's clean-up waited for it for good: its embedded database was never stopped and the process never exited.
  it('gives back every connection it took, so the server can close its database and exit', async () => {
    const adminUrl = inject('adminUrl');
    const { name, url } = await createDatabaseFrom(adminUrl, TEMPLATE_EMPTY);
    const database = connectDatabase(url, { max: 5 });
    const built = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-start-'));
    try {
      // A built app named by a relative path: the static files refuse it, and the web part is the last one registered.
      await fs.writeFile(path.join(built, 'index.html'), '<!doctype html><title>Rudeplan</title>');
      const relative = path.relative(process.cwd(), built);
      await expect(buildApp({ env: testEnv(), db: database.db, pool: database.pool, embedded: false, webRoot: relative })).rejects.toThrow(
        /absolute/,
      );
      expect(database.pool.totalCount - database.pool.idleCount).toBe(0);
    } finally {
      await database.close();
      await dropDatabase(adminUrl, name);
      await fs.rm(built, { recursive: true, force: true });
    }
  });
});
