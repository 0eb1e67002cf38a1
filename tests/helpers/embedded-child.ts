/**
 * A stand-in app process for the embedded-database tests:
 * `crash` starts the database and dies without stopping it; `hold` keeps it until SIGTERM.
 */
import { startEmbeddedPostgres } from '@/server/db/embedded';

const [dataDir, mode] = process.argv.slice(2);
try {
  const db = await startEmbeddedPostgres({ dataDir: dataDir! });
  console.log(JSON.stringify({ port: db.port, reused: db.reused }));
  if (mode === 'crash') process.exit(3);
  process.on('SIGTERM', () => void db.stop().then(() => process.exit(0)));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
