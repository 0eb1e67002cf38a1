import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { API_MESSAGES, type TApiError, type TErrorType } from '@/domain/lib/api-error';
import { addFieldError, type FieldErrors } from '@/domain/lib/validation';
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
            : status === 404
              ? API_MESSAGES.notFound
              : status === 413
                ? 'Forespørgslen er for stor'
                : 'Ugyldig forespørgsel';
      return reply.code(status).send(body(status, 'GENERIC_ERROR', message, null, stackOf(error)));
    });
  },
  { name: 'error-handler' },
);

export function notFoundBody(): TApiError {
  return body(404, 'GENERIC_ERROR', API_MESSAGES.notFound, null, null);
}
