import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './file-storage';
import { createS3Storage } from './s3-storage';
import { sha256Hex, signRequest } from './sigv4';

describe('local storage', () => {
  let root = '';
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('writes, reads, replaces and deletes files under its root, leaving no temp files', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'rudeplan-storage-'));
    const storage = createLocalStorage(root);
    await storage.put('orders/abc/one.png', Buffer.from('first'), 'image/png');
    await storage.put('orders/abc/one.png', Buffer.from('second'), 'image/png');
    expect((await storage.get('orders/abc/one.png'))?.toString()).toBe('second');
    expect(await readdir(path.join(root, 'orders', 'abc'))).toEqual(['one.png']);
    await storage.delete('orders/abc/one.png');
    expect(await storage.get('orders/abc/one.png')).toBeNull();
  });

  it('refuses keys that could leave the root', async () => {
    const storage = createLocalStorage('/tmp/never-used');
    await expect(storage.get('../etc/passwd')).rejects.toThrow(/invalid storage key/);
    await expect(storage.put('orders/../../x', Buffer.from(''), 'image/png')).rejects.toThrow(/invalid storage key/);
  });
});

describe('S3 storage', () => {
  it('puts, gets and deletes signed objects path-style and sends what S3 checks', async () => {
    const objects = new Map<string, Buffer>();
    const seen: Array<{ method: string; url: string; headers: Record<string, string> }> = [];
    const now = () => new Date('2026-03-10T08:00:00Z');
    const fakeFetch = (async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input));
      const headers = init?.headers as Record<string, string>;
      seen.push({ method: init?.method ?? 'GET', url: url.href, headers });
      const body = init?.body ? Buffer.from(init.body as Uint8Array) : Buffer.alloc(0);
      // Check the signature as the store would: recompute it from what arrived.
      const { ['content-type']: contentType } = headers;
      const expected = signRequest(
        { accessKeyId: 'key', secretAccessKey: 'secret', region: 'eu-north-1' },
        {
          method: init?.method ?? 'GET',
          url,
          headers: contentType ? { 'content-type': contentType } : {},
          payloadHash: sha256Hex(body),
          now: now(),
        },
      );
      if (headers.authorization !== expected.headers.authorization || headers['x-amz-content-sha256'] !== sha256Hex(body)) {
        return new Response('SignatureDoesNotMatch', { status: 403 });
      }
      if (init?.method === 'PUT') objects.set(url.pathname, body);
      if (init?.method === 'DELETE') objects.delete(url.pathname);
      if (init?.method === 'GET') {
        const found = objects.get(url.pathname);
        return found ? new Response(new Uint8Array(found)) : new Response('NoSuchKey', { status: 404 });
      }
      return new Response(null, { status: 200 });
    }) as typeof fetch;

    const storage = createS3Storage({
      endpoint: 'http://localhost:9000',
      bucket: 'rudeplan',
      region: 'eu-north-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      pathStyle: true,
      prefix: 'media',
      fetch: fakeFetch,
      now,
    });
    await storage.put('orders/o1/a.jpg', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    expect(seen[0]).toMatchObject({ method: 'PUT', url: 'http://localhost:9000/rudeplan/media/orders/o1/a.jpg' });
    expect(seen[0]!.headers['x-amz-date']).toBe('20260310T080000Z');
    expect([...(await storage.get('orders/o1/a.jpg'))!]).toEqual([0xff, 0xd8, 0xff]);
    await storage.delete('orders/o1/a.jpg');
    expect(await storage.get('orders/o1/a.jpg')).toBeNull();
  });

  it('puts the bucket in the host name unless path style is asked for, and reports a refusal', async () => {
    const fakeFetch = (async () => new Response('<Error>AccessDenied</Error>', { status: 403 })) as typeof fetch;
    const urls: string[] = [];
    const storage = createS3Storage({
      endpoint: 'https://s3.eu-north-1.amazonaws.com',
      bucket: 'rudeplan',
      region: 'eu-north-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      pathStyle: false,
      fetch: ((input: URL | string, init?: RequestInit) => {
        urls.push(String(input));
        return fakeFetch(input, init);
      }) as typeof fetch,
    });
    await expect(storage.put('orders/o1/a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/S3 PUT orders\/o1\/a.jpg failed: 403/);
    expect(urls[0]).toBe('https://rudeplan.s3.eu-north-1.amazonaws.com/orders/o1/a.jpg');
  });
});
