import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { API_MESSAGES, type TApiError, type TErrorType } from '@/domain/lib/api-error';
import { addFieldError, type FieldErrors } from '@/domain/lib/validation';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@/server/db/unavailable';
import { AppError } from '@/server/errors';

function body(status: number, type: TErrorType, message: string, errors: FieldErrors | null, stack: string | null): TApiError {
  return { status, type, message, errors, stackTrace: stack };
}

/** Turns the validator's `/customer/phone` paths into the `customer.phone` keys the client shows. */
function fieldErrors(validation: ReadonlyArray<{ instancePath: string; message?: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    addFieldError(errors, issue.instancePath.replace(/^\//, '').replace(/\//g, '.'), issue.message ?? API_MESSAGES.validation);
  }
  return errors;
}

/** One error handler: every failure answers `{status, type, message, errors, stackTrace}`. */
export const errorHandlerPlugin = fp(
  async (app, options: { exposeStack: boolean }) => {
    const stackOf = (error: Error) => (options.exposeStack ? (error.stack ?? null) : null);

    app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        reply.headers(error.headers);
        return reply.code(error.status).send(body(error.status, error.type, error.message, error.errors, stackOf(error)));
      }
      if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(error.validation)) {
        const errors = fieldErrors(error.validation ?? []);
        return reply.code(400).send(body(400, 'VALIDATION_ERROR', API_MESSAGES.validation, errors, stackOf(error)));
      }
      if (isResponseSerializationError(error as FastifyError & { method?: string })) {
        request.log.error({ err: error, issues: (error.cause as { issues?: unknown })?.issues }, 'response does not match its schema');
        return reply.code(500).send(body(500, 'GENERIC_ERROR', API_MESSAGES.unexpected, null, stackOf(error)));
      }
      if (isDatabaseUnavailable(error)) {
        // The database is down or restarting: the same answer for every route. A change is one statement or one
        // transaction, so it was made whole or not at all (only a connection lost during its commit leaves the
        // client unsure which).
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.code(503).send(body(503, 'GENERIC_ERROR', API_MESSAGES.databaseDown, null, null));
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send(body(500, 'GENERIC_ERROR', API_MESSAGES.unexpected, null, stackOf(error)));
      }
      const message =
        status === 415
          ? API_MESSAGES.unsupportedMediaType
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError
            ? API_MESSAGES.invalidJson
            : messageFor(status);
      return reply.code(status).send(body(status, 'GENERIC_ERROR', message, null, stackOf(error)));
    });
  },
  { name: 'error-handler' },
);

/** The Danish message of a refusal that says no more than its status. */
function messageFor(status: number): string {
  switch (status) {
    case 404:
      return API_MESSAGES.notFound;
    case 408:
      return API_MESSAGES.timeout;
    case 413:
      return API_MESSAGES.tooLarge;
    case 414:
      return API_MESSAGES.urlTooLong;
    case 431:
      return API_MESSAGES.headersTooLarge;
    default:
      return status >= 500 ? API_MESSAGES.unexpected : API_MESSAGES.badRequest;
  }
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs, a path parameter over
 * `maxParamLength` (414) and a path that is no valid percent-encoding (400), answered in the error shape.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 500);
  const message = error.code === 'FST_ERR_BAD_URL' ? API_MESSAGES.badUrl : messageFor(status);
  if (status >= 500) request.log.error({ err: error }, 'router failed');
  else request.log.info({ code: error.code }, 'url refused');
  void reply
    .code(status)
    .header('x-content-type-options', 'nosniff')
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(body(status, 'GENERIC_ERROR', message, null, null)));
}

/** How long a refused connection may keep sending (what it sends is read and dropped) before it is closed. */
const LINGER_MS = 1000;

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request, a request
 * line and headers over `maxHeaderSize` (431), a request not received within `requestTimeout` (408) or bytes
 * that are no HTTP (400), answered in the error shape at once. The connection is ended rather than destroyed,
 * and what the client still sends is drained for a moment, so the answer is not lost to a TCP reset.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // Node reports every later chunk of a refused connection again: the first report answers.
  if (error.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  this.log.info({ code: error.code }, 'client error');
  // As Node itself does: no answer in the middle of one already being written on this connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (socket.writable && !inFlight) {
    const payload = JSON.stringify(body(status, 'GENERIC_ERROR', messageFor(status), null, null));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.on('error', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

export function notFoundBody(): TApiError {
  return body(404, 'GENERIC_ERROR', API_MESSAGES.notFound, null, null);
}
