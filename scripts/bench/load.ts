/**
 * The bench's load generator, in a process of its own (issue 17). The server under test runs in the bench's process;
 * a client there would take the server's own thread for its requests and for inflating the answers, which charged a
 * large answer's client work to the route (a month of availability under fetch) and a small answer's to the floor.
 * As a browser does, and as pgbench's client does beside PostgreSQL, the floor's and booking's clients run here, on
 * the machine's other core. Started by `startLoadProcess()` (fork, IPC); one measurement at a time.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { measure, type BenchResult } from './measure';

/** What every call sends; `bodies` gives call i the body i (a booking each), `body` the same body to every call. */
export interface LoadTarget {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  bodies?: string[];
  /** Statuses that count as answers; any other stops the run. Default: 2xx only. */
  accept?: number[];
  /** Requests in flight (fetch) or connections (autocannon). */
  concurrency: number;
}

export type FetchSpec = LoadTarget & { client: 'fetch'; requests: number };
/** With `bodies`, each body is sent once; otherwise the route is loaded for `seconds` after a second of warm-up. */
export type AutocannonSpec = LoadTarget & { client: 'autocannon'; seconds?: number };

export interface AutocannonResult {
  perSecond: number;
  p50: number;
  p99: number;
  /** How many answers had each HTTP status. */
  statuses: Record<number, number>;
}

type Request = { id: number; spec: FetchSpec | AutocannonSpec };
type Reply = { id: number; result: BenchResult | AutocannonResult } | { id: number; error: string };

const accepts = (target: LoadTarget) => (status: number) =>
  target.accept ? target.accept.includes(status) : status >= 200 && status < 300;

function runFetch(spec: FetchSpec): Promise<BenchResult> {
  const { bodies, body } = spec;
  return measure(
    spec.name,
    spec.requests,
    spec.concurrency,
    (i) => fetch(spec.url, { method: spec.method, headers: spec.headers, body: bodies ? bodies[i % bodies.length] : body }),
    {
      accept: accepts(spec),
    },
  );
}

async function runAutocannon(spec: AutocannonSpec): Promise<AutocannonResult> {
  const base = { url: spec.url, connections: spec.concurrency, headers: { 'accept-encoding': 'gzip, deflate, br', ...spec.headers } };
  let result: autocannon.Result;
  let perSecond: number;
  if (spec.bodies) {
    // Each body once. Timed here, from the start to the last answer: with `amount`, autocannon ends a run only at its
    // next one-second sample and counts that wait in its own duration (up to a quarter of a 2,000-booking run).
    const bodies = spec.bodies;
    let next = 0;
    let lastAnswer = 0;
    const started = performance.now();
    result = await new Promise<autocannon.Result>((resolve, reject) => {
      const options: autocannon.Options = {
        ...base,
        amount: bodies.length,
        requests: [{ method: spec.method, setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
      };
      autocannon(options, (error, r) => (error ? reject(error as Error) : resolve(r))).on('response', () => {
        lastAnswer = performance.now();
      });
    });
    perSecond = Math.round(result.requests.total / ((lastAnswer - started) / 1000));
  } else {
    const options = { ...base, method: spec.method, body: spec.body };
    await autocannon({ ...options, duration: 1 });
    result = await autocannon({ ...options, duration: spec.seconds ?? 5 });
    perSecond = Math.round(result.requests.average);
  }
  const statuses: Record<number, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[Number(status)] = count ?? 0;
  const accepted = accepts(spec);
  if (result.errors > 0 || Object.keys(statuses).some((status) => !accepted(Number(status)))) {
    throw new Error(`${spec.name} under autocannon: ${result.errors} errors; answers ${JSON.stringify(statuses)}`);
  }
  return { perSecond, p50: result.latency.p50, p99: result.latency.p99, statuses };
}

export interface LoadProcess {
  fetch(spec: Omit<FetchSpec, 'client'>): Promise<BenchResult>;
  autocannon(spec: Omit<AutocannonSpec, 'client'>): Promise<AutocannonResult>;
  close(): void;
}

/** Starts the load process; its measurements run one after the other as asked. */
export function startLoadProcess(): LoadProcess {
  // Its own CPU profiles would be the client's: the bench profiles the server around each call instead.
  const { BENCH_CPU_PROFILE: _profile, ...env } = process.env;
  const child = fork(fileURLToPath(import.meta.url), ['--load-process'], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve: (r: BenchResult | AutocannonResult) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  child.on('message', (reply: Reply) => {
    const entry = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) entry?.reject(new Error(reply.error));
    else entry?.resolve(reply.result);
  });
  child.on('exit', (code) => {
    for (const entry of waiting.values()) entry.reject(new Error(`the load process ended (code ${code})`));
    waiting.clear();
  });
  const ask = (spec: FetchSpec | AutocannonSpec) =>
    new Promise<BenchResult | AutocannonResult>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      child.send({ id, spec } satisfies Request);
    });
  return {
    fetch: (spec) => ask({ ...spec, client: 'fetch' }) as Promise<BenchResult>,
    autocannon: (spec) => ask({ ...spec, client: 'autocannon' }) as Promise<AutocannonResult>,
    close: () => child.kill(),
  };
}

if (process.argv.includes('--load-process') && process.send) {
  process.on('message', ({ id, spec }: Request) => {
    const run = spec.client === 'fetch' ? runFetch(spec) : runAutocannon(spec);
    run.then(
      (result) => process.send!({ id, result } satisfies Reply),
      (error: unknown) => process.send!({ id, error: error instanceof Error ? error.message : String(error) } satisfies Reply),
    );
  });
}
