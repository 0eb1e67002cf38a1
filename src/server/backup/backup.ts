import fs from 'node:fs/promises';
import path from 'node:path';
import { copenhagenParts } from '@/domain/lib/dates';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '@/server/db/embedded';
import type { Env } from '@/server/env';
import { BACKUP_FORMAT, listFiles, MANIFEST_FILE, writeArchive, ZBackupManifest, type TBackupManifest } from './backup-archive';
import { connectClient, dumpDatabase } from './backup-database';

export interface BackupOptions {
  databaseUrl: string;
  /** DATA_DIR/media, or null when photos and documents live in an S3 bucket (then they are not included). */
  mediaDir: string | null;
  /** The archive to write (.tar.gz); its directory must exist. */
  file: string;
  embedded: boolean;
}

async function appIdentity(): Promise<{ name: string; version: string }> {
  const pkg = JSON.parse(await fs.readFile(new URL('../../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** `rudeplan-backup-YYYYMMDD-HHmmss.tar.gz`, Copenhagen time. */
export function defaultBackupName(now = new Date()): string {
  const p = copenhagenParts(now);
  const two = (n: number) => String(n).padStart(2, '0');
  return `rudeplan-backup-${p.year}${two(p.month)}${two(p.day)}-${two(p.hour)}${two(p.minute)}${two(p.second)}.tar.gz`;
}

/** Writes one archive with the database (a consistent snapshot), a manifest and the media files. */
export async function createBackup(options: BackupOptions): Promise<TBackupManifest> {
  const file = path.resolve(options.file);
  // Staged beside the archive: where there is room for the archive, there is room for its parts.
  const staging = await fs.mkdtemp(path.join(path.dirname(file), '.rudeplan-backup-'));
  try {
    await fs.mkdir(path.join(staging, 'data'));
    const client = await connectClient(options.databaseUrl);
    const dump = await dumpDatabase(client, staging).finally(() => client.end());
    // Listed after the snapshot: a file uploaded meanwhile is only an extra file; a row never lacks its file
    // unless the file was deleted in between.
    const media = options.mediaDir ? await listFiles(options.mediaDir) : { files: [], bytes: 0 };
    const manifest = ZBackupManifest.parse({
      format: BACKUP_FORMAT,
      formatVersion: 1,
      app: await appIdentity(),
      createdAt: new Date().toISOString(),
      database: { embedded: options.embedded, serverVersion: dump.serverVersion },
      migrations: dump.migrations,
      tables: dump.tables,
      sequences: dump.sequences,
      media: { included: options.mediaDir !== null, files: media.files.length, bytes: media.bytes },
    } satisfies TBackupManifest);
    await fs.writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await writeArchive({ staging, file, mediaDir: options.mediaDir, mediaFiles: media.files });
    return manifest;
  } finally {
    // Removes the link to the media directory, never what it points to.
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * `npm run backup`: backs up the database the environment names (DATABASE_URL, or the embedded one in DATA_DIR,
 * also while the server runs on it) with DATA_DIR/media.
 */
export async function backupFromEnv(env: Env, file: string, log: (message: string) => void): Promise<TBackupManifest> {
  const mediaDir = env.S3_BUCKET ? null : path.resolve(env.DATA_DIR, 'media');
  if (!mediaDir) log(`Photos and documents are in the S3 bucket ${env.S3_BUCKET} and are not in the archive; back the bucket up with the store's own tools.`);
  if (env.DATABASE_URL) return createBackup({ databaseUrl: env.DATABASE_URL, mediaDir, file, embedded: false });

  const running = await runningEmbeddedUrl(env.DATA_DIR);
  if (running) {
    log('Backing up the embedded database of the server running on this DATA_DIR');
    return createBackup({ databaseUrl: running, mediaDir, file, embedded: true });
  }
  const cluster = path.resolve(env.DATA_DIR, 'pg');
  if (!(await fs.stat(path.join(cluster, 'PG_VERSION')).catch(() => null))) {
    throw new Error(`There is no database in ${cluster} to back up. Set DATA_DIR to the app's data directory, or DATABASE_URL for an external database.`);
  }
  const embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT, log });
  try {
    return await createBackup({ databaseUrl: embedded.url, mediaDir, file, embedded: true });
  } finally {
    await embedded.stop();
  }
}
