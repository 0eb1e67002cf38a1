import fs from 'node:fs/promises';
import path from 'node:path';
import { copenhagenParts } from '@/domain/lib/dates';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '@/server/db/embedded';
import type { Env } from '@/server/env';
import type { FileStorage } from '@/server/integrations/storage/file-storage';
import { createFileStorage } from '@/server/integrations/storage/storage';
import { BACKUP_FORMAT, listFiles, MANIFEST_FILE, writeArchive, ZBackupManifest, type TBackupManifest } from './backup-archive';
import { connectClient, dumpDatabase } from './backup-database';
import { downloadFiles, storedFiles } from './bucket-media';

export interface BackupOptions {
  databaseUrl: string;
  /** DATA_DIR/media, or null when photos and documents live in an S3 bucket. */
  mediaDir: string | null;
  /** The S3 bucket the files live in: the files the database names are copied from it into the archive. */
  bucket?: FileStorage | null;
  log?: (message: string) => void;
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
  const { bucket = null, log = () => undefined } = options;
  const file = path.resolve(options.file);
  // Staged beside the archive: where there is room for the archive, there is room for its parts.
  const staging = await fs.mkdtemp(path.join(path.dirname(file), '.rudeplan-backup-'));
  const bucketCopy = bucket ? await fs.mkdtemp(path.join(path.dirname(file), '.rudeplan-backup-media-')) : null;
  try {
    await fs.mkdir(path.join(staging, 'data'));
    const client = await connectClient(options.databaseUrl);
    const read = async () => {
      const dump = await dumpDatabase(client, staging);
      return { dump, keys: bucket ? [...(await storedFiles(client)).keys()] : [] };
    };
    const { dump, keys } = await read().finally(() => client.end());
    // Listed after the snapshot: a file uploaded meanwhile is only an extra file; a row never lacks its file
    // unless the file was deleted in between.
    if (bucket && bucketCopy) {
      const missing = await downloadFiles(bucket, keys, bucketCopy);
      if (missing.length)
        log(
          `${missing.length} of the ${keys.length} files the database names are not in the bucket: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`,
        );
    }
    const mediaDir = bucketCopy ?? options.mediaDir;
    const media = mediaDir ? await listFiles(mediaDir) : { files: [], bytes: 0 };
    const manifest = ZBackupManifest.parse({
      format: BACKUP_FORMAT,
      formatVersion: 1,
      app: await appIdentity(),
      createdAt: new Date().toISOString(),
      database: { embedded: options.embedded, serverVersion: dump.serverVersion },
      migrations: dump.migrations,
      tables: dump.tables,
      sequences: dump.sequences,
      media: { included: mediaDir !== null, files: media.files.length, bytes: media.bytes },
    } satisfies TBackupManifest);
    await fs.writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await writeArchive({ staging, file, mediaDir, mediaFiles: media.files });
    return manifest;
  } finally {
    // Removes the link to the media directory, never what it points to.
    await fs.rm(staging, { recursive: true, force: true });
    if (bucketCopy) await fs.rm(bucketCopy, { recursive: true, force: true });
  }
}

/**
 * `npm run backup`: backs up the database the environment names (DATABASE_URL, or the embedded one in DATA_DIR,
 * also while the server runs on it) with DATA_DIR/media, or the S3 bucket's files when S3_BUCKET is set.
 */
export async function backupFromEnv(env: Env, file: string, log: (message: string) => void): Promise<TBackupManifest> {
  const mediaDir = env.S3_BUCKET ? null : path.resolve(env.DATA_DIR, 'media');
  const bucket = env.S3_BUCKET ? createFileStorage(env) : null;
  if (bucket) log(`Copying the photos and documents the database names from the S3 bucket ${env.S3_BUCKET}`);
  const media = { mediaDir, bucket, log };
  if (env.DATABASE_URL) return createBackup({ databaseUrl: env.DATABASE_URL, ...media, file, embedded: false });

  const running = await runningEmbeddedUrl(env.DATA_DIR);
  if (running) {
    log('Backing up the embedded database of the server running on this DATA_DIR');
    return createBackup({ databaseUrl: running, ...media, file, embedded: true });
  }
  const cluster = path.resolve(env.DATA_DIR, 'pg');
  if (!(await fs.stat(path.join(cluster, 'PG_VERSION')).catch(() => null))) {
    throw new Error(
      `There is no database in ${cluster} to back up. Set DATA_DIR to the app's data directory, or DATABASE_URL for an external database.`,
    );
  }
  const embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT, log });
  try {
    return await createBackup({ databaseUrl: embedded.url, ...media, file, embedded: true });
  } finally {
    await embedded.stop();
  }
}
