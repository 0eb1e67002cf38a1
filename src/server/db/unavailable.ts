/**
 * Whether an error means the database cannot be reached (it is down, restarting, or the connection to it was
 * lost), as opposed to a fault in the statement or the data. Such a request is answered 503 'Databasen svarer
 * ikke', never 500: the client may try again once the database is back.
 */

/** How long a client is asked to wait (Retry-After, seconds) while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a lost or refused connection: class 08 but for 08P01 (a protocol violation is a fault in what was
 * sent), the server shutting down or starting, too many clients.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What Node's sockets say when the server is not there. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

/** node-postgres's own words for a connection that is gone (pg's client.js and pg-pool). */
const LOST_CONNECTION = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

function isUnavailableItself(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if ((code.startsWith('08') && code !== '08P01') || UNAVAILABLE_SQLSTATES.has(code) || SOCKET_CODES.has(code)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return LOST_CONNECTION.some((pattern) => pattern.test(message));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error (DrizzleQueryError, `cause`); a dual-stack connect reports an AggregateError.
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const next = queue.shift();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    // The HTTP integrations (S3, SMS, ERP, geocoding) use fetch: a refused connection under its 'fetch failed' is theirs.
    if (next instanceof TypeError && next.message === 'fetch failed') continue;
    if (isUnavailableItself(next as { code?: unknown; message?: unknown })) return true;
    queue.push((next as { cause?: unknown }).cause);
    const inner = (next as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
  return false;
}
