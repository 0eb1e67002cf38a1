/**
 * `npm run restore -- FILE [--force]`
 *
 * Replaces the database (DATABASE_URL, or else the embedded one in DATA_DIR, which must not be in use by a running
 * server) and DATA_DIR/media with a backup made by `npm run backup`. A database that already holds orders is
 * refused unless --force. The archive is checked before anything is changed, and the database is replaced in one
 * transaction. The logic lives in src/server/backup.
 */
import path from 'node:path';
import { restoreFromEnv } from '@/server/backup/restore';
import { loadEnv } from '@/server/env';

const log = (message: string) => console.log(`[restore] ${message}`);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) throw new Error('Usage: npm run restore -- FILE [--force]');
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);

  const { manifest, migrationsAfter } = await restoreFromEnv(loadEnv(), file, force, log);
  const orders = manifest.tables.find((t) => t.name === 'orders')?.rows ?? 0;
  const media = manifest.media.included ? ` and ${manifest.media.files} media files` : '';
  log(`Restored ${orders} orders${media} from ${file}`);
  if (migrationsAfter > 0) log(`Applied ${migrationsAfter} newer migrations to the restored data`);
}

main().catch((error: unknown) => {
  console.error(`[restore] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
