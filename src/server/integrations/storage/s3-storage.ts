import type { FileStorage } from './file-storage';
import { assertKey } from './file-storage';
import { sha256Hex, signRequest, uriEncode } from './sigv4';

export interface S3Options {
  /** https://s3.eu-north-1.amazonaws.com, http://localhost:9000 (MinIO), … */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO and most compatible stores) instead of in the host name. */
  pathStyle: boolean;
  /** Put every key under this folder of the bucket. */
  prefix?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** An S3-compatible bucket through plain fetch and SigV4 (no SDK). */
export function createS3Storage(options: S3Options): FileStorage {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const base = new URL(options.endpoint);
  const prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';

  function objectUrl(key: string): URL {
    assertKey(key);
    const objectPath = uriEncode(`${prefix}${key}`, true);
    const basePath = base.pathname.replace(/\/+$/, '');
    if (options.pathStyle) return new URL(`${base.protocol}//${base.host}${basePath}/${options.bucket}/${objectPath}`);
    return new URL(`${base.protocol}//${options.bucket}.${base.host}${basePath}/${objectPath}`);
  }

  async function call(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array, contentType?: string): Promise<Response> {
    const url = objectUrl(key);
    const extra: Record<string, string> = {};
    if (contentType) extra['content-type'] = contentType;
    const signed = signRequest(
      { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region: options.region },
      { method, url, headers: extra, payloadHash: sha256Hex(body ?? new Uint8Array()), now: now() },
    );
    const { host: _host, ...headers } = signed.headers;
    return doFetch(url, { method, headers, body: body ? Buffer.from(body) : undefined, signal: AbortSignal.timeout(30_000) });
  }

  async function fail(response: Response, what: string): Promise<never> {
    const text = await response.text().catch(() => '');
    throw new Error(`S3 ${what} failed: ${response.status} ${text.slice(0, 300)}`);
  }

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const response = await call('PUT', key, bytes, contentType);
      if (!response.ok) await fail(response, `PUT ${key}`);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await call('GET', key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) await fail(response, `GET ${key}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await call('DELETE', key);
      if (!response.ok && response.status !== 404) await fail(response, `DELETE ${key}`);
      await response.arrayBuffer();
    },
  };
}
