import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { E2E_PORT } from '../../playwright.config';
import { runningEmbeddedUrl } from '@/server/db/embedded';
import { adminQuery, withDatabase } from '../helpers/database';

/**
 * Starts the real server (built web app, demo data) for the browser tests: on a fresh
 * embedded PostgreSQL in a temporary directory, or on a fresh database on the server
 * DATABASE_URL names. Returns the teardown that stops it cleanly.
 */
export default async function globalSetup() {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(E2E_PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  let cleanUp = async () => {};
  if (process.env.DATABASE_URL) {
    const adminUrl = process.env.DATABASE_URL;
    const name = `rudeplan_e2e_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    env.DATABASE_URL = withDatabase(adminUrl, name);
    env.SEED_DEMO = '1';
    cleanUp = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  } else {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-e2e-'));
    env.DATA_DIR = dataDir;
    delete env.DATABASE_URL;
    cleanUp = () => fs.rm(dataDir, { recursive: true, force: true });
  }

  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${E2E_PORT}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (server.exitCode !== null) throw new Error(`The e2e server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('The e2e server did not come up in 90 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  // The tests' own fixtures (a job that was booked for today) reach the same database.
  process.env.E2E_DATABASE_URL = env.DATABASE_URL ?? (await runningEmbeddedUrl(env.DATA_DIR!)) ?? undefined;

  return async () => {
    server.kill('SIGTERM');
    await exited;
    await cleanUp();
  };
}
