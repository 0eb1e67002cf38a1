import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create as createTar, extract as extractTar } from 'tar';
import { z } from 'zod';

/**
 * The backup archive: one .tar.gz holding
 *   manifest.json          what is inside (ZBackupManifest)
 *   data/<table>.copy      each table's rows in PostgreSQL's COPY text format
 *   media/...              DATA_DIR/media as it is on disk
 * gzip's checksum catches a truncated or damaged archive; the manifest's sizes, SHA-256 and row counts
 * catch a data file that does not belong to it.
 */
export const BACKUP_FORMAT = 'rudeplan-backup';

/** PostgreSQL identifiers as our migrations make them; anything else in a manifest is refused. */
const ZIdentifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);

const ZTableDump = z.object({
  name: ZIdentifier,
  file: z.string().regex(/^data\/[a-z_][a-z0-9_]{0,62}\.copy$/),
  columns: z.array(ZIdentifier).min(1),
  rows: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const ZBackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  app: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.iso.datetime(),
  database: z.object({ embedded: z.boolean(), serverVersion: z.string() }),
  /** The migrations applied to the database: how many, and the journal time of the last one. */
  migrations: z.object({ count: z.number().int().min(1), lastCreatedAt: z.number().int() }),
  tables: z.array(ZTableDump).min(1),
  sequences: z.array(z.object({ name: ZIdentifier, lastValue: z.string().regex(/^-?\d{1,19}$/), isCalled: z.boolean() })),
  /** DATA_DIR/media; not included when the files live in an S3 bucket. */
  media: z.object({ included: z.boolean(), files: z.number().int().min(0), bytes: z.number().int().min(0) }),
});
export type TBackupManifest = z.infer<typeof ZBackupManifest>;
export type TTableDump = z.infer<typeof ZTableDump>;

export const MANIFEST_FILE = 'manifest.json';

/** Thrown for an archive that is not a complete Rudeplan backup; nothing has been changed when it is. */
export class BackupArchiveError extends Error {}

export interface FileListing {
  /** Paths relative to the listed directory, with '/' separators. */
  files: string[];
  bytes: number;
}

/** Every regular file under `dir` (none when it does not exist), leaving out the half-written `*.tmp` of an upload. */
export async function listFiles(dir: string): Promise<FileListing> {
  const listing: FileListing = { files: [], bytes: 0 };
  const walk = async (relative: string) => {
    let entries;
    try {
      entries = await fs.readdir(path.join(dir, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && relative === '') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
        listing.files.push(child);
        listing.bytes += (await fs.stat(path.join(dir, child))).size;
      }
    }
  };
  await walk('');
  return listing;
}

/** A pass-through that hashes the bytes and counts the lines (COPY's text format writes one line per row). */
export function measure() {
  const hash = createHash('sha256');
  const totals = { rows: 0, bytes: 0 };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      totals.bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) totals.rows++;
      done(null, chunk);
    },
  });
  return { transform, totals, digest: () => hash.digest('hex') };
}

async function measureFile(file: string): Promise<{ rows: number; bytes: number; sha256: string } | null> {
  const counter = measure();
  try {
    await pipeline(createReadStream(file), counter.transform, new Writable({ write: (_chunk, _encoding, done) => done() }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return { ...counter.totals, sha256: counter.digest() };
}

/**
 * Packs `staging` (manifest.json and data/) and the listed media files into `file`. The archive is written
 * beside its final name and renamed at the end, so an interrupted backup never leaves a file that looks whole.
 */
export async function writeArchive(options: {
  staging: string;
  file: string;
  mediaDir: string | null;
  mediaFiles: string[];
}): Promise<void> {
  const { staging, file, mediaDir, mediaFiles } = options;
  const entries = [MANIFEST_FILE, 'data'];
  if (mediaDir && mediaFiles.length > 0) {
    // tar packs paths relative to one directory: the media directory is linked into the staging one.
    await fs.symlink(path.resolve(mediaDir), path.join(staging, 'media'), 'junction');
    entries.push(...mediaFiles.map((f) => `media/${f}`));
  }
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true, mode: 0o600 }, entries);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}

const ENTRY_RE = /^(manifest\.json|data\/[a-z0-9_]+\.copy|data\/?|media(\/[^/]+)*\/?)$/;

/**
 * Unpacks `file` into the empty directory `into` and checks it against its manifest: every table file whole
 * (size, SHA-256, one line per row) and every media file there. Throws BackupArchiveError otherwise.
 */
export async function extractArchive(file: string, into: string): Promise<TBackupManifest> {
  try {
    await fs.access(file);
  } catch {
    throw new BackupArchiveError(`The backup file ${file} does not exist or cannot be read.`);
  }
  const refused: string[] = [];
  try {
    await extractTar({
      file,
      cwd: into,
      strict: true,
      preserveOwner: false,
      filter: (entryPath, entry) => {
        const type = 'type' in entry ? entry.type : null;
        const ok =
          ENTRY_RE.test(entryPath) &&
          !entryPath.split('/').includes('..') &&
          (type === 'File' || type === 'Directory' || type === 'OldFile');
        if (!ok) refused.push(entryPath);
        return ok;
      },
    });
  } catch (error) {
    throw new BackupArchiveError(`The backup file ${file} is damaged or incomplete (${(error as Error).message}).`);
  }
  if (refused.length > 0)
    throw new BackupArchiveError(`The backup file ${file} holds entries a Rudeplan backup does not: ${refused.slice(0, 3).join(', ')}.`);

  let manifest: TBackupManifest;
  try {
    manifest = ZBackupManifest.parse(JSON.parse(await fs.readFile(path.join(into, MANIFEST_FILE), 'utf8')));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it has no manifest.json' : 'its manifest.json is not valid';
    throw new BackupArchiveError(`${file} is not a Rudeplan backup: ${reason}.`);
  }

  for (const table of manifest.tables) {
    const found = await measureFile(path.join(into, table.file));
    if (!found || found.bytes !== table.bytes || found.sha256 !== table.sha256 || found.rows !== table.rows) {
      throw new BackupArchiveError(`The backup file ${file} is damaged: the data of table ${table.name} is missing or altered.`);
    }
  }
  const media = await listFiles(path.join(into, 'media'));
  if (manifest.media.included && (media.files.length !== manifest.media.files || media.bytes !== manifest.media.bytes)) {
    throw new BackupArchiveError(
      `The backup file ${file} is damaged: it should hold ${manifest.media.files} media files (${manifest.media.bytes} bytes), it holds ${media.files.length} (${media.bytes} bytes).`,
    );
  }
  return manifest;
}
