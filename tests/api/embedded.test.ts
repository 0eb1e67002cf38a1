import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sharedBuffersMb, startEmbeddedPostgres } from '@/server/db/embedded';

const CHILD = path.resolve(import.meta.dirname, '../helpers/embedded-child.ts');
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-embedded-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

function child(mode: 'crash' | 'hold') {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  const started = new Promise<{ port: number; reused: boolean }>((resolve, reject) => {
    proc.stdout.on('data', () => {
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as { port: number; reused: boolean });
    });
    void exited.then((code) => reject(new Error(`child exited ${code}: ${stderr}`)));
  });
  // A child that is expected to fail never reports a start; that is not an unhandled error.
  started.catch(() => undefined);
  return { proc, exited, started, stderr: () => stderr };
}

describe('embedded PostgreSQL', () => {
  it('takes a quarter of the memory for its page cache, from 128 MB to 2 GB', () => {
    const gb = 1024 ** 3;
    expect(sharedBuffersMb(0.25 * gb)).toBe(128);
    expect(sharedBuffersMb(4 * gb)).toBe(1024);
    expect(sharedBuffersMb(24 * gb)).toBe(2048);
  });

  it('reuses the server a crashed app left running, keeps its data, and refuses a second app', async () => {
    const crashed = child('crash');
    const first = await crashed.started;
    expect(first.reused).toBe(false);
    expect(await crashed.exited).toBe(3);

    const db = await startEmbeddedPostgres({ dataDir });
    try {
      expect(db.reused).toBe(true);
      expect(db.port).toBe(first.port);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query('create table if not exists kept (n int)');
      await client.query('insert into kept values (42)');
      await client.end();

      const second = child('hold');
      expect(await second.exited).toBe(2);
      expect(second.stderr()).toMatch(/already used by another Rudeplan server/);
    } finally {
      await db.stop();
    }

    // A clean restart starts its own server on the same cluster and finds the data.
    const again = await startEmbeddedPostgres({ dataDir });
    try {
      expect(again.reused).toBe(false);
      const client = new pg.Client({ connectionString: again.url });
      await client.connect();
      expect((await client.query('select n from kept')).rows).toEqual([{ n: 42 }]);
      // Its page cache follows the machine (a quarter of its memory, 128 MB to 2 GB).
      const { mb } = (await client.query(`select pg_size_bytes(current_setting('shared_buffers')) / 1024 / 1024 as mb`)).rows[0];
      expect(Number(mb)).toBe(sharedBuffersMb());
      await client.end();
    } finally {
      await again.stop();
    }
  });

  it("says why it could not start, from PostgreSQL's own log: here a port another program holds", async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const busy = (holder.address() as net.AddressInfo).port;
    try {
      const tries: string[] = [];
      const failed = startEmbeddedPostgres({ dataDir, port: busy, startRetryMs: 500, log: (message) => tries.push(message) });
      await expect(failed).rejects.toThrow(/could not bind IPv4 address "127\.0\.0\.1": Address already in use/);
      await expect(failed).rejects.toThrow(/HINT: Is another postmaster already running on port/);
      // Each try in between says the same, not pg_ctl's 'Examine the log output'.
      expect(tries.filter((t) => t.includes('not started yet')).every((t) => t.includes('Address already in use'))).toBe(true);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
