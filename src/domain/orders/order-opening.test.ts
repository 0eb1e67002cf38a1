import { describe, expect, it } from 'vitest';
import { opensInBookingStep } from './order-opening';

describe('opensInBookingStep', () => {
  it('is true for an offer and an offer request only', () => {
    expect(opensInBookingStep('OFFER')).toBe(true);
    expect(opensInBookingStep('OFFER_REQUEST')).toBe(true);
    for (const status of ['DRAFT', 'PROCESSING', 'FINISHED'] as const) expect(opensInBookingStep(status)).toBe(false);
  });
});
