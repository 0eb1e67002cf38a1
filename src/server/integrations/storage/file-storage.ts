import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded photos and signed documents are kept. The database holds each file's metadata and key;
 * the bytes live here: on local disk under DATA_DIR/media by default, in an S3-compatible bucket when
 * S3_BUCKET is configured.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** Keys are made by the app ('orders/<uuid>/<uuid>.jpg'); anything else is refused, so no key can leave the root. */
const KEY_RE = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)*$/;
export function assertKey(key: string): void {
  if (!KEY_RE.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`invalid storage key ${key}`);
}

export function createLocalStorage(root: string): FileStorage {
  const full = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const target = full(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target, then renamed: a reader never sees half a file.
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, bytes);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(full(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
  };
}
