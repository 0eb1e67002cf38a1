/**
 * The server stays responsive whatever one request sends (issue 37): a real server process, sent at once what a
 * hostile client sends (ten 1 MB logins of a 499,000-element array, six 500,000-deep `[[[…]]]` bodies, the same on a
 * signed-in route, parallel login and reset-code bursts, a signature PNG declaring 4000×4000, 14 MB "photos" of a PNG
 * signature and zeros), while `/api/health` is asked again and again: it answers within 200 ms at p99.
 * Only health's latency is measured, one request at a time from a thread of its own, over several rounds of the load,
 * so a slow two-core machine gives many samples; every request of the load is built before the measuring starts.
 */
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { createDatabaseFrom, dropDatabase, TEMPLATE_DEMO } from '../helpers/database';
import { fakePng, oversizedSignaturePng } from '../helpers/hostile';
import { freePort, serverEnv, ServerProcess, signIn } from '../helpers/server-process';

const P99_LIMIT_MS = 200;
/** Health samples taken while the load runs: p99 of 500 is the sixth slowest. */
const MIN_SAMPLES = 500;
const MAX_ROUNDS = 12;

let database: { name: string; url: string };
let dataDir: string;
let server: ServerProcess;
let base: string;
let admin: string;
let orderId: string;

beforeAll(async () => {
  database = await createDatabaseFrom(inject('adminUrl'), TEMPLATE_DEMO);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-responsive-'));
  const port = await freePort();
  // The bursts come from addresses of their own (X-Forwarded-For), so they throttle only themselves.
  server = new ServerProcess(serverEnv({ port, dataDir, databaseUrl: database.url }, { TRUST_PROXY: 'true' }));
  base = `http://127.0.0.1:${port}`;
  await server.healthy(base);
  admin = await signIn(base, 'ADM');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const open = await client.query<{ id: string }>(
      "select id from orders where order_status not in ('FINISHED', 'CANCELLED') order by id limit 1",
    );
    orderId = open.rows[0]!.id;
  } finally {
    await client.end();
  }
}, 120_000);

afterAll(async () => {
  await server?.kill();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  if (database) await dropDatabase(inject('adminUrl'), database.name);
}, 60_000);

interface Outcome {
  label: string;
  /** The status, or 0 when the server closed the connection before answering (a refused upload may be). */
  status: number;
  message: string | null;
}

async function send(
  label: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body: BodyInit },
): Promise<Outcome> {
  try {
    const response = await fetch(base + url, {
      method: init.method ?? 'POST',
      headers: init.headers ?? {},
      body: init.body,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let message: string | null = null;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? null;
    } catch {
      // Not JSON: the status says enough.
    }
    return { label, status: response.status, message };
  } catch {
    return { label, status: 0, message: null };
  }
}

const json = (ip: string, cookie?: string) => ({
  'content-type': 'application/json',
  'x-forwarded-for': ip,
  ...(cookie ? { cookie } : {}),
});

const BOUNDARY = 'rudeplan-hostile-upload';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/**
 * A multipart form as bytes, built once: encoding a 14 MB FormData anew for every upload blocked this test's own event
 * loop for hundreds of milliseconds, which its health timings would have counted.
 */
function form(fields: Record<string, string>, file: Buffer, name: string): Uint8Array<ArrayBuffer> {
  const head = Object.entries(fields)
    .map(([key, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
    .join('');
  const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
  return new Uint8Array(Buffer.concat([Buffer.from(head + fileHead), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]));
}

interface HostileBodies {
  flat: Uint8Array<ArrayBuffer>;
  deep: Uint8Array<ArrayBuffer>;
  /** Multipart forms. */
  signature: Uint8Array<ArrayBuffer>;
  photo: Uint8Array<ArrayBuffer>;
}

let addressCount = 0;
const newAddress = () => `10.3.${Math.floor(++addressCount / 250)}.${addressCount % 250}`;

/** One round of the hostile load: every request sent at once; resolves with every outcome. */
function hostileRound(bodies: HostileBodies): Promise<Outcome[]> {
  const guesser = newAddress();
  const sprayer = newAddress();
  const requests: Array<Promise<Outcome>> = [
    ...Array.from({ length: 10 }, () =>
      send('login: 499,000 elements', '/api/user/login', { headers: json(newAddress()), body: bodies.flat }),
    ),
    ...Array.from({ length: 6 }, () => send('login: 500,000 deep', '/api/user/login', { headers: json(newAddress()), body: bodies.deep })),
    ...Array.from({ length: 3 }, () =>
      send('search: 499,000 elements', '/api/order/orders', { headers: json(newAddress(), admin), body: bodies.flat }),
    ),
    ...Array.from({ length: 6 }, () =>
      send('search: 500,000 deep', '/api/order/orders', { headers: json(newAddress(), admin), body: bodies.deep }),
    ),
    ...Array.from({ length: 25 }, (_, i) =>
      send('login burst: one account', '/api/user/login', {
        headers: json(guesser),
        body: JSON.stringify({ Email: 'REV', Password: `gæt${i}` }),
      }),
    ),
    ...Array.from({ length: 40 }, (_, i) =>
      send('login burst: one address', '/api/user/login', {
        headers: json(sprayer),
        body: JSON.stringify({ Email: `spray${addressCount}-${i}`, Password: 'forkert' }),
      }),
    ),
    ...Array.from({ length: 12 }, () =>
      send('reset code burst', '/api/user/resetpassword/confirm', {
        headers: json(guesser),
        body: JSON.stringify({ identifier: 'rev@example.dk', code: '000000', password: 'hemmelig1', confirmPassword: 'hemmelig1' }),
      }),
    ),
    send('signature: 4000×4000 PNG', `/api/SignedPDF/SignCalibrationChallenges/${orderId}`, {
      method: 'PUT',
      headers: { cookie: admin, 'x-forwarded-for': newAddress(), 'content-type': MULTIPART },
      body: bodies.signature,
    }),
    ...Array.from({ length: 5 }, () =>
      send('photo: 14 MB of zeros', '/api/media', {
        method: 'PUT',
        headers: { cookie: admin, 'x-forwarded-for': newAddress(), 'content-type': MULTIPART },
        body: bodies.photo,
      }),
    ),
  ];
  return Promise.all(requests);
}

interface HealthSample {
  ms: number;
  status: number;
}

/** The health poller's thread: one request at a time until it is told to stop, each timing posted as it ends. */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let stopped = false;
parentPort.on('message', () => (stopped = true));
(async () => {
  while (!stopped) {
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(workerData + '/api/health', { signal: AbortSignal.timeout(30000) });
      await response.arrayBuffer();
      status = response.status;
    } catch {}
    parentPort.postMessage({ ms: performance.now() - started, status });
  }
  parentPort.close();
})();
`;

/**
 * Asks `/api/health` again and again, one request at a time, from a thread of its own: this test's own thread, busy
 * sending 70 MB of uploads, would otherwise add its own pauses to the server's timings. `stop` waits for the request
 * in flight and answers every timing.
 */
function pollHealth(url: string): { stop(): Promise<HealthSample[]> } {
  const worker = new Worker(POLLER, { eval: true, workerData: url });
  const samples: HealthSample[] = [];
  worker.on('message', (sample: HealthSample) => samples.push(sample));
  return {
    stop: async () => {
      const exited = once(worker, 'exit');
      worker.postMessage('stop');
      await exited;
      return samples;
    },
  };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe('the server stays responsive', () => {
  it('answers /api/health within 200 ms at p99 while hostile bodies, bursts and images arrive', async () => {
    const bodies: HostileBodies = {
      flat: new TextEncoder().encode(`[${Array(499_000).fill('0').join(',')}]`),
      deep: new TextEncoder().encode('['.repeat(500_000) + ']'.repeat(500_000)),
      signature: form({}, oversizedSignaturePng(), 'signature.png'),
      photo: form({ orderId, imageType: 'CUSTOM', fileName: 'zeros.png' }, fakePng(), 'zeros.png'),
    };
    // A first round warms the server's code paths up; it is not measured.
    await hostileRound(bodies);

    const samples: HealthSample[] = [];
    const rounds: Outcome[][] = [];
    for (let round = 0; round < MAX_ROUNDS && samples.length < MIN_SAMPLES; round++) {
      const poller = pollHealth(base);
      rounds.push(await hostileRound(bodies));
      samples.push(...(await poller.stop()));
    }
    expect(
      samples.filter((s) => s.status !== 200),
      'health answers other than 200',
    ).toEqual([]);
    const latencies = samples.map((s) => s.ms);

    const p99 = percentile(latencies, 99);
    const slowest = [...latencies]
      .sort((a, b) => b - a)
      .slice(0, 5)
      .map((ms) => Math.round(ms));
    expect(latencies.length, 'health samples while the load ran').toBeGreaterThanOrEqual(MIN_SAMPLES / 2);
    expect(p99, `p99 of ${latencies.length} health answers (slowest: ${slowest.join(', ')} ms)`).toBeLessThan(P99_LIMIT_MS);

    // What the load was answered: nothing failed, the bodies were refused before they were parsed, and each burst
    // had at most its limit of passwords and codes checked.
    for (const outcomes of rounds) {
      const by = (label: string) => outcomes.filter((o) => o.label === label);
      expect(
        outcomes.filter((o) => o.status >= 500),
        'no 5xx',
      ).toEqual([]);
      for (const label of ['login: 499,000 elements', 'login: 500,000 deep', 'search: 499,000 elements']) {
        // 0: the server answered 413 from the Content-Length and closed the connection while the body was still sent.
        expect(
          by(label)
            .map((o) => o.status)
            .filter((s) => s !== 413 && s !== 0),
          label,
        ).toEqual([]);
      }
      expect(by('search: 500,000 deep').map((o) => `${o.status} ${o.message}`)).toEqual(Array(6).fill(`400 ${API_MESSAGES.tooDeep}`));
      expect(by('login burst: one account').filter((o) => o.status === 401).length).toBeLessThanOrEqual(5);
      expect(by('login burst: one address').filter((o) => o.status === 401).length).toBeLessThanOrEqual(30);
      expect(by('reset code burst').filter((o) => o.status === 400).length).toBeLessThanOrEqual(5);
    }
    expect(server.running).toBe(true);
  }, 300_000);
});
