import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { isDemoKey } from '@/server/areas/media';
import type { FileStorage } from '@/server/integrations/storage/file-storage';

/**
 * Photos and signed documents kept in an S3 bucket: a backup copies the files the database names into the
 * archive, a restore puts the archive's files into the bucket the app uses. (DATA_DIR/media is archived as it
 * is on disk instead.) The demo photos are drawn from their keys and have no file.
 */

/** Files moved at once: a bucket answers each request slowly, not many slowly. */
const PARALLEL = 8;

const STORED_FILES = `
  select storage_key as key, content_type as type from order_images
  union
  select storage_key, 'application/pdf' from signed_documents`;

/** The stored files' keys and content types, as the database (or the open restore transaction) names them. */
export async function storedFiles(client: pg.Client): Promise<Map<string, string>> {
  const { rows } = await client.query<{ key: string; type: string }>(STORED_FILES);
  return new Map(rows.filter((r) => !isDemoKey(r.key)).map((r) => [r.key, r.type]));
}

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/** Downloads the files into `into` (under their keys); answers the keys the bucket does not hold. */
export async function downloadFiles(storage: FileStorage, keys: readonly string[], into: string): Promise<string[]> {
  const missing: string[] = [];
  await inParallel([...keys].sort(), async (key) => {
    const bytes = await storage.get(key);
    if (!bytes) {
      missing.push(key);
      return;
    }
    const target = path.join(into, ...key.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, bytes);
  });
  return missing.sort();
}

/** Uploads the files under `from` (relative paths = keys) with the content types the restored rows give them. */
export async function uploadFiles(
  storage: FileStorage,
  from: string,
  files: readonly string[],
  types: ReadonlyMap<string, string>,
): Promise<void> {
  await inParallel(files, async (key) => {
    const bytes = await fs.readFile(path.join(from, ...key.split('/')));
    await storage.put(key, bytes, types.get(key) ?? 'application/octet-stream');
  });
}
