import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  findInvalidText,
  hasInvalidText,
  maskInvalidText,
  MESSAGES,
  requiredChoice,
  toFieldErrors,
  zOptionalDigits,
  zOptionalEmail,
  zOptionalPassword,
  zRequiredText,
} from './validation';

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

  it('says an unknown choice is not allowed, and a missing one that it is required', () => {
    const r = z.object({ a: z.enum(['A', 'B']), b: z.literal('B'), c: z.enum(['A']) }).safeParse({ a: 'C', b: 'C' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['a', 'Værdien er ikke tilladt'],
      ['b', 'Værdien er ikke tilladt'],
      ['c', 'Feltet er påkrævet'],
    ]);
    const worded = z.enum(['A'], { error: requiredChoice });
    expect(worded.safeParse('C').error?.issues[0]?.message).toBe('Værdien er ikke tilladt');
    expect(worded.safeParse('').error?.issues[0]?.message).toBe('Feltet er påkrævet');
    expect(worded.safeParse(undefined).error?.issues[0]?.message).toBe('Feltet er påkrævet');
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

describe('text no field may hold', () => {
  it('is a NUL character or half a surrogate pair, not a whole pair', () => {
    expect(hasInvalidText('a\u0000b')).toBe(true);
    expect(hasInvalidText('a\uD800b')).toBe(true);
    expect(hasInvalidText('\uDC00')).toBe(true);
    expect(hasInvalidText('a\uD83D')).toBe(true);
    expect(hasInvalidText('ræv 😀 \t\n')).toBe(false);
    expect(maskInvalidText('a\u0000b\uD800😀')).toBe('a\uFFFDb\uFFFD😀');
  });

  it('names every place in a parsed body that holds one, keys included', () => {
    const body = { name: 'Ida', customer: { phone: '1\u00002', notes: ['ok', 'x\uDFFF'] }, ['k\u0000']: 1, n: 5, f: null };
    expect(findInvalidText(body).sort()).toEqual(['customer.notes.1', 'customer.phone', 'k\uFFFD']);
    expect(findInvalidText('\u0000')).toEqual(['']);
    expect(findInvalidText({ ok: 'fine', list: [1, true, null] })).toEqual([]);
    expect(findInvalidText(undefined)).toEqual([]);
  });

  it('walks a deeply nested body without recursion, and stops after a limit', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInvalidText(deep)[0]).toMatch(/^0(\.0)+$/);
    expect(
      findInvalidText(
        Array.from({ length: 50 }, () => '\u0000'),
        20,
      ),
    ).toHaveLength(20);
  });
});
