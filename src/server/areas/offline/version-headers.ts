import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ORDER_VERSION_MESSAGES, formatEtag, parseIfMatch, type TIfMatch } from '@/domain/offline';
import { AppError } from '@/server/errors';

/**
 * The If-Match header of the changes that answer the order's version (for the docs; a malformed value is refused by
 * ifMatchOf with its own message, so the schema takes any text). Loose: every other header stays as sent.
 */
export const ZOrderVersionHeaders = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe(
      `The order's version the change was made on, as an ETag gave it ("…"): another version is refused with 409 '${ORDER_VERSION_MESSAGES.changed}' and nothing is saved. The answer's ETag is the version after the change.`,
    ),
});

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
