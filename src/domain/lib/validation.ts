import { config, z } from 'zod';

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

/** Messages the spec's table has no word for, in the same voice. */
export const INPUT_MESSAGES = {
  /** A value that is not one of a field's choices (an unknown enum value, a wrong literal). */
  notAllowed: 'Værdien er ikke tilladt',
  /** A NUL character or half a UTF-16 surrogate pair: no text can hold it (see `findInvalidText`). */
  invalidText: 'Feltet indeholder ugyldige tegn',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DIGITS_RE = /^\d+$/;

/**
 * Danish fall-back messages for any rule a schema did not word itself,
 * so no English zod text reaches a user.
 */
config({
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
        return requiredChoice(issue);
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

/**
 * The error option of a required choice (`z.enum(VALUES, { error: requiredChoice })`): a missing value is
 * 'Feltet er påkrævet', an unknown one 'Værdien er ikke tilladt' (a plain string would say the first for both).
 */
export function requiredChoice(issue: { input?: unknown }): string {
  return issue.input === undefined || issue.input === null || issue.input === '' ? MESSAGES.required : INPUT_MESSAGES.notAllowed;
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

/** A lone half of a UTF-16 surrogate pair (what `\uD800` in JSON gives): no character, and no database stores it. */
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a character no field may: NUL (PostgreSQL refuses it in text) or a lone surrogate. */
export function hasInvalidText(text: string): boolean {
  return text.includes('\0') || LONE_SURROGATE_RE.test(text);
}

const INVALID_TEXT_RE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A text with U+FFFD in place of each character `hasInvalidText` refuses (to name a bad key in an answer). */
export function maskInvalidText(text: string): string {
  return text.replace(INVALID_TEXT_RE, '\uFFFD');
}

/**
 * The field paths (dot-joined, as the error body keys them) of every text in a parsed value (object keys
 * included) that holds a NUL or a lone surrogate; one pass, no recursion (a body may nest deeply).
 * A bad key is shown with U+FFFD in its place. Stops after `limit` paths.
 */
export function findInvalidText(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0 && found.length < limit) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (hasInvalidText(node)) found.push(path);
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], path ? `${path}.${i}` : String(i)]);
    } else if (node !== null && typeof node === 'object' && !ArrayBuffer.isView(node)) {
      const keys = Object.keys(node);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const shown = hasInvalidText(key) ? maskInvalidText(key) : key;
        const at = path ? `${path}.${shown}` : shown;
        if (shown !== key) found.push(at);
        else stack.push([(node as Record<string, unknown>)[key], at]);
      }
    }
  }
  return found;
}

/**
 * The version a save names (see versions.ts): the `updateId` the object was read with. Left out only when the save
 * creates; a malformed one is refused here, before it reaches the database.
 */
export function zUpdateId() {
  return z.uuid({ error: 'Ugyldig version (updateId)' }).optional();
}
