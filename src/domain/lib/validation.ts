import { z } from 'zod';

/** The generic rules table of document 1 section 5, word for word. */
export const MESSAGES = {
  required: 'Feltet er påkrævet',
  minLength: (n: number) => `Minimum ${n} tegn krævet`,
  maxLength: (n: number) => `Maksimum ${n} tegn krævet`,
  number: 'Feltet skal være et tal',
  email: 'Feltet skal være en email',
  password: 'Kodeordet skal indeholde minimum 6 karakter',
  match: 'Felterne stemmer ikke overens',
  oneOf: 'Pick one of the options',
  date: 'Field must be a date dd/MM-YYYY',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DIGITS_RE = /^\d+$/;

/**
 * Danish fall-back messages for any rule a schema did not word itself,
 * so no English zod text reaches a user.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? MESSAGES.required : 'Ugyldig værdi';
      case 'too_small':
        if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? MESSAGES.required : MESSAGES.minLength(Number(issue.minimum));
        if (issue.origin === 'array') return MESSAGES.required;
        return `Værdien skal være mindst ${issue.minimum}`;
      case 'too_big':
        if (issue.origin === 'string') return MESSAGES.maxLength(Number(issue.maximum));
        return `Værdien må højst være ${issue.maximum}`;
      case 'invalid_format':
        return issue.format === 'email' ? MESSAGES.email : 'Ugyldigt format';
      case 'invalid_value':
        return 'Ugyldig værdi';
      case 'unrecognized_keys':
        return 'Ukendte felter';
      default:
        return 'Ugyldig værdi';
    }
  },
});

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}

export function isDigits(value: string): boolean {
  return DIGITS_RE.test(value);
}

/** A required text field: trimmed, not empty. */
export function zRequiredText(max = 255) {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(max, { error: MESSAGES.maxLength(max) });
}

/** An optional text field: missing or null becomes ''. */
export function zOptionalText(max = 255) {
  return z
    .string()
    .trim()
    .max(max, { error: MESSAGES.maxLength(max) })
    .nullish()
    .transform((v) => v ?? '');
}

/** Optional e-mail: empty passes (the spec's rule for empty optional values). */
export function zOptionalEmail() {
  return zOptionalText(254).refine((v) => v === '' || isEmail(v), { error: MESSAGES.email });
}

/** Optional digits-only value: empty passes. */
export function zOptionalDigits(max = 20) {
  return zOptionalText(max).refine((v) => v === '' || isDigits(v), { error: MESSAGES.number });
}

/** Optional password: empty passes, otherwise at least 6 characters. */
export function zOptionalPassword() {
  return z
    .string()
    .max(200, { error: MESSAGES.maxLength(200) })
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || v.length >= PASSWORD_MIN_LENGTH, { error: MESSAGES.password });
}

export type FieldErrors = Record<string, string[]>;

/** Adds a message under a field once; `_` holds messages about the whole form. */
export function addFieldError(errors: FieldErrors, key: string, message: string): void {
  const list = (errors[key || '_'] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** Per-field messages for the error body; the key is the field path joined by dots. */
export function toFieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) addFieldError(errors, issue.path.map(String).join('.'), issue.message);
  return errors;
}
