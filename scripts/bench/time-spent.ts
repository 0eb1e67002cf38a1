/**
 * Where the machine's time goes while a measurement runs (issue 17: "find where the time goes"): how busy the cores
 * are, how much of one core this process takes (the server; its clients run in the load process), and what PostgreSQL's
 * backends are doing, sampled from pg_stat_activity: on a core, or waiting (for the WAL to reach the disk, a lock, a
 * client). A bound that is not the database shows as backends mostly idle while this process takes a whole core.
 * Every client backend but the sampler's counts: while booking runs that is the booking's facts and statement, and the
 * outbox sending its messages.
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';

/** How often pg_stat_activity is read. */
const SAMPLE_MS = 10;

export interface TimeSpent {
  /** Share of all cores busy (0–1). */
  machineBusy: number;
  /** This process's CPU time as a share of one core (0–1, more with worker threads). */
  processCores: number;
  /**
   * The server's main thread (Linux): its time on a core and its time ready to run but waiting for one, as shares of
   * the measurement. A thread that waits for a core holds up every request in flight; null where /proc has no figure.
   */
  mainThread: { running: number; waiting: number } | null;
  /** Backends running a statement, on average, by what they were doing ('CPU' or a wait event). */
  backends: Array<{ state: string; average: number }>;
}

function cpuTimes() {
  let busy = 0;
  let all = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    const total = t.user + t.nice + t.sys + t.irq + t.idle;
    all += total;
    busy += total - t.idle;
  }
  return { busy, all };
}

/** The main thread's nanoseconds on a core and waiting for one, from the kernel's scheduler statistics. */
function mainThreadTimes(): { running: number; waiting: number } | null {
  try {
    const [running, waiting] = fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return Number.isFinite(running) && Number.isFinite(waiting) ? { running: running!, waiting: waiting! } : null;
  } catch {
    return null;
  }
}

/** Runs `run` while sampling. */
export async function timeSpentDuring<T>(databaseUrl: string, run: () => Promise<T>): Promise<{ result: T; spent: TimeSpent }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tally = new Map<string, number>();
  let samples = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const { rows } = await client.query<{ state: string }>(
        `select coalesce(wait_event_type || ': ' || wait_event, 'CPU') as state from pg_stat_activity
          where backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()`,
      );
      samples++;
      for (const row of rows) tally.set(row.state, (tally.get(row.state) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  const cpuBefore = cpuTimes();
  const processBefore = process.cpuUsage();
  const threadBefore = mainThreadTimes();
  const started = performance.now();
  try {
    const result = await run();
    const elapsedMs = performance.now() - started;
    const cpuAfter = cpuTimes();
    const used = process.cpuUsage(processBefore);
    const threadAfter = mainThreadTimes();
    const share = (ns: number) => ns / 1e6 / elapsedMs;
    return {
      result,
      spent: {
        machineBusy: (cpuAfter.busy - cpuBefore.busy) / Math.max(1, cpuAfter.all - cpuBefore.all),
        processCores: (used.user + used.system) / 1000 / elapsedMs,
        mainThread:
          threadBefore && threadAfter
            ? { running: share(threadAfter.running - threadBefore.running), waiting: share(threadAfter.waiting - threadBefore.waiting) }
            : null,
        backends: [...tally].map(([state, n]) => ({ state, average: n / Math.max(1, samples) })).sort((a, b) => b.average - a.average),
      },
    };
  } finally {
    running = false;
    await sampler.catch(() => undefined);
    await client.end();
  }
}

/** One line for a bench note. */
export function describeTimeSpent(spent: TimeSpent): string {
  const pct = (share: number) => `${Math.round(share * 100)} %`;
  const onCore = spent.backends.find((b) => b.state === 'CPU')?.average ?? 0;
  const total = spent.backends.reduce((sum, b) => sum + b.average, 0);
  const states = spent.backends.slice(0, 5).map((b) => `${b.state} ${b.average.toFixed(2)}`);
  return (
    `the ${os.cpus().length} cores ${pct(spent.machineBusy)} busy; the server's process ${pct(spent.processCores)} of one core` +
    (spent.mainThread
      ? ` (its main thread on a core ${pct(spent.mainThread.running)} of the time, ready but waiting for one ${pct(spent.mainThread.waiting)})`
      : '') +
    '; ' +
    `PostgreSQL's backends running a statement: ${total.toFixed(2)} on average, ${onCore.toFixed(2)} of them on a core (${states.join(', ') || 'none seen'})`
  );
}
