import fp from 'fastify-plugin';
import { addFieldError, findInvalidText, hasInvalidText, INPUT_MESSAGES, type FieldErrors } from '@/domain/lib/validation';
import { AppError } from '@/server/errors';

function refusal(paths: Iterable<string>): AppError {
  const errors: FieldErrors = {};
  for (const path of paths) addFieldError(errors, path, INPUT_MESSAGES.invalidText);
  return AppError.validation(errors);
}

/**
 * No text the API takes may hold a NUL character or a lone UTF-16 surrogate: PostgreSQL refuses NUL in text,
 * and a lone surrogate is no character at all. They are refused once, here, for every route, before any schema or
 * handler sees them: 400 VALIDATION_ERROR with 'Feltet indeholder ugyldige tegn' under each field's path.
 * Headers are checked when the request arrives (Node's parser lets no NUL through, but inject does); path
 * parameters, the query and the parsed JSON body in one pass before validation. Multipart text is checked by
 * `readMultipart`, which reads those bodies.
 */
export const textGuardPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const bad: string[] = [];
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string' ? hasInvalidText(value) : Array.isArray(value) && value.some(hasInvalidText))
          bad.push(`headers.${name}`);
      }
      done(bad.length > 0 ? refusal(bad) : undefined);
    });

    app.addHook('preValidation', (request, _reply, done) => {
      const bad = [...findInvalidText(request.params), ...findInvalidText(request.query), ...findInvalidText(request.body)];
      done(bad.length > 0 ? refusal(bad) : undefined);
    });
  },
  { name: 'text-guard' },
);
