import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface FakeS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** Every object, by '<bucket>/<key>'. */
  objects: Map<string, StoredObject>;
  close(): Promise<void>;
}

/**
 * A path-style S3 endpoint in the test process (PUT, GET and DELETE of objects) for the app's own S3 client:
 * it refuses a request without a SigV4 Authorization header, and keeps the objects in memory.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const name = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname.slice(1));
      const reply = (status: number, body: string | Buffer = '', type = 'application/xml') => {
        response.writeHead(status, { 'content-type': type });
        response.end(body);
      };
      if (!String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential='))
        return reply(403, '<Error><Code>AccessDenied</Code></Error>');
      if (request.method === 'PUT') {
        objects.set(name, { body: Buffer.concat(chunks), contentType: String(request.headers['content-type'] ?? '') });
        return reply(200);
      }
      const found = objects.get(name);
      if (request.method === 'GET')
        return found ? reply(200, found.body, found.contentType) : reply(404, '<Error><Code>NoSuchKey</Code></Error>');
      if (request.method === 'DELETE') {
        objects.delete(name);
        return reply(204);
      }
      return reply(405);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
