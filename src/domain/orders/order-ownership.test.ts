import { describe, expect, it } from 'vitest';
import { ZERO_GUID } from '../lib/guid';
import { withOwnedFieldsOf, withoutOwnedFields } from './order-ownership';
import { ZComplaint, emptyOrder, type TOrder } from './order.schemas';

const SOMEONE = '11111111-1111-4111-8111-111111111111';

function forged(): TOrder {
  const o = emptyOrder();
  o.additionalData = {
    ...o.additionalData,
    orderNr: '1',
    bookingNr: 'B-1',
    createdBy: 'X',
    workCompleted: '2026-01-01T10:00:00',
    guaranteeId: SOMEONE,
  };
  o.orderProperties = {
    ...o.orderProperties,
    signCalibrationChallenges: '/fake',
    signedLoanCar: '/fake',
    loanCarId: SOMEONE,
    customerContacted: 'Flyttet',
  };
  o.notificationStatus = {
    smsOnMyWay: true,
    smsArriveBetween8And12: true,
    smsArriveBetween10And14: true,
    smsArriveBetween12And16: true,
    smsOffer: true,
  };
  o.complaint = ZComplaint.parse({ complaintType: 'REPLACE_SLOT', workerFault: true });
  o.customer.name = 'Kunde';
  return o;
}

describe('withoutOwnedFields (a new order from a client)', () => {
  it('leaves every server-owned field empty and keeps what the client may set', () => {
    const o = withoutOwnedFields(forged());
    expect(o.additionalData).toMatchObject({ orderNr: '', bookingNr: '', createdBy: '', workCompleted: null, guaranteeId: ZERO_GUID });
    expect(o.orderProperties).toMatchObject({
      signCalibrationChallenges: '',
      signedLoanCar: '',
      loanCarId: ZERO_GUID,
      customerContacted: 'Flyttet',
    });
    expect(Object.values(o.notificationStatus).some(Boolean)).toBe(false);
    expect(o.complaint).toBeNull();
    expect(o.customer.name).toBe('Kunde');
  });
});

describe('withOwnedFieldsOf (a save of a stored order)', () => {
  it("keeps the stored owned fields and a complaint's facts, taking only the worksheet's complaint fields", () => {
    const stored = emptyOrder();
    stored.additionalData.orderNr = '100200';
    stored.complaint = ZComplaint.parse({ complaintType: 'WITHOUT_SLOT', referenceJobType: 'REPLACE_FRONT', oldManufacturer: 'AGC' });
    const input = forged();
    input.complaint = ZComplaint.parse({
      complaintType: 'REPLACE_SLOT',
      referenceJobType: 'REPAIR',
      issues: [{ issue: 'Vindstøj', art: 'CUSTOMER' }],
      workerFault: false,
    });
    const o = withOwnedFieldsOf(input, stored);
    expect(o.additionalData.orderNr).toBe('100200');
    expect(o.orderProperties.signedLoanCar).toBe('');
    expect(o.complaint).toMatchObject({
      complaintType: 'WITHOUT_SLOT',
      referenceJobType: 'REPLACE_FRONT',
      oldManufacturer: 'AGC',
      workerFault: false,
    });
    expect(o.complaint?.issues).toEqual([{ issue: 'Vindstøj', art: 'CUSTOMER' }]);
  });

  it('gives no complaint to an order that has none', () => {
    expect(withOwnedFieldsOf(forged(), emptyOrder()).complaint).toBeNull();
  });
});
