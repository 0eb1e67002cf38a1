/**
 * Lighthouse's mobile preset (simulated slow 4G and a 4x slower CPU) on the pages issue 11 measures:
 * /login, the dashboard, Opgaver (/assignments) and a worksheet of a demo order. Prints performance,
 * FCP, LCP, TBT and CLS per page (the median run by performance score). Not part of CI: it is slow and
 * its figures depend on the machine; the JS budget test is what CI checks.
 *
 *   npm run lighthouse                                   # builds nothing: starts the server on dist/web with fresh demo data
 *   BASE_URL=http://localhost:3000 npm run lighthouse    # a running server (with demo data)
 *
 * LH_USER (default ADM) is the demo user for the signed-in pages, LH_RUNS (default 3) the runs per page,
 * LH_PAGES a comma-separated subset of login,dashboard,assignments,worksheet, LH_PORT the port of the
 * server it starts (default 3900), WEB_ROOT the built app that server serves, LH_JSON a file for the figures,
 * LH_REPORT_DIR a folder for each run's full Lighthouse report (JSON), to see what took the time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';
const USER = process.env.LH_USER ?? 'ADM';
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const PORT = Number(process.env.LH_PORT ?? 3900);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Figures {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

const log = (message: string) => console.log(`[lighthouse] ${message}`);

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('The server did not come up in 180 s');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A server of our own on a fresh embedded database with demo data; returns its address and the stop. */
async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-lighthouse-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', DATA_DIR: dataDir, OUTBOX_WORKER: '0' };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${PORT}`;
  log(`starting the server on ${baseUrl} (fresh demo data in ${dataDir})`);
  await waitForHealth(baseUrl, server);
  return {
    baseUrl,
    stop: async () => {
      server.kill('SIGTERM');
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API and returns the session cookie ('name=value'). */
async function signIn(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: USER, Password: PASSWORD }),
  });
  if (!answer.ok) throw new Error(`Login as ${USER} failed: ${answer.status} ${await answer.text()}`);
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('rudeplan_session='));
  if (!cookie) throw new Error('The login answer set no session cookie');
  return cookie.split(';')[0]!;
}

/** The worksheet of the first order of the order list. */
async function worksheetPath(baseUrl: string, cookie: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/order/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ page: 0 }),
  });
  if (!answer.ok) throw new Error(`The order list failed: ${answer.status}`);
  const list = (await answer.json()) as { orders: Array<{ additionalData: { orderId: string } }> };
  const order = list.orders[0];
  if (!order) throw new Error('The demo data holds no order');
  return `/worksheet/${order.additionalData.orderId}`;
}

async function measure(url: string, port: number, cookie: string | null, report: string | null): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (report) await fs.writeFile(report, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

const median = (runs: Figures[]): Figures => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const own = process.env.BASE_URL ? null : await startServer();
  const baseUrl = (process.env.BASE_URL ?? own!.baseUrl).replace(/\/$/, '');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    const cookie = await signIn(baseUrl);
    const pages = [
      { name: 'login', path: '/login', cookie: null },
      { name: 'dashboard', path: '/', cookie },
      { name: 'assignments', path: '/assignments', cookie },
      { name: 'worksheet', path: await worksheetPath(baseUrl, cookie), cookie },
    ];
    const only = process.env.LH_PAGES?.split(',').map((s) => s.trim());
    const results: Array<{ page: string; path: string; runs: Figures[]; median: Figures }> = [];
    for (const page of pages.filter((p) => !only || only.includes(p.name))) {
      const runs: Figures[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const report = process.env.LH_REPORT_DIR ? path.join(process.env.LH_REPORT_DIR, `${page.name}-${run}.json`) : null;
        const figures = await measure(`${baseUrl}${page.path}`, chrome.port, page.cookie, report);
        log(`${page.name} run ${run}/${RUNS}: performance ${figures.performance}`);
        runs.push(figures);
      }
      results.push({ page: page.name, path: page.path, runs, median: median(runs) });
    }

    console.log(`\nLighthouse mobile preset, median of ${RUNS} run(s), signed in as ${USER}:`);
    console.log(['page'.padEnd(12), 'perf'.padStart(4), 'FCP'.padStart(8), 'LCP'.padStart(8), 'TBT'.padStart(8), 'CLS'.padStart(6)].join(' '));
    for (const { page, median: m } of results) {
      console.log(
        [page.padEnd(12), String(m.performance).padStart(4), seconds(m.fcp).padStart(8), seconds(m.lcp).padStart(8), `${Math.round(m.tbt)} ms`.padStart(8), m.cls.toFixed(3).padStart(6)].join(' '),
      );
    }
    if (process.env.LH_JSON) await fs.writeFile(process.env.LH_JSON, JSON.stringify(results, null, 2));
  } finally {
    chrome.kill();
    await own?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
