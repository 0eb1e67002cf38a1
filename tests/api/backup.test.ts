import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { create as createTar, extract as extractTar } from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TWebBooking, TWebOffers } from '@/domain/booking-web';
import type { TOrderImage } from '@/domain/media';
import type { TOrder } from '@/domain/orders';
import { buildApp } from '@/server/app';
import { BackupArchiveError, extractArchive, type TBackupManifest } from '@/server/backup/backup-archive';
import { RestoreRefusedError } from '@/server/backup/backup-database';
import { createBackup } from '@/server/backup/backup';
import { restoreBackup, type RestoreResult } from '@/server/backup/restore';
import { encodePng } from '@/server/areas/documents/signature-png';
import { connectDatabase, type Database } from '@/server/db/client';
import { MIGRATIONS_FOLDER } from '@/server/db/migrate';
import { testEnv, type Env } from '@/server/env';
import { createS3Storage } from '@/server/integrations/storage/s3-storage';
import { adminQuery, dropDatabase, withDatabase } from '../helpers/database';
import { startFakeS3 } from '../helpers/fake-s3';
import { multipartForm } from '../helpers/multipart';
import { departmentByCode, findSlot, get, insurerDebitor, orderBody, windscreenFor } from '../helpers/orders';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

const ROOT = path.resolve(import.meta.dirname, '../..');

let source: TestContext;
let work: string;
let sourceDir: string;
let archive: string;
let manifest: TBackupManifest;
let ks: string;
let booked: TOrder[];
let compared: string[];
let photo: { image: TOrderImage; bytes: Uint8Array };
let newOrderBody: () => Promise<object>;
/** The manage link of a web booking made before the backup (issue 41: its key is in the database). */
let webLink: { token: string; orderNr: string };
const databases: string[] = [];
const cleanups: Array<() => Promise<unknown>> = [];

/** A new, empty database (not even migrated) on the test server. */
async function freshDatabase(): Promise<string> {
  const adminUrl = inject('adminUrl');
  const name = `rudeplan_test_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  databases.push(name);
  return withDatabase(adminUrl, name);
}

interface Running {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

async function appOn(url: string, dataDir: string, env: Partial<Env> = {}): Promise<Running> {
  const database = connectDatabase(url, { max: 3 });
  const app = await buildApp({
    env: testEnv({ DATA_DIR: dataDir, ...env }),
    db: database.db,
    pool: database.pool,
    embedded: false,
    webRoot: '/nonexistent',
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function readOrder(app: FastifyInstance, cookie: string, id: string) {
  return app.inject({ method: 'GET', url: `/api/order/order/${id}`, headers: { cookie } });
}

async function orderCount(url: string): Promise<number> {
  const database = connectDatabase(url, { max: 1 });
  try {
    const table = await database.pool.query<{ found: boolean }>(`select to_regclass('public.orders') is not null as found`);
    if (!table.rows[0]!.found) return -1;
    return (await database.pool.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]!.n;
  } finally {
    await database.close();
  }
}

function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  delete childEnv.INIT_CWD;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', `${script}.ts`), ...args], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-backup-'));
  sourceDir = path.join(work, 'source');
  source = await createTestApp({ env: { DATA_DIR: sourceDir } });
  ks = await login(source.app, 'KS');
  const aarhus = await departmentByCode(source.app, ks, 'ARH');
  const { car, windscreen } = await windscreenFor(source.app, ks, 'AB12345');
  const tryg = await insurerDebitor(source.app, ks, 'Tryg');
  let slot = 0;
  newOrderBody = async () => {
    const found = await findSlot(source.app, ks, aarhus.id, 'windowReplaceSlots', undefined, slot++);
    return orderBody({
      department: aarhus,
      found,
      car,
      debitor: tryg,
      items: [{ itemNo: windscreen.itemNo, itemPrice: windscreen.itemPrice }],
    });
  };
  // A customer's web booking, whose manage link was sent before the backup.
  const web = (body: object) => source.app.inject({ method: 'POST', url: '/api/web-booking/offers', payload: body });
  const webQuery = { registrationNumber: 'AB12345', job: 'REPLACE_FRONT', zipCode: '8000' };
  const place = (await web(webQuery)).json<TWebOffers>().places.find((p) => p.name === 'Aarhus')!;
  const contact = {
    name: 'Kunde Web',
    phone: '29410001',
    email: 'kunde@example.dk',
    address: 'Vestergade 1',
    allowSms: true,
    allowEmail: true,
    privacyAccepted: true,
  };
  const webBooked = await source.app.inject({
    method: 'POST',
    url: '/api/web-booking/book',
    payload: {
      ...webQuery,
      payer: 'CASH',
      ...contact,
      place: { departmentId: place.departmentId, slotId: place.slots[0]!.slotId, date: place.slots[0]!.date },
    },
  });
  expect(webBooked.statusCode, webBooked.body).toBe(201);
  webLink = webBooked.json<TWebBooking>();

  booked = [];
  for (let i = 0; i < 2; i++) {
    const response = await source.app.inject({
      method: 'POST',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: await newOrderBody(),
    });
    expect(response.statusCode, response.body).toBe(200);
    booked.push(response.json<TOrder>());
  }

  const op = await login(source.app, 'OP');
  const bytes = encodePng(
    2,
    2,
    Uint8Array.from({ length: 16 }, (_, i) => i * 13),
  );
  const upload = await source.app.inject({
    method: 'PUT',
    url: '/api/media',
    headers: { cookie: op },
    payload: multipartForm(
      { orderId: booked[0]!.additionalData.orderId, imageType: 'BEFORE', fileName: 'før.png' },
      { bytes, name: 'før.png', type: 'image/png' },
    ),
  });
  expect(upload.statusCode, upload.body).toBe(200);
  // What is kept is the photo as the server wrote it anew (no metadata), not the bytes sent.
  const image = upload.json<TOrderImage>();
  photo = { image, bytes: (await source.app.inject({ method: 'GET', url: image.url[0]!, headers: { cookie: op } })).rawPayload };

  // The booked orders and a few demo orders of every kind.
  const demo = await source.database.pool.query<{ id: string }>(
    `select distinct on (order_status) id from orders order by order_status, order_nr`,
  );
  compared = [...booked.map((o) => o.additionalData.orderId), ...demo.rows.map((r) => r.id)];

  archive = path.join(work, 'backup.tar.gz');
  manifest = await createBackup({ databaseUrl: source.url, mediaDir: path.join(sourceDir, 'media'), file: archive, embedded: false });
});

afterAll(async () => {
  await source?.close();
  const adminUrl = inject('adminUrl');
  for (const name of databases) await dropDatabase(adminUrl, name);
  for (const cleanup of cleanups) await cleanup();
  await fs.rm(work, { recursive: true, force: true });
});

describe('backup', () => {
  it('writes one archive with a manifest: app version, migrations, row counts and the media files', async () => {
    expect(existsSync(archive)).toBe(true);
    expect(manifest).toMatchObject({
      format: 'rudeplan-backup',
      app: { name: 'rudeplan' },
      media: { included: true, files: 1, bytes: photo.bytes.length },
    });
    expect(manifest.migrations.count).toBeGreaterThan(10);
    const orders = manifest.tables.find((t) => t.name === 'orders');
    expect(orders?.rows).toBe(await orderCount(source.url));
    expect(orders?.columns).not.toContain('search_plate');
    expect(manifest.sequences.map((s) => s.name)).toContain('order_nr_seq');
    expect((await fs.readdir(work)).filter((f) => f.startsWith('.rudeplan-backup-'))).toEqual([]);
  });
});

describe('restore', () => {
  let targetUrl: string;
  let targetDir: string;
  let result: RestoreResult;

  beforeAll(async () => {
    targetUrl = await freshDatabase();
    targetDir = path.join(work, 'target');
    result = await restoreBackup({ databaseUrl: targetUrl, workDir: targetDir, mediaDir: path.join(targetDir, 'media'), file: archive });
  });

  it('restores into a fresh database and media directory: the same orders, the photo, and the next order number', async () => {
    expect(result.migrationsAfter).toBe(0);
    expect(await orderCount(targetUrl)).toBe(manifest.tables.find((t) => t.name === 'orders')!.rows);

    const restored = await appOn(targetUrl, targetDir);
    try {
      const cookie = await login(restored.app, 'KS');
      for (const id of compared) {
        const [before, after] = [await readOrder(source.app, ks, id), await readOrder(restored.app, cookie, id)];
        expect(after.statusCode).toBe(200);
        expect(after.json()).toEqual(before.json());
      }

      const op = await login(restored.app, 'OP');
      const images = await get<TOrderImage[]>(
        restored.app,
        op,
        `/api/media/${booked[0]!.additionalData.orderId}/${booked[0]!.debitor.no || '0'}`,
      );
      expect(images.map((i) => i.id)).toEqual([photo.image.id]);
      const file = await restored.app.inject({ method: 'GET', url: photo.image.url[0]!, headers: { cookie: op } });
      expect(file.statusCode).toBe(200);
      expect(Buffer.compare(file.rawPayload, Buffer.from(photo.bytes))).toBe(0);

      // The link signed before the backup opens the same booking on the restored app (its own, empty data dir).
      const link = await restored.app.inject({ method: 'POST', url: '/api/web-booking/manage', payload: { token: webLink.token } });
      expect(link.statusCode, link.body).toBe(200);
      expect(link.json<TWebBooking>().orderNr).toBe(webLink.orderNr);

      const next = await restored.app.inject({
        method: 'POST',
        url: '/api/order/order',
        headers: { cookie },
        payload: await newOrderBody(),
      });
      expect(next.statusCode, next.body).toBe(200);
      const last = Math.max(...booked.map((o) => Number(o.additionalData.orderNr)));
      expect(Number(next.json<TOrder>().additionalData.orderNr)).toBe(last + 1);
    } finally {
      await restored.close();
    }
    expect((await fs.readdir(targetDir)).filter((f) => f.startsWith('.restore-') || f.startsWith('media.old-'))).toEqual([]);
  });

  it('refuses a database that holds orders unless forced, and then replaces everything', async () => {
    const before = await orderCount(targetUrl);
    expect(before).toBe(manifest.tables.find((t) => t.name === 'orders')!.rows + 1);
    await fs.writeFile(path.join(targetDir, 'media', 'extra.txt'), 'not in the backup');

    const refused = restoreBackup({ databaseUrl: targetUrl, workDir: targetDir, mediaDir: path.join(targetDir, 'media'), file: archive });
    await expect(refused).rejects.toBeInstanceOf(RestoreRefusedError);
    await expect(refused).rejects.toThrow(/already holds \d+ orders.*--force/);
    expect(await orderCount(targetUrl)).toBe(before);
    expect(existsSync(path.join(targetDir, 'media', 'extra.txt'))).toBe(true);

    await restoreBackup({
      databaseUrl: targetUrl,
      workDir: targetDir,
      mediaDir: path.join(targetDir, 'media'),
      file: archive,
      force: true,
    });
    expect(await orderCount(targetUrl)).toBe(before - 1);
    expect(existsSync(path.join(targetDir, 'media', 'extra.txt'))).toBe(false);
    const restored = await appOn(targetUrl, targetDir);
    try {
      const cookie = await login(restored.app, 'KS');
      expect((await readOrder(restored.app, cookie, booked[1]!.additionalData.orderId)).json()).toEqual(booked[1]);
    } finally {
      await restored.close();
    }
  });

  it('refuses a truncated or damaged archive without changing the target', async () => {
    const bytes = await fs.readFile(archive);
    const truncated = path.join(work, 'truncated.tar.gz');
    await fs.writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    const damaged = path.join(work, 'damaged.tar.gz');
    await fs.writeFile(damaged, flipped);
    const notAnArchive = path.join(work, 'notes.tar.gz');
    await fs.writeFile(notAnArchive, 'just some text');

    const empty = await freshDatabase();
    const emptyDir = path.join(work, 'empty');
    const before = await orderCount(source.url);
    const photoFile = path.join(sourceDir, 'media', 'orders', booked[0]!.additionalData.orderId, `${photo.image.id}.png`);
    for (const file of [truncated, damaged, notAnArchive]) {
      // Forced, onto the source itself: a refused archive must leave even that untouched.
      const forced = restoreBackup({
        databaseUrl: source.url,
        workDir: sourceDir,
        mediaDir: path.join(sourceDir, 'media'),
        file,
        force: true,
      });
      await expect(forced).rejects.toBeInstanceOf(BackupArchiveError);
      const fresh = restoreBackup({ databaseUrl: empty, workDir: emptyDir, mediaDir: path.join(emptyDir, 'media'), file });
      await expect(fresh).rejects.toThrow(/is damaged|is not a Rudeplan backup/);
    }
    expect(await orderCount(source.url)).toBe(before);
    expect(existsSync(photoFile)).toBe(true);
    // The source's own files as they were: its photos (the booking page's link key is in the database, issue 41).
    expect((await fs.readdir(sourceDir)).sort()).toEqual(['media']);
    expect(await orderCount(empty)).toBe(-1);
    expect(await fs.readdir(emptyDir)).toEqual([]);
  });

  it('refuses an archive whose data does not match its manifest, and one made by a newer version', async () => {
    /** The archive unpacked, changed by `edit` and packed again (a whole gzip: only the manifest can tell). */
    const repack = async (name: string, edit: (dir: string) => Promise<void>) => {
      const dir = await fs.mkdtemp(path.join(work, 'repack-'));
      await extractTar({ file: archive, cwd: dir });
      await edit(dir);
      const file = path.join(work, name);
      await createTar({ gzip: true, file, cwd: dir }, await fs.readdir(dir));
      return file;
    };
    const altered = await repack('altered.tar.gz', (dir) => fs.appendFile(path.join(dir, 'data', 'orders.copy'), 'x\n'));
    const newer = await repack('newer.tar.gz', async (dir) => {
      const file = path.join(dir, 'manifest.json');
      const edited = JSON.parse(await fs.readFile(file, 'utf8')) as TBackupManifest;
      edited.migrations.count += 1;
      await fs.writeFile(file, JSON.stringify(edited));
    });
    const before = await orderCount(source.url);
    const onSource = (file: string) =>
      restoreBackup({ databaseUrl: source.url, workDir: sourceDir, mediaDir: path.join(sourceDir, 'media'), file, force: true });
    await expect(onSource(altered)).rejects.toThrow(/damaged: the data of table orders is missing or altered/);
    await expect(onSource(newer)).rejects.toThrow(/made by a newer version of Rudeplan/);
    expect(await orderCount(source.url)).toBe(before);
  });
});

describe('photos and documents in an S3 bucket', () => {
  it('are copied from the bucket into the archive and put into the bucket of the restored app', async () => {
    const s3 = await startFakeS3();
    cleanups.push(() => s3.close());
    const credentials = { region: 'eu-north-1', accessKeyId: 'rudeplan', secretAccessKey: 'hemmelig', pathStyle: true };
    const bucket = (name: string) => createS3Storage({ endpoint: s3.endpoint, bucket: name, ...credentials });
    // The source app's files, as they would be in its bucket; and a row whose file is gone from it.
    const { rows } = await source.database.pool.query<{ key: string }>(`select storage_key as key from order_images where id = $1`, [
      photo.image.id,
    ]);
    const key = rows[0]!.key;
    await bucket('kilde').put(key, photo.bytes, 'image/png');
    const lost = `orders/${booked[1]!.additionalData.orderId}/${randomUUID()}.jpg`;
    await source.database.pool.query(
      `insert into order_images (order_id, image_type, storage_key, content_type, size_bytes) values ($1, 'AFTER', $2, 'image/jpeg', 10)`,
      [booked[1]!.additionalData.orderId, lost],
    );
    const said: string[] = [];
    const file = path.join(work, 's3-backup.tar.gz');
    try {
      const made = await createBackup({
        databaseUrl: source.url,
        mediaDir: null,
        bucket: bucket('kilde'),
        file,
        embedded: false,
        log: (m) => said.push(m),
      });
      expect(made.media).toEqual({ included: true, files: 1, bytes: photo.bytes.length });
      expect(said.join('\n')).toContain(lost);
    } finally {
      await source.database.pool.query(`delete from order_images where storage_key = $1`, [lost]);
    }
    expect((await fs.readdir(work)).filter((f) => f.startsWith('.rudeplan-backup-'))).toEqual([]);

    const targetUrl = await freshDatabase();
    const targetDir = path.join(work, 's3-target');
    await restoreBackup({ databaseUrl: targetUrl, workDir: targetDir, mediaDir: null, bucket: bucket('maal'), file });
    expect(s3.objects.get(`maal/${key}`)?.contentType).toBe('image/png');
    expect(existsSync(path.join(targetDir, 'media'))).toBe(false);

    const restored = await appOn(targetUrl, targetDir, {
      S3_BUCKET: 'maal',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: credentials.region,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
    });
    try {
      const op = await login(restored.app, 'OP');
      const answer = await restored.app.inject({ method: 'GET', url: photo.image.url[0]!, headers: { cookie: op } });
      expect(answer.statusCode).toBe(200);
      expect(Buffer.compare(answer.rawPayload, Buffer.from(photo.bytes))).toBe(0);
    } finally {
      await restored.close();
    }
  });
});

describe('a backup of an older version', () => {
  it('is restored at its own migration, then brought up to this version by the later migrations', async () => {
    // A database one migration behind: the committed migrations without the last journal entry.
    const folder = await fs.mkdtemp(path.join(work, 'migrations-'));
    await fs.cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    await fs.writeFile(journalFile, JSON.stringify(journal));
    const olderUrl = await freshDatabase();
    const client = new pg.Client({ connectionString: olderUrl });
    await client.connect();
    await client.query('set client_min_messages = warning');
    await migrate(drizzle(client), { migrationsFolder: folder });
    await client.end();

    const older = path.join(work, 'older.tar.gz');
    const olderManifest = await createBackup({ databaseUrl: olderUrl, mediaDir: null, file: older, embedded: false });
    expect(olderManifest.migrations.count).toBe(manifest.migrations.count - 1);
    expect(olderManifest.media).toEqual({ included: false, files: 0, bytes: 0 });

    const target = await freshDatabase();
    const result = await restoreBackup({
      databaseUrl: target,
      workDir: path.join(work, 'older'),
      mediaDir: path.join(work, 'older', 'media'),
      file: older,
    });
    expect(result.migrationsAfter).toBe(1);
    const check = new pg.Client({ connectionString: target });
    await check.connect();
    const applied = await check.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    await check.end();
    expect(applied.rows[0]!.n).toBe(manifest.migrations.count);
  });
});

describe('npm run backup / restore', () => {
  it(
    'restores into the embedded database of a new DATA_DIR, backs it up again, and refuses to overwrite it without --force',
    { timeout: 180_000 },
    async () => {
      // Its own temporary directory: the embedded server's user must be able to reach it.
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-backup-embedded-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      const restored = await runScript('restore', [archive], { DATA_DIR: dataDir });
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(`Restored ${manifest.tables.find((t) => t.name === 'orders')!.rows} orders and 1 media files`);
      expect(existsSync(path.join(dataDir, 'media', 'orders', booked[0]!.additionalData.orderId, `${photo.image.id}.png`))).toBe(true);

      const again = path.join(work, 'again.tar.gz');
      const backedUp = await runScript('backup', [again], { DATA_DIR: dataDir });
      expect(backedUp.code, backedUp.stderr).toBe(0);
      const copy = await fs.mkdtemp(path.join(work, 'check-'));
      const second = await extractArchive(again, copy);
      expect(second.tables.map((t) => [t.name, t.rows, t.sha256])).toEqual(manifest.tables.map((t) => [t.name, t.rows, t.sha256]));
      expect(second.sequences).toEqual(manifest.sequences);
      expect(second.media).toEqual(manifest.media);

      const refused = await runScript('restore', [archive], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/already holds \d+ orders\. Nothing was changed\. Run the restore with --force/);
    },
  );

  it('refuses with exit code 1 on DATABASE_URL too, and replaces with --force', { timeout: 60_000 }, async () => {
    const url = await freshDatabase();
    const dataDir = path.join(work, 'external');
    const env = { DATABASE_URL: url, DATA_DIR: dataDir };
    expect((await runScript('restore', [archive], env)).code).toBe(0);
    const refused = await runScript('restore', [archive], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--force');
    const forced = await runScript('restore', [archive, '--force'], env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await orderCount(url)).toBe(manifest.tables.find((t) => t.name === 'orders')!.rows);
  });
});
