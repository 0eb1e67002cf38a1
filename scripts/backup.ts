/**
 * `npm run backup [-- FILE|DIR]`
 *
 * Writes one archive (rudeplan-backup-YYYYMMDD-HHmmss.tar.gz in the current directory by default) with the whole
 * database, a manifest and DATA_DIR/media. It backs up DATABASE_URL, or else the embedded database in DATA_DIR,
 * also while the server runs on it. The logic lives in src/server/backup.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { backupFromEnv, defaultBackupName } from '@/server/backup/backup';
import { loadEnv } from '@/server/env';

const log = (message: string) => console.log(`[backup] ${message}`);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) throw new Error('Usage: npm run backup [-- FILE|DIR]');
  // npm runs scripts in the package directory; a relative path means the directory the command was typed in.
  const base = process.env.INIT_CWD ?? process.cwd();
  let file = path.resolve(base, args[0] ?? defaultBackupName());
  if ((await fs.stat(file).catch(() => null))?.isDirectory()) file = path.join(file, defaultBackupName());
  if (await fs.stat(file).catch(() => null)) throw new Error(`${file} exists already; give another name.`);

  const manifest = await backupFromEnv(loadEnv(), file, log);
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const orders = manifest.tables.find((t) => t.name === 'orders')?.rows ?? 0;
  const media = manifest.media.included ? `, ${manifest.media.files} media files (${(manifest.media.bytes / 1e6).toFixed(1)} MB)` : '';
  log(`${orders} orders, ${rows} rows in ${manifest.tables.length} tables${media}`);
  log(`Written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(`[backup] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
