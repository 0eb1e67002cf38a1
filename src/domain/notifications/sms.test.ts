import { describe, expect, it } from 'vitest';
import { emptyOrder, type TOrder } from '../orders';
import { offerReminderDue, smsAllowed, smsRefusal, smsText } from './sms';

function order(change: (o: TOrder) => void = () => {}): TOrder {
  const o = emptyOrder();
  o.additionalData.orderNr = '100123';
  o.additionalData.orderStatus = 'PROCESSING';
  o.customer.name = 'Jens Hansen';
  o.customer.phone = '22334455';
  o.customer.allowSms = true;
  o.timeAndPlace.department.name = 'Aarhus';
  o.timeAndPlace.date = '2026-12-14T00:00:00';
  change(o);
  return o;
}
const CS = ['CustomerService'];

describe('smsRefusal', () => {
  it('needs a customer who allows SMS and has a phone', () => {
    expect(smsRefusal(order(), 'ARRIVE_BETWEEN_8_12', CS)).toBeNull();
    expect(
      smsRefusal(
        order((o) => (o.customer.allowSms = false)),
        'ARRIVE_BETWEEN_8_12',
        CS,
      ),
    ).toBe('Kunden har ikke tilladt SMS');
    expect(
      smsRefusal(
        order((o) => (o.customer.phone = '')),
        'ARRIVE_BETWEEN_8_12',
        CS,
      ),
    ).toBe('Kunden har intet telefonnummer');
  });
  it("sends 'på vej' only from a mobile-service department", () => {
    expect(smsAllowed(order(), 'ON_MY_WAY', CS)).toBe(false);
    expect(
      smsAllowed(
        order((o) => (o.timeAndPlace.department.mobileService = true)),
        'ON_MY_WAY',
        CS,
      ),
    ).toBe(true);
  });
  it('sends work SMS only on open work', () => {
    expect(
      smsRefusal(
        order((o) => (o.additionalData.orderStatus = 'FINISHED')),
        'ARRIVE_BETWEEN_12_16',
        CS,
      ),
    ).toBe('Ordren er ikke en åben opgave');
  });
  it('sends the offer reminder on an offer without one, for Complaint and Adminstrator', () => {
    const offer = order((o) => (o.additionalData.orderStatus = 'OFFER'));
    expect(smsRefusal(offer, 'OFFER_SMS', CS)).toBe('Kun Reklamation og Administrator sender tilbuds-SMS');
    expect(smsAllowed(offer, 'OFFER_SMS', ['Complaint'])).toBe(true);
    expect(offerReminderDue(offer, ['Adminstrator'])).toBe(true);
    expect(offerReminderDue(offer, CS)).toBe(false);
    offer.notificationStatus.smsOffer = true;
    expect(smsRefusal(offer, 'OFFER_SMS', ['Adminstrator'])).toBe('Tilbuds-SMS er allerede sendt');
    expect(offerReminderDue(offer, ['Adminstrator'])).toBe(false);
    expect(smsRefusal(order(), 'OFFER_SMS', ['Adminstrator'])).toBe('Ordren er ikke et tilbud');
  });
});

describe('smsText', () => {
  it('writes Danish texts with the order number, day, window and place', () => {
    expect(smsText(order(), 'ARRIVE_BETWEEN_8_12')).toBe(
      'Hej Jens Hansen. Vores montør ankommer 14/12-2026 mellem kl. 08:00 og 12:00 til Rudeplan Aarhus (ordre 100123). Venlig hilsen Rudeplan',
    );
    const mobile = order((o) => {
      o.timeAndPlace.department.mobileService = true;
      o.timeAndPlace.mobileServiceLocation.address = 'Søndergade 1, 8000 Aarhus C';
    });
    expect(smsText(mobile, 'ON_MY_WAY')).toBe(
      'Hej Jens Hansen. Vores montør er nu på vej til dig på Søndergade 1, 8000 Aarhus C (ordre 100123). Venlig hilsen Rudeplan',
    );
    const offer = order((o) => {
      o.car.make = 'VW';
      o.car.model = 'Golf';
    });
    expect(smsText(offer, 'OFFER_SMS')).toContain('Husk dit tilbud 100123 på VW Golf fra Rudeplan.');
  });
});
