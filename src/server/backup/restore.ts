import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { startEmbeddedPostgres } from '@/server/db/embedded';
import { runMigrations } from '@/server/db/migrate';
import type { Env } from '@/server/env';
import type { FileStorage } from '@/server/integrations/storage/file-storage';
import { createFileStorage } from '@/server/integrations/storage/storage';
import { extractArchive, listFiles, type TBackupManifest } from './backup-archive';
import { assertReplaceable, checkMigrations, connectClient, loadDatabase } from './backup-database';
import { storedFiles, uploadFiles } from './bucket-media';

export interface RestoreOptions {
  databaseUrl: string;
  /** Where the archive is unpacked before anything is changed (DATA_DIR: the same disk as the media directory). */
  workDir: string;
  /** DATA_DIR/media, replaced by the archive's; null when the app keeps its files in S3. */
  mediaDir: string | null;
  /**
   * The S3 bucket the app keeps its files in: the archive's files are put into it before the database commits
   * (files of the bucket that the backup does not hold are left there).
   */
  bucket?: FileStorage | null;
  file: string;
  /** Replace a database that holds orders. */
  force?: boolean;
  log?: (message: string) => void;
}

export interface RestoreResult {
  manifest: TBackupManifest;
  /** Migrations of this version applied after the backup's (0 when it was made by the same version). */
  migrationsAfter: number;
}

interface SwappedMedia {
  undo(): Promise<void>;
  finish(): Promise<void>;
}

/** Puts the unpacked media directory in place; the old one is kept until `finish` (or put back by `undo`). */
async function swapMedia(incoming: string, mediaDir: string): Promise<SwappedMedia> {
  await fs.mkdir(incoming, { recursive: true });
  const old = `${mediaDir}.old-${randomBytes(4).toString('hex')}`;
  const hadOld = await fs.rename(mediaDir, old).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  try {
    await fs.rename(incoming, mediaDir);
  } catch (error) {
    if (hadOld) await fs.rename(old, mediaDir);
    throw error;
  }
  return {
    undo: async () => {
      await fs.rm(mediaDir, { recursive: true, force: true });
      if (hadOld) await fs.rename(old, mediaDir);
    },
    finish: async () => {
      if (hadOld) await fs.rm(old, { recursive: true, force: true });
    },
  };
}

/**
 * Replaces the database and the media directory with a backup. The archive is unpacked and checked first; the
 * database is replaced in one transaction and the media directory swapped just before it commits, so a damaged
 * archive or a failure leaves both as they were. A database holding orders is refused unless `force`.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { log = () => undefined, force = false } = options;
  const file = path.resolve(options.file);
  await fs.mkdir(options.workDir, { recursive: true });
  const client = await connectClient(options.databaseUrl);
  const staging = await fs.mkdtemp(path.join(path.resolve(options.workDir), '.restore-'));
  try {
    // Refused before the (possibly large) archive is unpacked; checked again inside the transaction.
    await assertReplaceable(client, force);
    log(`Checking ${file}`);
    const manifest = await extractArchive(file, staging);
    const known = checkMigrations(manifest);
    log(`Restoring the backup of ${manifest.createdAt} (Rudeplan ${manifest.app.version})`);

    const swapped: { media?: SwappedMedia } = {};
    try {
      await loadDatabase(client, staging, manifest, force, async () => {
        if (!manifest.media.included) return;
        const incoming = path.join(staging, 'media');
        if (options.mediaDir) swapped.media = await swapMedia(incoming, options.mediaDir);
        else if (options.bucket) {
          const { files } = await listFiles(incoming);
          log(`Putting the backup's ${files.length} media files into the S3 bucket`);
          await uploadFiles(options.bucket, incoming, files, await storedFiles(client));
        }
      });
    } catch (error) {
      await swapped.media?.undo();
      throw error;
    }
    await swapped.media?.finish();
    if (!manifest.media.included)
      log('The backup holds no media files (they were in an S3 bucket); the media directory was left as it was.');
    else if (!options.mediaDir && !options.bucket)
      log(`The backup's ${manifest.media.files} media files were not restored: no media directory or bucket was given.`);

    // A backup of an older version: the later migrations run now, as they would at the next start.
    await runMigrations(options.databaseUrl);
    await client.query('analyze');
    return { manifest, migrationsAfter: known - manifest.migrations.count };
  } finally {
    await client.end();
    // Retried: after a failed unpack, tar may still be closing files in it.
    await fs
      .rm(staging, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
      .catch(() => log(`Could not remove ${staging}; delete it by hand.`));
  }
}

/**
 * `npm run restore -- FILE [--force]`: restores into the database the environment names: DATABASE_URL, or the
 * embedded one in DATA_DIR (created when missing; refused while a server runs on it).
 */
export async function restoreFromEnv(env: Env, file: string, force: boolean, log: (message: string) => void): Promise<RestoreResult> {
  const workDir = path.resolve(env.DATA_DIR);
  const mediaDir = env.S3_BUCKET ? null : path.join(workDir, 'media');
  const bucket = env.S3_BUCKET ? createFileStorage(env) : null;
  if (env.DATABASE_URL) return restoreBackup({ databaseUrl: env.DATABASE_URL, workDir, mediaDir, bucket, file, force, log });
  const embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT, log });
  try {
    return await restoreBackup({ databaseUrl: embedded.url, workDir, mediaDir, bucket, file, force, log });
  } finally {
    await embedded.stop();
  }
}
