/**
 * Measuring a route: latency percentiles and throughput of a number of calls with some in flight, and CPU profiles
 * on request. Free of the server's modules, so the bench's load process (load.ts) uses it too.
 */
import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

export interface BenchResult {
  name: string;
  requests: number;
  concurrency: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** How many answers had each HTTP status. */
  statuses: Record<number, number>;
  /** A remark printed beside the figures (a target, a ratio). */
  note?: string;
}

export interface MeasureOptions {
  /** Statuses that count as answers; any other stops the run. Default: 2xx only. */
  accept?: (status: number) => boolean;
}

/**
 * With BENCH_CPU_PROFILE=<dir>, the measurements whose names match the regular expression BENCH_CPU_PROFILE_MATCH (all when unset) are
 * recorded as V8 CPU profiles in <dir> (a flame graph in Chrome DevTools or speedscope). The server runs in
 * this process, and so do the look-ups' fetch clients (told apart by their files); the floor's and booking's clients
 * run in the load process (load.ts), so their profiles show the server alone.
 */
export async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir || !new RegExp(process.env.BENCH_CPU_PROFILE_MATCH ?? '').test(name)) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${name.replace(/[^\w.-]+/g, '_').slice(0, 80)}.cpuprofile`);
    await fs.writeFile(file, JSON.stringify(profile));
    console.error(`[bench] CPU profile of '${name}': ${file}`);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Fires `requests` calls with `concurrency` in flight and reports latency percentiles (ms) and throughput. */
export async function measure(
  name: string,
  requests: number,
  concurrency: number,
  call: (i: number) => Promise<Response>,
  options: MeasureOptions = {},
): Promise<BenchResult> {
  const accept = options.accept ?? ((status: number) => status >= 200 && status < 300);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= requests) return;
      const t = performance.now();
      const response = await call(i);
      const body = await response.arrayBuffer();
      if (!accept(response.status)) throw new Error(`${name}: HTTP ${response.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
      latencies.push(performance.now() - t);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await profiled(name, () => Promise.all(Array.from({ length: concurrency }, worker)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name,
    requests,
    concurrency,
    perSecond: Math.round(requests / seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    statuses,
  };
}

/** One group's results as a Markdown table. */
export function printTable(title: string, results: BenchResult[], notes: string[] = []): void {
  console.log(`\n### ${title}\n`);
  console.log('| Benchmark | Requests | Concurrency | req/s | p50 ms | p95 ms | p99 ms | Note |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.requests} | ${r.concurrency} | ${r.perSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.note ?? ''} |`);
  }
  for (const note of notes) console.log(`\n${note}`);
}
