import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  CHANGE_KEY_HEADER,
  CLIENT_CHANGE_MESSAGES,
  REPLAYED_HEADER,
  RUNNING_RETRY_AFTER_SECONDS,
  decideResend,
  isChangingMethod,
  isTextContentType,
  keepsAnswer,
  parseChangeKey,
} from '@/domain/offline';
import { AppError } from '@/server/errors';
import * as repo from './client-changes.repo';

declare module 'fastify' {
  interface FastifyRequest {
    /** The change this request holds the claim of (its Idempotency-Key), until its answer is kept or the key freed. */
    clientChange: repo.ChangeRef | null;
  }
}

/** The answer's body as text, or null for one that cannot be kept as text (a stream). */
function payloadText(payload: unknown): string | null {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

/** Whether the client's connection broke before its request was in whole (Node's `aborted`, on HTTP/1 and HTTP/2). */
const requestAborted = (request: FastifyRequest) => (request.raw as { aborted?: boolean }).aborted === true;

const KEY_HEADER_DESCRIPTION =
  "The change's own UUID (a signed-in user's queued change): the first request with it runs and its answer (below 500) is kept 30 days; " +
  `a resend of the same method and path gets that answer again without running, with '${REPLAYED_HEADER}: true'; ` +
  `while the first runs 409 '${CLIENT_CHANGE_MESSAGES.running}' with Retry-After: ${RUNNING_RETRY_AFTER_SECONDS}; ` +
  `the key on another method or path 422 '${CLIENT_CHANGE_MESSAGES.keyReused}'; no UUID 400. A 5xx frees the key.`;

function replay(reply: FastifyReply, answer: repo.KeptAnswer): FastifyReply {
  reply.code(answer.status).header(REPLAYED_HEADER, 'true');
  if (answer.contentType) reply.header('content-type', answer.contentType);
  if (answer.etag) reply.header('etag', answer.etag);
  return reply.send(answer.body);
}

/**
 * Idempotency-Key (issue 38; the contract in notes/common.md): a signed-in user's POST, PUT, PATCH or DELETE under
 * /api with the header claims its (user, key) with one INSERT … ON CONFLICT DO NOTHING before its handler runs, so of
 * two requests with one key exactly one runs. The answer (below 500: status, content type, body, ETag) is kept before
 * it is sent; a resend of the same method and path gets it again without running, marked `Idempotent-Replayed: true`.
 * While the first runs a resend gets 409 with Retry-After; the key on another method or path 422; a key that is no
 * UUID 400. A 5xx, or a request whose connection broke before it was in, frees the key. Requests without the header,
 * and requests of no signed-in user, are untouched.
 *
 * The claim is made in preHandler: after the session is read and a JSON body checked (a body the schema refuses is
 * refused alike every time, claimed or not), before a multipart body is read by its handler.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    app.decorateRequest('clientChange', null);

    // The docs list the header on every change (the schema takes any text: a malformed key is refused below with its
    // own message, and a request of no signed-in user ignores it); every other header stays as sent.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || ![route.method].flat().some(isChangingMethod)) return;
      const keyHeader = { [CHANGE_KEY_HEADER]: z.string().optional().describe(KEY_HEADER_DESCRIPTION) };
      const own = route.schema?.headers;
      route.schema = { ...route.schema, headers: own instanceof z.ZodObject ? own.extend(keyHeader) : z.looseObject(keyHeader) };
    });

    app.addHook('preHandler', async (request, reply) => {
      if (!request.user || !isChangingMethod(request.method) || !request.url.startsWith('/api/')) return;
      const key = parseChangeKey(request.headers[CHANGE_KEY_HEADER]);
      if (key.kind === 'NONE') return;
      if (key.kind === 'MALFORMED') throw AppError.generic(400, CLIENT_CHANGE_MESSAGES.badKey);
      const ref = { userId: request.user.id, changeId: key.key };
      const change = { method: request.method.toUpperCase(), path: request.url };
      if (await repo.claimChange(app.db, ref, change)) {
        request.clientChange = ref;
        return;
      }
      const kept = await repo.findChange(app.db, ref);
      // Freed between the two statements (its first answered 5xx): this request claims it anew, or hears it runs.
      const decision = kept ? decideResend(kept, change, new Date()) : 'TAKE_OVER';
      if (decision === 'MISMATCH') throw AppError.generic(422, CLIENT_CHANGE_MESSAGES.keyReused);
      if (decision === 'REPLAY') return replay(reply, kept!.answer!);
      if (decision === 'TAKE_OVER' && (kept ? await repo.takeOverStaleChange(app.db, ref) : await repo.claimChange(app.db, ref, change))) {
        request.log.warn(
          { changeId: ref.changeId },
          kept ? 'a change claimed long ago without an answer runs again' : 'a freed change runs again',
        );
        request.clientChange = ref;
        return;
      }
      throw AppError.generic(409, CLIENT_CHANGE_MESSAGES.running, { 'retry-after': String(RUNNING_RETRY_AFTER_SECONDS) });
    });

    // Kept before the answer goes out, so an answer the client has seen is always there for its resend.
    app.addHook('onSend', async (request, reply, payload) => {
      const ref = request.clientChange;
      if (!ref) return payload;
      request.clientChange = null;
      const contentType = (reply.getHeader('content-type') as string | undefined) ?? null;
      const body = payloadText(payload);
      try {
        if (
          body !== null &&
          keepsAnswer({ status: reply.statusCode, requestAborted: requestAborted(request), text: isTextContentType(contentType) })
        ) {
          const etag = reply.getHeader('etag');
          await repo.keepAnswer(app.db, ref, { status: reply.statusCode, contentType, body, etag: typeof etag === 'string' ? etag : null });
        } else {
          await repo.freeChange(app.db, ref);
        }
      } catch (error) {
        // The answer still goes out; the claim stays without one until a resend takes it over (STALE_CLAIM_MS).
        request.log.error({ err: error, changeId: ref.changeId }, 'the answer of a change could not be kept');
      }
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
);
