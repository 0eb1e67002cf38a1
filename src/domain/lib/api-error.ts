import { z } from 'zod';
import { ERROR_TYPES } from './api-messages';

// The texts and error types live in a module without zod, so the browser's first script does not load zod for them
// (issue 11); they are exported from here too, where the server has always found them.
export { API_MESSAGES, ERROR_TYPES, type TErrorType } from './api-messages';

/** The error body every API answer uses (`{status, type, message, errors, stackTrace}`). */
export const ZApiError = z.object({
  status: z.number().int(),
  type: z.enum(ERROR_TYPES),
  message: z.string(),
  /** VALIDATION_ERROR: Danish messages per field path (e.g. `customer.phone`); a stale copy's 409: its `updateId` (versions.ts); otherwise null. */
  errors: z.record(z.string(), z.array(z.string())).nullable(),
  /** Filled only outside production. */
  stackTrace: z.string().nullable(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** A plain confirmation answer, e.g. `{message: 'User successfully logged out'}`. */
export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;
