import type { TErrorType } from '@/domain/lib/api-error';
import type { FieldErrors } from '@/domain/lib/validation';

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

  static generic(status: number, message: string, headers: Record<string, string> = {}): AppError {
    return new AppError('GENERIC_ERROR', status, message, null, headers);
  }
}
