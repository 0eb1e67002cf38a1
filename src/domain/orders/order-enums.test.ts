import { describe, expect, it } from 'vitest';
import { CAPACITY_STATUSES, isNotYetBooked, NOT_BOOKED_STATUSES, ORDER_STATUSES } from './order-enums';

describe('not yet booked', () => {
  it('is a draft, an offer or an offer request, and no other status', () => {
    expect(ORDER_STATUSES.filter((status) => isNotYetBooked(status))).toEqual(['DRAFT', 'OFFER', 'OFFER_REQUEST']);
    expect(NOT_BOOKED_STATUSES).toEqual(['DRAFT', 'OFFER', 'OFFER_REQUEST']);
  });

  it('takes a status read as text and never counts a not-yet-booked order on a slot', () => {
    expect(isNotYetBooked('OFFER')).toBe(true);
    expect(isNotYetBooked('')).toBe(false);
    expect(CAPACITY_STATUSES.some((status) => isNotYetBooked(status))).toBe(false);
  });
});
