/**
 * The API's fixed texts and error types, without zod: the browser's shell uses them (e.g. 'Log ud'), and zod is
 * loaded only with a form (issue 11). The error body's schema, `ZApiError`, is in api-error.ts.
 */
export const ERROR_TYPES = ['VALIDATION_ERROR', 'UNAUTHORIZED_ERROR', 'GENERIC_ERROR'] as const;
export type TErrorType = (typeof ERROR_TYPES)[number];

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
  tooDeep: 'Forespørgslen er for dybt indlejret',
  badUrl: 'Adressen er ugyldig',
  urlTooLong: 'Adressen er for lang',
  headersTooLarge: 'Adressen eller forespørgslens headere er for lange',
  timeout: 'Forespørgslen blev ikke modtaget i tide',
  invalidMultipart: 'Formularen kunne ikke læses',
} as const;
