import fs from 'node:fs/promises';
import tls from 'node:tls';
import { connectDatabase } from './db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed/seed-demo';
import { buildApp, type AppOptions } from './app';
import { deleteOldChanges } from './areas/offline';
import { deleteExpiredSessions } from './auth/sessions';
import { loadEnv, type Env } from './env';
import { createEmailTransport } from './integrations/email/email-transport';
import { createErpExporter } from './integrations/erp/erp-export';
import { OutboxWorker } from './integrations/outbox/outbox.worker';
import { createSmsGateway } from './integrations/sms/sms-gateway';

const log = (message: string) => console.log(`[rudeplan] ${message}`);

/**
 * The certificate and key TLS_CERT_FILE and TLS_KEY_FILE name (both or neither: the env checks it), checked before
 * anything starts: a file that cannot be read, or no certificate and key that belong together, stops the start.
 */
async function readTls(env: Env): Promise<AppOptions['tls']> {
  if (!env.TLS_CERT_FILE || !env.TLS_KEY_FILE) return undefined;
  const read = (name: string, file: string) =>
    fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
      throw new Error(`${name}: cannot read ${file} (${error.code ?? error.message})`);
    });
  const pems = { cert: await read('TLS_CERT_FILE', env.TLS_CERT_FILE), key: await read('TLS_KEY_FILE', env.TLS_KEY_FILE) };
  try {
    tls.createSecureContext(pems);
  } catch (error) {
    throw new Error(`TLS_CERT_FILE, TLS_KEY_FILE: not a PEM certificate and its private key (${(error as Error).message})`);
  }
  return pems;
}

async function main() {
  const env = loadEnv();
  let embedded: EmbeddedPostgres | undefined;
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => console.error(error));
    await embedded?.stop().catch((error: unknown) => console.error(error));
  };

  try {
    const tls = await readTls(env);
    let url = env.DATABASE_URL;
    if (!url) {
      embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT, log });
      url = embedded.url;
    }
    await runMigrations(url);
    const database = connectDatabase(url);
    cleanups.push(() => database.close());

    // The embedded database is the local demo; an external one gets demo data only when asked.
    if (embedded || env.SEED_DEMO) {
      if (await seedDemoIfEmpty(database.db)) log('Demo data loaded');
    }

    const app = await buildApp({
      env,
      db: database.db,
      pool: database.pool,
      embedded: Boolean(embedded),
      tls,
      ...(env.WEB_ROOT ? { webRoot: env.WEB_ROOT } : {}),
    });
    cleanups.push(() => app.close());

    const worker = new OutboxWorker({
      db: database.db,
      databaseUrl: url,
      email: createEmailTransport(env),
      sms: createSmsGateway(env),
      erp: createErpExporter(env),
      pollMs: env.OUTBOX_POLL_MS,
      log: app.log,
    });
    if (env.OUTBOX_WORKER) {
      await worker.start();
      cleanups.push(() => worker.stop());
    }

    // Hourly: expired sessions, and the offline changes' kept answers older than 30 days.
    const sweep = setInterval(() => {
      void deleteExpiredSessions(database.db).catch(() => undefined);
      void deleteOldChanges(database.db).catch(() => undefined);
    }, 3_600_000);
    sweep.unref();

    if (embedded) {
      // The embedded PostgreSQL is ours to keep running: killed or crashed, it is started again on its port. Meanwhile
      // requests needing it answer 503 and /api/health says so; the outbox worker listens again when it is back.
      const pgServer = embedded;
      const firstLine = (error: Error) => error.message.split('\n')[0];
      pgServer.watch({
        onLost: () => app.log.error(`The embedded PostgreSQL has stopped; starting it again on port ${pgServer.port}`),
        onRetry: (error) => app.log.warn(`The embedded PostgreSQL has not started yet: ${firstLine(error)}`),
        onBack: () => app.log.warn(`The embedded PostgreSQL is running again (pid ${pgServer.pid})`),
      });
    }

    await app.listen({ port: env.PORT, host: env.HOST });
    log(`Rudeplan is running at ${tls ? 'https' : 'http'}://localhost:${env.PORT}${tls ? ' (HTTP/2 and HTTP/1.1)' : ''}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await cleanUp();
    process.exit(1);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log('Forced exit');
      process.exit(1);
    }
    stopping = true;
    log(`${signal} received, stopping`);
    await cleanUp();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();
