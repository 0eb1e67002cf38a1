import type { TErrorType } from '@/domain/lib/api-error';
import type { FieldErrors } from '@/domain/lib/validation';
import { STALE_COPY_MESSAGES } from '@/domain/lib/versions';

/** The one error type: every refusal the API gives is one of these. */
export class AppError extends Error {
  constructor(
    readonly type: TErrorType,
    readonly status: number,
    message: string,
    readonly errors: FieldErrors | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(errors: FieldErrors, message = 'Der er fejl i de indtastede oplysninger'): AppError {
    return new AppError('VALIDATION_ERROR', 400, message, errors);
  }

  /** One field's message, the common case for a rule checked in a service. */
  static field(path: string, message: string): AppError {
    return AppError.validation({ [path]: [message] }, message);
  }

  static unauthorized(message: string): AppError {
    return new AppError('UNAUTHORIZED_ERROR', 401, message);
  }

  static forbidden(message: string): AppError {
    return new AppError('UNAUTHORIZED_ERROR', 403, message);
  }

  static notFound(message: string): AppError {
    return new AppError('GENERIC_ERROR', 404, message);
  }

  static conflict(message: string): AppError {
    return new AppError('GENERIC_ERROR', 409, message);
  }

  /** A save of a copy read before another save (db/versioned.ts): 409, its message also under `updateId`. */
  static staleCopy(message: string): AppError {
    return new AppError('GENERIC_ERROR', 409, message, { updateId: [message] });
  }

  static generic(status: number, message: string, headers: Record<string, string> = {}): AppError {
    return new AppError('GENERIC_ERROR', status, message, null, headers);
  }
}

/**
 * The version a save of an existing object names (the `updateId` it was read with): without one the save is
 * refused (400), since it could not tell whether it writes over another's change.
 */
export function requireVersion(updateId: string | undefined): string {
  if (!updateId) throw AppError.field('updateId', STALE_COPY_MESSAGES.missing);
  return updateId;
}

/** A versioned save's outcome (db/versioned.ts) as the API answers it: 409 for a stale copy, 404 for no such row. */
export function assertSaved(outcome: 'SAVED' | 'STALE' | 'MISSING', messages: { stale: string; notFound: string }): void {
  if (outcome === 'STALE') throw AppError.staleCopy(messages.stale);
  if (outcome === 'MISSING') throw AppError.notFound(messages.notFound);
}
