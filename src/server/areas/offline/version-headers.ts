import type { FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_VERSION_MESSAGES, formatEtag, parseIfMatch, type TIfMatch } from '@/domain/offline/order-version';
import { AppError } from '@/server/errors';

/** The order version a change names in If-Match (null: none, the change behaves as before); 400 for a malformed one. */
export function ifMatchOf(request: FastifyRequest): TIfMatch | null {
  const ifMatch = parseIfMatch(request.headers['if-match']);
  if (ifMatch === 'MALFORMED') throw AppError.generic(400, ORDER_VERSION_MESSAGES.badIfMatch);
  return ifMatch;
}

/** Sends the order's version as the answer's ETag (which the device's next change names in If-Match). */
export function sendOrderVersion(reply: FastifyReply, version: string): void {
  reply.header('etag', formatEtag(version));
}
