import { describe, expect, it } from 'vitest';
import { maskSecret, OUTBOX_SECRET_PLACEHOLDER, revealSecret } from '../outbox';
import { newUserPasswordMessage, resetChannel, resetCodeMessage, resetLinkMessage, resetPasswordLink } from './user-messages';

const ole = { name: 'Ole Pedersen', initials: 'OP' };

describe('password texts', () => {
  it('never hold the secret, only the place for it', () => {
    for (const message of [newUserPasswordMessage(ole), resetCodeMessage(ole), resetLinkMessage(ole, resetPasswordLink('https://x.dk'))]) {
      expect(message.text).toContain(OUTBOX_SECRET_PLACEHOLDER);
    }
  });

  it('carry the link to the reset page with the token, and the code', () => {
    const link = resetPasswordLink('https://rudeplan.example.dk/');
    expect(revealSecret(link, 'tok_en-1')).toBe('https://rudeplan.example.dk/reset-password?token=tok_en-1');
    expect(revealSecret(resetCodeMessage(ole).text, '123456')).toBe(
      'Hej Ole. Din kode til ny adgangskode i Rudeplan (OP): 123456. Den gælder i 30 min. Har du ikke bedt om den, så se bort fra beskeden.',
    );
    expect(maskSecret(resetLinkMessage(ole, link).text)).toContain('https://rudeplan.example.dk/reset-password?token=••••••');
  });

  it('keep a code SMS within one message', () => {
    expect(
      revealSecret(resetCodeMessage({ name: 'Marianne Kristoffersen', initials: 'MKRIST' }).text, '123456').length,
    ).toBeLessThanOrEqual(160);
  });
});

describe('reset channel', () => {
  const both = { allowSms: true, phone: '20338899', allowEmail: true, email: 'op@rudeplan.dk' };

  it('follows what was typed when the user allows that channel', () => {
    expect(resetChannel(both, 'op@rudeplan.dk')).toBe('EMAIL');
    expect(resetChannel(both, '+45 20 33 88 99')).toBe('SMS');
  });

  it('falls back to the other allowed channel, or none', () => {
    expect(resetChannel({ ...both, allowSms: false }, '20338899')).toBe('EMAIL');
    expect(resetChannel({ ...both, allowEmail: false }, 'op@rudeplan.dk')).toBe('SMS');
    expect(resetChannel({ ...both, allowSms: false, allowEmail: false }, 'op@rudeplan.dk')).toBeNull();
  });
});
