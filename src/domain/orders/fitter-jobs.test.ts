import { describe, expect, it } from 'vitest';
import { fromCopenhagen } from '../lib/dates';
import { customerTelHref, fitterDays, jobAddress, nextJob } from './fitter-jobs';
import { emptyOrder, type TOrder } from './order.schemas';

function job(status: TOrder['additionalData']['orderStatus'], nr: string) {
  const order = emptyOrder();
  order.additionalData = { ...order.additionalData, orderStatus: status, orderNr: nr };
  return { order };
}

describe("the fitter's jobs", () => {
  it('today and tomorrow are Copenhagen days, also late in the evening and across a month', () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Copenhagen.
    expect(fitterDays(new Date('2026-11-30T23:30:00Z'))).toEqual({ today: '2026-12-01', tomorrow: '2026-12-02' });
    expect(fitterDays(fromCopenhagen(2026, 12, 31, 22))).toEqual({ today: '2026-12-31', tomorrow: '2027-01-01' });
    // The night summer time ends (25 October 2026) is 25 hours long.
    expect(fitterDays(fromCopenhagen(2026, 10, 25, 0, 30))).toEqual({ today: '2026-10-25', tomorrow: '2026-10-26' });
  });

  it('the next job is the first still to be done: finished, in review and on-hold jobs are passed over', () => {
    const jobs = [job('FINISHED', '1'), job('PENDING_REVIEW', '2'), job('ON_HOLD', '3'), job('PROCESSING', '4'), job('PROCESSING', '5')];
    expect(nextJob(jobs)?.order.additionalData.orderNr).toBe('4');
    expect(nextJob([job('SERVICE_CALL', '6')])?.order.additionalData.orderNr).toBe('6');
    expect(nextJob([job('FINISHED', '1')])).toBeNull();
  });

  it("is done at the customer's address for a mobile-service job, else at the workshop", () => {
    const order = emptyOrder();
    order.timeAndPlace.department = { ...order.timeAndPlace.department, address: 'Værkstedvej 1, 8000 Aarhus C', mobileService: false };
    order.timeAndPlace.mobileServiceLocation = { ...order.timeAndPlace.mobileServiceLocation, address: 'Kundevej 9, 8200 Aarhus N' };
    expect(jobAddress(order)).toBe('Værkstedvej 1, 8000 Aarhus C');
    order.timeAndPlace.department.mobileService = true;
    expect(jobAddress(order)).toBe('Kundevej 9, 8200 Aarhus N');
  });

  it('calls the customer with the prefix, +45 when none is stored', () => {
    const order = emptyOrder();
    expect(customerTelHref(order)).toBeNull();
    order.customer = { ...order.customer, phone: '12 34 56 78', phonePrefix: '' };
    expect(customerTelHref(order)).toBe('tel:+4512345678');
    order.customer.phonePrefix = '+46';
    expect(customerTelHref(order)).toBe('tel:+4612345678');
  });
});
