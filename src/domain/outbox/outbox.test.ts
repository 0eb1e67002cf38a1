import { describe, expect, it } from 'vitest';
import { deliveryOutcome, maskSecret, OUTBOX_SECRET_PLACEHOLDER, outboxRetryDelayMs, revealSecret } from './outbox';

describe('outbox back-off', () => {
  it('doubles from 30 s and stops at one hour', () => {
    expect(outboxRetryDelayMs(1)).toBe(30_000);
    expect(outboxRetryDelayMs(2)).toBe(60_000);
    expect(outboxRetryDelayMs(3)).toBe(120_000);
    expect(outboxRetryDelayMs(20)).toBe(3_600_000);
  });
});

describe('outbox secrets', () => {
  const text = `Din kode er ${OUTBOX_SECRET_PLACEHOLDER}.`;

  it('puts the secret in for the adapter, taken literally', () => {
    expect(revealSecret(text, '123456')).toBe('Din kode er 123456.');
    expect(revealSecret(text, 'a$&b$1')).toBe('Din kode er a$&b$1.');
  });

  it('masks it for Udbakke', () => {
    expect(maskSecret(text)).toBe('Din kode er ••••••.');
    expect(maskSecret('Ingen hemmelighed')).toBe('Ingen hemmelighed');
  });
});

describe('deliveryOutcome', () => {
  it('names the provider report once there is one, and a message the outbox gave up on as failed', () => {
    expect(deliveryOutcome({ status: 'PENDING', deliveryStatus: '' })).toBe('PENDING');
    expect(deliveryOutcome({ status: 'SENDING', deliveryStatus: '' })).toBe('PENDING');
    expect(deliveryOutcome({ status: 'SENT', deliveryStatus: '' })).toBe('SENT');
    expect(deliveryOutcome({ status: 'KEPT', deliveryStatus: '' })).toBe('KEPT');
    expect(deliveryOutcome({ status: 'SENT', deliveryStatus: 'DELIVERED' })).toBe('DELIVERED');
    expect(deliveryOutcome({ status: 'SENT', deliveryStatus: 'UNDELIVERED' })).toBe('FAILED');
    expect(deliveryOutcome({ status: 'FAILED', deliveryStatus: '' })).toBe('FAILED');
  });
});
