import { describe, expect, it } from 'vitest';
import { emptyOrder, type TOrder } from './order.schemas';
import { bookingConfirmationSms, orderPayload, receiptPayload, reviewInvitationBlocked, reviewInvitationMessage } from './order-payloads';

function order(): TOrder {
  const o = emptyOrder();
  o.additionalData = {
    ...o.additionalData,
    orderNr: '100123',
    orderStatus: 'FINISHED',
    orderType: 'REPLACE_FRONT',
    whoIsPaying: 'INSURANCE',
    createdBy: 'KS',
  };
  o.customer = { ...o.customer, name: 'Jens Jensen', email: 'jens@example.dk', allowEmail: true, phone: '22334455' };
  o.debitor = { ...o.debitor, no: '10001' };
  o.timeAndPlace = {
    ...o.timeAndPlace,
    date: '2026-12-14T00:00:00',
    from: '2026-12-14T08:00:00',
    to: '2026-12-14T10:00:00',
    department: { ...o.timeAndPlace.department, name: 'Aarhus', address: 'Søren Frichs Vej 40, 8230 Åbyhøj', navLocationCode: 'ARH' },
  };
  o.items = [
    {
      ...o.items[0]!,
      ...{ itemNo: 'F10001', no: 'F10001', name: 'Forrude', amount: 1, itemPrice: 4000, discountPercent: 10 },
    } as TOrder['items'][number],
    { itemNo: 'BIL001', no: 'BIL001', name: 'Lånebil', amount: 1, itemPrice: 0, discountPercent: 0, type: 2 } as TOrder['items'][number],
  ];
  return o;
}

describe('order payloads', () => {
  it('carries the items with their totals excl. VAT, and the free loan car', () => {
    const payload = orderPayload(order());
    expect(payload.Items[0]).toEqual({ Description: 'Forrude', Amount: 1, Payment: 3600, Discount_Percent: 10, ItemNo: 'F10001' });
    expect(payload).toMatchObject({
      Order_No: '100123',
      Type: 'INSURANCE',
      Order_Type: 'REPLACE_FRONT',
      HasFreeCar: true,
      TimeSlotFrom: '2026-12-14T08:00:00',
    });
    expect(receiptPayload(order())).toMatchObject({ NavLocationCode: 'ARH', CreatedBy: 'KS' });
  });

  it('writes the booking SMS in Danish with the day and time', () => {
    expect(bookingConfirmationSms(order())).toBe(
      'Tak for din bestilling. Ordre 100123 (forrude) 14/12-2026 kl. 08:00-10:00 hos Rudeplan Aarhus, Søren Frichs Vej 40, 8230 Åbyhøj. Venlig hilsen Rudeplan',
    );
  });
});

describe('review invitation rules', () => {
  const rules = { ownDomain: 'rudeplan.dk', excludedDebitorNo: '30099' };

  it('goes out for a finished order to a customer who allows e-mail', () => {
    expect(reviewInvitationBlocked(order(), rules)).toBeNull();
  });

  it('is blocked before FINISHED, without e-mail consent, on the own domain and for the excluded debitor', () => {
    const o = order();
    expect(reviewInvitationBlocked({ ...o, additionalData: { ...o.additionalData, orderStatus: 'PROCESSING' } }, rules)).toBe(
      'Ordren er ikke udført',
    );
    expect(reviewInvitationBlocked({ ...o, customer: { ...o.customer, allowEmail: false } }, rules)).toBe('EMAIL ikke tilladt');
    expect(reviewInvitationBlocked({ ...o, customer: { ...o.customer, email: 'kollega@rudeplan.dk' } }, rules)).toMatch(/eget domæne/);
    expect(reviewInvitationBlocked({ ...o, debitor: { ...o.debitor, no: '30099' } }, rules)).toMatch(/anmeldelsesinvitationer/);
  });
});

describe('reviewInvitationMessage', () => {
  it("is an e-mail to the order's customer with the review link, greeting the customer or the name given", () => {
    const order = emptyOrder();
    order.additionalData.orderId = '11111111-1111-4111-8111-111111111111';
    order.additionalData.orderNr = '100200';
    order.customer.name = 'Jens Hansen';
    order.customer.email = 'jens@example.dk';
    const message = reviewInvitationMessage(order, 'https://anmeld.example/r');
    expect(message).toMatchObject({
      channel: 'EMAIL',
      kind: 'REVIEW_INVITATION',
      recipient: 'jens@example.dk',
      orderId: order.additionalData.orderId,
      subject: 'Hvordan gik det med din rude?',
    });
    expect(message.body).toContain('Kære Jens Hansen');
    expect(message.body).toContain('ordre 100200');
    expect(message.body).toContain('https://anmeld.example/r');
    expect(reviewInvitationMessage(order, 'https://anmeld.example/r', 'Jens').body).toContain('Kære Jens\n');
  });
});
