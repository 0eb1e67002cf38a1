/**
 * The foundation's hot paths (health, session, users, departments, login) on a fresh demo database.
 */
import { measure, startBenchServer, type BenchResult } from './harness';

export async function runFoundationBench(): Promise<BenchResult[]> {
  const server = await startBenchServer();
  const results: BenchResult[] = [];
  try {
    const login = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: 'ADM', Password: 'demo1234' }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const get = (path: string) => () => fetch(`${server.baseUrl}${path}`, { headers: { cookie } });

    // Warm up connections, JIT and the database's caches.
    await measure('warm-up', 300, 8, get('/api/user/userinfo'));

    results.push(await measure('GET /api/health', 2000, 8, () => fetch(`${server.baseUrl}/api/health`)));
    results.push(await measure('GET /api/user/userinfo (session + user)', 3000, 8, get('/api/user/userinfo')));
    results.push(await measure('GET /api/user/users', 1000, 8, get('/api/user/users')));
    results.push(await measure('GET /api/departments/departments', 500, 8, get('/api/departments/departments')));
    // argon2id (19 MiB, t=2) dominates: this is the deliberate cost of a password check.
    results.push(
      await measure('POST /api/user/login (argon2id)', 100, 4, (i) =>
        fetch(`${server.baseUrl}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ Email: ['KS', 'OP', 'LAG', 'REV', 'REK', 'TM'][i % 6], Password: 'demo1234' }),
        }),
      ),
    );
  } finally {
    await server.stop();
  }
  return results;
}
