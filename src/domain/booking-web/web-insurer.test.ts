import { describe, expect, it } from 'vitest';
import { webInsurerOf, ZWebBook } from './booking-web';
import { WEB_BOOKING_MESSAGES, WEB_INSURER_UNKNOWN } from './booking-web-texts';

/** The insurer a web booking names (issue 41): one from the list when insurance pays. */
describe('the web booking insurer', () => {
  const offered = ['Alm. Brand', 'Topdanmark', 'Tryg'];

  it('takes an insurer of the list, as the list spells it', () => {
    expect(webInsurerOf('INSURANCE', 'Tryg', offered)).toEqual({ insurer: 'Tryg' });
    expect(webInsurerOf('INSURANCE', ' alm. brand ', offered)).toEqual({ insurer: 'Alm. Brand' });
  });

  it("takes 'Ved ikke / andet' as no insurer named", () => {
    expect(webInsurerOf('INSURANCE', WEB_INSURER_UNKNOWN, offered)).toEqual({ insurer: null });
  });

  it('refuses an empty or unknown insurer when insurance pays', () => {
    expect(webInsurerOf('INSURANCE', '', offered)).toEqual({ error: WEB_BOOKING_MESSAGES.insurer });
    expect(webInsurerOf('INSURANCE', 'Forsikring Der Ikke Findes', offered)).toEqual({ error: WEB_BOOKING_MESSAGES.insurer });
    expect(webInsurerOf('INSURANCE', 'Tryg', [])).toEqual({ error: WEB_BOOKING_MESSAGES.insurer });
  });

  it('names no insurer when the customer or a leasing company pays, whatever was sent', () => {
    expect(webInsurerOf('CASH', 'Tryg', offered)).toEqual({ insurer: null });
    expect(webInsurerOf('LEASING', 'Noget andet', offered)).toEqual({ insurer: null });
  });
});

describe('the web booking form when the insurer pays', () => {
  const valid = {
    registrationNumber: 'AB12345',
    job: 'REPAIR',
    zipCode: '8000',
    place: { departmentId: '00000000-0000-4000-8000-000000000001', slotId: '00000000-0000-4000-8000-000000000002', date: '2026-12-08' },
    payer: 'INSURANCE',
    insurer: 'Tryg',
    name: 'Kunde',
    phone: '20304050',
    email: 'kunde@example.dk',
    address: 'Vestergade 1',
    allowSms: true,
    privacyAccepted: true,
  };

  it("asks for the customer's e-mail (the insurer's order has it), and only then", () => {
    expect(ZWebBook.safeParse(valid).success).toBe(true);
    const issue = ZWebBook.safeParse({ ...valid, email: '' }).error?.issues[0];
    expect(issue?.message).toBe(WEB_BOOKING_MESSAGES.emailForInsurance);
    expect(issue?.path).toEqual(['email']);
    expect(ZWebBook.safeParse({ ...valid, payer: 'CASH', email: '' }).success).toBe(true);
  });
});
