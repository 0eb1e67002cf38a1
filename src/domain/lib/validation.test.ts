import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES, toFieldErrors, zOptionalDigits, zOptionalEmail, zOptionalPassword, zRequiredText } from './validation';

describe('validation helpers', () => {
  it('words required fields as the spec does', () => {
    const r = zRequiredText().safeParse('   ');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Feltet er påkrævet');
    expect(zRequiredText().safeParse(undefined).error?.issues[0]?.message).toBe('Feltet er påkrævet');
  });

  it('lets empty optional values pass the number, e-mail and password rules', () => {
    expect(zOptionalEmail().parse('')).toBe('');
    expect(zOptionalDigits().parse(null)).toBe('');
    expect(zOptionalPassword().parse(undefined)).toBe('');
  });

  it('refuses wrong values with the Danish messages', () => {
    expect(zOptionalEmail().safeParse('nope').error?.issues[0]?.message).toBe(MESSAGES.email);
    expect(zOptionalDigits().safeParse('12a').error?.issues[0]?.message).toBe(MESSAGES.number);
    expect(zOptionalPassword().safeParse('12345').error?.issues[0]?.message).toBe(MESSAGES.password);
    expect(zRequiredText(3).safeParse('abcd').error?.issues[0]?.message).toBe('Maksimum 3 tegn krævet');
  });

  it('never leaks English zod texts for unworded rules', () => {
    const r = z.object({ a: z.string(), b: z.number() }).safeParse({ b: 'x' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Feltet er påkrævet', 'Ugyldig værdi']);
  });

  it('groups messages per field path', () => {
    expect(
      toFieldErrors([
        { path: ['name'], message: 'A' },
        { path: ['name'], message: 'A' },
        { path: ['address', 'zip'], message: 'B' },
        { path: [], message: 'C' },
      ]),
    ).toEqual({ name: ['A'], 'address.zip': ['B'], _: ['C'] });
  });
});
