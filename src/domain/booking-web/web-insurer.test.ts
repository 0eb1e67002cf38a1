import { describe, expect, it } from 'vitest';
import { webInsurerOf } from './booking-web';
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
