import path from 'node:path';
import type { Env } from '@/server/env';
import { createLocalStorage, type FileStorage } from './file-storage';
import { createS3Storage } from './s3-storage';

/** The storage the environment asks for. */
export function createFileStorage(env: Env): FileStorage {
  if (env.S3_BUCKET) {
    return createS3Storage({
      endpoint: env.S3_ENDPOINT!,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      pathStyle: env.S3_FORCE_PATH_STYLE,
      prefix: env.S3_PREFIX,
    });
  }
  return createLocalStorage(path.resolve(env.DATA_DIR, 'media'));
}
