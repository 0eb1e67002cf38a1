import { z } from 'zod';

/** The error body every API answer uses (`{status, type, message, errors, stackTrace}`). */
export const ERROR_TYPES = ['VALIDATION_ERROR', 'UNAUTHORIZED_ERROR', 'GENERIC_ERROR'] as const;
export type TErrorType = (typeof ERROR_TYPES)[number];

export const ZApiError = z.object({
  status: z.number().int(),
  type: z.enum(ERROR_TYPES),
  message: z.string(),
  /** VALIDATION_ERROR: Danish messages per field path (e.g. `customer.phone`); otherwise null. */
  errors: z.record(z.string(), z.array(z.string())).nullable(),
  /** Filled only outside production. */
  stackTrace: z.string().nullable(),
});
export type TApiError = z.infer<typeof ZApiError>;

/** A plain confirmation answer, e.g. `{message: 'User successfully logged out'}`. */
export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;

export const API_MESSAGES = {
  invalidCredentials: 'Invalid credentials.',
  loggedOut: 'User successfully logged out',
  passwordReset: 'Password successfully reset, check your registered device',
  userCreated: 'User successfully created',
  userUpdated: 'User succesfully updated',
  userDeleted: 'User succesfully deleted',
  deleted: 'Slettet',
  saved: 'Gemt',
  validation: 'Der er fejl i de indtastede oplysninger',
  notSignedIn: 'Du er ikke logget ind',
  forbidden: 'Du har ikke adgang til denne funktion',
  notFound: 'Ikke fundet',
  throttled: 'For mange forsøg. Vent et øjeblik, og prøv igen.',
  unexpected: 'Der opstod en uventet fejl',
  foreignOrigin: 'Forespørgslen kom fra en anden side og blev afvist',
  unsupportedMediaType: 'Forespørgslen skal sendes som JSON',
  invalidJson: 'Forespørgslen indeholder ugyldig JSON',
  databaseDown: 'Databasen svarer ikke',
  badRequest: 'Ugyldig forespørgsel',
  tooLarge: 'Forespørgslen er for stor',
  badUrl: 'Adressen er ugyldig',
  urlTooLong: 'Adressen er for lang',
  headersTooLarge: 'Adressen eller forespørgslens headere er for lange',
  timeout: 'Forespørgslen blev ikke modtaget i tide',
  invalidMultipart: 'Formularen kunne ikke læses',
} as const;
