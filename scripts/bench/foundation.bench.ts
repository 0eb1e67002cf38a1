/**
 * The foundation's hot paths (health, session, users, departments, login) on a fresh demo database.
 */
import { startBenchServer } from './harness';
import { measure, type BenchResult } from './measure';

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
    results.push(await transferRace(server.baseUrl, cookie));
  } finally {
    await server.stop();
  }
  return results;
}

/**
 * Fifty confirmations racing on ten transfer lines of 2 each, from one warehouse bin: exactly the 20 in transit may
 * move, and the bin must end exactly 20 lower (never negative). The run fails (throws) when either does not hold.
 */
async function transferRace(baseUrl: string, cookie: string): Promise<BenchResult> {
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  // A product with at least 20 in one bin of NØR-LAGER: found through the products' stock per location.
  type Item = { no: string; status: Array<{ code: string; amount: number }> };
  const groups = (await (await call('GET', '/api/product/search/No?term=3')).json()) as Array<{ items: Item[] }>;
  const item = groups.flatMap((g) => g.items).find((p) => p.status.some((s) => s.code === 'NØR-LAGER' && s.amount >= 20));
  if (!item) throw new Error('transfer race: no product with 20 at NØR-LAGER');
  const shelves = async () =>
    (await (await call('GET', `/api/transfer/binlist/NØR-LAGER?item=${encodeURIComponent(item.no)}`)).json()) as Array<{
      Code: string;
      Amount: number;
    }>;
  const bins = await shelves();
  const lines = (await (
    await call(
      'POST',
      '/api/transfer/transfer',
      Array.from({ length: 10 }, () => ({ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 2 })),
    )
  ).json()) as Array<{ order_No: string; line_No: number }>;
  // The bin that holds the product: try the bins until a shipment of the first line goes through.
  let bin = '';
  for (const candidate of bins) {
    const answer = await call(
      'POST',
      `/api/transfer/transfer/${lines[0]!.order_No}/${lines[0]!.line_No}/2/${encodeURIComponent(candidate.Code)}?location=NØR-LAGER`,
    );
    if (answer.ok) {
      bin = candidate.Code;
      break;
    }
  }
  if (!bin) throw new Error('transfer race: no bin of NØR-LAGER holds the product');
  const result = await measure(
    'POST /api/transfer/transfer/{line}/2/{bin} × 50 on 10 lines',
    50,
    50,
    (i) =>
      call(
        'POST',
        `/api/transfer/transfer/${lines[i % 10]!.order_No}/${lines[i % 10]!.line_No}/2/${encodeURIComponent(bin)}?location=NØR-LAGER`,
      ),
    { accept: (status) => status === 200 || status === 409 },
  );
  const shown = (await (await call('GET', `/api/transfer/transfers?location=NØR-LAGER&order_nr=${lines[0]!.order_No}`)).json()) as Array<{
    qty_Shipped: number;
  }>;
  const shipped = shown.reduce((sum, l) => sum + l.qty_Shipped, 0);
  // The first line was shipped before the race: 9 lines × 2 may move in it.
  const moved = result.statuses[200] ?? 0;
  if (shipped !== 20 || moved !== 9)
    throw new Error(`transfer race: ${moved} confirmations went through and ${shipped} were shipped; expected 9 and 20`);
  const before = bins.find((b) => b.Code === bin)!.Amount;
  const after = (await shelves()).find((b) => b.Code === bin)!.Amount;
  if (after !== before - 20 || after < 0)
    throw new Error(`transfer race: bin ${bin} went from ${before} to ${after}; expected ${before - 20}`);
  return {
    ...result,
    note: `${moved} shipped, ${result.statuses[409] ?? 0} × 409; 20 of 20 in transit, bin ${bin} ${before} → ${after}: OK`,
  };
}
