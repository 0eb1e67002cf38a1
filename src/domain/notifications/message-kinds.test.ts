import { describe, expect, it } from 'vitest';
import { outboxKindLabel } from './message-kinds';

describe('outbox kinds', () => {
  it('names every kind the server writes in Danish, an SMS by its choice, and shows an unknown kind as written', () => {
    expect(outboxKindLabel('ORDER_CONFIRMATION')).toBe('Ordrebekræftelse');
    expect(outboxKindLabel('ORDER_EXPORT')).toBe('Ordre til ERP');
    expect(outboxKindLabel('TRANSFER_EXPORT')).toBe('Overflytning til ERP');
    expect(outboxKindLabel('STOCK_CORRECTION_EXPORT')).toBe('Lagerrettelse til ERP');
    expect(outboxKindLabel('SMS_ON_MY_WAY')).toBe('SMS: På vej');
    expect(outboxKindLabel('SMS_SOMETHING_NEW')).toBe('SMS_SOMETHING_NEW');
    expect(outboxKindLabel('PASSWORD_RESET')).toBe('Nulstilling af adgangskode');
  });
});
