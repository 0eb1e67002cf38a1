import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type TOrderStatus, type TOrderType, type TWhoPays } from './order-enums';
import {
  canCancel,
  canCloseServiceCall,
  canComplain,
  complaintRefusal,
  COMPLAINT_MESSAGES,
  canFinish,
  canHold,
  decideSave,
  finishButtonLabel,
  finishOutcome,
  isLocked,
  linesReadOnly,
  mayActOn,
  mayChangeStatusManually,
  orderTypeChangeRefusal,
  STATUS_MESSAGES,
} from './order-status';
import { emptyOrder } from './order.schemas';

function order(orderType: TOrderType, orderStatus: TOrderStatus, whoIsPaying: TWhoPays = 'INSURANCE') {
  const o = emptyOrder();
  o.additionalData = { ...o.additionalData, orderType, orderStatus, whoIsPaying };
  return o;
}

describe('finishOutcome', () => {
  it('sends an insurance-paid replacement in PROCESSING or ON_HOLD to review', () => {
    for (const type of ['REPLACE_FRONT', 'REPLACE_SIDE', 'REPLACE_REAR', 'REPLACE_ROOF', 'REPLACE'] as const) {
      expect(finishOutcome(order(type, 'PROCESSING'))).toBe('PENDING_REVIEW');
      expect(finishOutcome(order(type, 'ON_HOLD'))).toBe('PENDING_REVIEW');
    }
  });

  it('finishes a replacement paid otherwise, a reviewed one, a repair and a sale', () => {
    expect(finishOutcome(order('REPLACE_FRONT', 'PROCESSING', 'CASH'))).toBe('FINISHED');
    expect(finishOutcome(order('REPLACE_FRONT', 'PROCESSING', 'LEASING'))).toBe('FINISHED');
    expect(finishOutcome(order('REPLACE_FRONT', 'PENDING_REVIEW'))).toBe('FINISHED');
    expect(finishOutcome(order('REPAIR', 'PROCESSING'))).toBe('FINISHED');
    expect(finishOutcome(order('SALE', 'PROCESSING_MORESALE'))).toBe('FINISHED');
  });

  it('turns a customer complaint into a service call, and closes one already in SERVICE_CALL', () => {
    expect(finishOutcome(order('COMPLAINT', 'PROCESSING'))).toBe('SERVICE_CALL');
    expect(finishOutcome(order('COMPLAINT', 'ON_HOLD'))).toBe('SERVICE_CALL');
    expect(finishOutcome(order('COMPLAINT', 'SERVICE_CALL'))).toBe('FINISHED');
    expect(finishOutcome(order('INTERNAL_COMPLAINT', 'PROCESSING'))).toBe('FINISHED');
  });
});

describe('locks and labels', () => {
  it('locks FINISHED and CANCELLED, and makes lines read-only in SERVICE_CALL and FINISHED', () => {
    expect(isLocked('FINISHED')).toBe(true);
    expect(isLocked('CANCELLED')).toBe(true);
    expect(isLocked('PENDING_REVIEW')).toBe(false);
    expect(ORDER_STATUSES.filter((status) => isLocked(status))).toEqual(['FINISHED', 'CANCELLED']);
    expect(isLocked('')).toBe(false);
    expect(linesReadOnly('SERVICE_CALL')).toBe(true);
    expect(linesReadOnly('FINISHED')).toBe(true);
    expect(linesReadOnly('PROCESSING')).toBe(false);
  });

  it("reads 'Afslut gennemsyn' on a PENDING_REVIEW order and 'Afslut/Fakturer' otherwise", () => {
    expect(finishButtonLabel('PENDING_REVIEW')).toBe('Afslut gennemsyn');
    expect(finishButtonLabel('PROCESSING')).toBe('Afslut/Fakturer');
  });

  it('gives PENDING_REVIEW to the ReviewManager alone, and the manual status change to CustomerService and Adminstrator', () => {
    expect(mayActOn('PENDING_REVIEW', ['ReviewManager'])).toBe(true);
    expect(mayActOn('PENDING_REVIEW', ['Adminstrator', 'CustomerService'])).toBe(false);
    expect(mayActOn('PROCESSING', ['Operation'])).toBe(true);
    expect(mayChangeStatusManually(['CustomerService'])).toBe(true);
    expect(mayChangeStatusManually(['Adminstrator'])).toBe(true);
    expect(mayChangeStatusManually(['Operation', 'ReviewManager'])).toBe(false);
  });
});

describe('decideSave', () => {
  const asking = (type: TOrderType, requested: TOrderStatus, payer: TWhoPays = 'INSURANCE') => order(type, requested, payer);

  it('saves in the same status', () => {
    expect(decideSave(asking('REPLACE_FRONT', 'PROCESSING'), 'PROCESSING', ['Operation'])).toEqual({
      ok: true,
      action: 'SAVE',
      status: 'PROCESSING',
    });
  });

  it('finishes with the outcome rule, whichever finishing status the client asks for', () => {
    expect(decideSave(asking('REPLACE_FRONT', 'FINISHED'), 'PROCESSING', ['Operation'])).toEqual({
      ok: true,
      action: 'FINISH',
      status: 'PENDING_REVIEW',
    });
    expect(decideSave(asking('REPLACE_FRONT', 'PENDING_REVIEW'), 'PROCESSING', ['Operation'])).toMatchObject({ status: 'PENDING_REVIEW' });
    expect(decideSave(asking('REPLACE_FRONT', 'FINISHED', 'CASH'), 'PROCESSING', ['Operation'])).toMatchObject({ status: 'FINISHED' });
    expect(decideSave(asking('REPLACE_FRONT', 'FINISHED'), 'PENDING_REVIEW', ['ReviewManager'])).toMatchObject({
      action: 'FINISH',
      status: 'FINISHED',
    });
    expect(decideSave(asking('COMPLAINT', 'FINISHED'), 'PROCESSING', ['CustomerService'])).toMatchObject({ status: 'SERVICE_CALL' });
  });

  it('refuses changes to FINISHED and CANCELLED orders with 409', () => {
    expect(decideSave(asking('REPAIR', 'FINISHED'), 'FINISHED', ['Adminstrator'])).toEqual({
      ok: false,
      httpStatus: 409,
      message: STATUS_MESSAGES.finishedLocked,
    });
    expect(decideSave(asking('REPAIR', 'PROCESSING'), 'CANCELLED', ['Adminstrator'])).toEqual({
      ok: false,
      httpStatus: 409,
      message: STATUS_MESSAGES.cancelledLocked,
    });
  });

  it('leaves PENDING_REVIEW to the ReviewManager (403), and closing a service call to Complaint (403)', () => {
    expect(decideSave(asking('REPLACE_FRONT', 'FINISHED'), 'PENDING_REVIEW', ['Adminstrator'])).toEqual({
      ok: false,
      httpStatus: 403,
      message: STATUS_MESSAGES.reviewOnly,
    });
    expect(decideSave(asking('REPLACE_FRONT', 'PENDING_REVIEW'), 'PENDING_REVIEW', ['CustomerService'])).toMatchObject({
      ok: false,
      httpStatus: 403,
    });
    expect(decideSave(asking('COMPLAINT', 'FINISHED'), 'SERVICE_CALL', ['CustomerService'])).toEqual({
      ok: false,
      httpStatus: 403,
      message: STATUS_MESSAGES.closeServiceCallOnly,
    });
    expect(decideSave(asking('COMPLAINT', 'FINISHED'), 'SERVICE_CALL', ['Complaint', 'CustomerService'])).toMatchObject({
      ok: true,
      status: 'FINISHED',
    });
  });

  it("holds, takes off hold, and sends a web order to the orders ('Send til Ordrer')", () => {
    expect(decideSave(asking('REPAIR', 'ON_HOLD'), 'PROCESSING', ['Operation'])).toEqual({ ok: true, action: 'HOLD', status: 'ON_HOLD' });
    expect(decideSave(asking('REPAIR', 'PROCESSING'), 'ON_HOLD', ['Operation'])).toEqual({
      ok: true,
      action: 'RELEASE',
      status: 'PROCESSING',
    });
    expect(decideSave(asking('REPAIR', 'PROCESSING'), 'WEB_REVIEW', ['CustomerService'])).toEqual({
      ok: true,
      action: 'SEND_TO_ORDERS',
      status: 'PROCESSING',
    });
  });

  it('refuses other status changes with 409', () => {
    expect(decideSave(asking('REPAIR', 'OFFER'), 'PROCESSING', ['Adminstrator'])).toEqual({
      ok: false,
      httpStatus: 409,
      message: 'Ordren kan ikke skifte fra Afventer til Tilbud',
    });
    expect(decideSave(asking('REPAIR', 'CANCELLED'), 'PROCESSING', ['Adminstrator'])).toMatchObject({ ok: false, httpStatus: 409 });
    expect(decideSave(asking('REPAIR', 'FINISHED'), 'WEB_REVIEW', ['Adminstrator'])).toMatchObject({ ok: false, httpStatus: 409 });
  });
});

describe('what the worksheet offers is what the server allows', () => {
  const of = (orderType: TOrderType, orderStatus: TOrderStatus) => {
    const o = emptyOrder();
    o.additionalData = { ...o.additionalData, orderType, orderStatus };
    return o;
  };

  it('finishes from the working statuses, a review only as ReviewManager, and closes a service call only as Complaint', () => {
    expect(canFinish('PROCESSING', ['Operation'])).toBe(true);
    expect(canFinish('ON_HOLD', ['Operation'])).toBe(true);
    expect(canFinish('PENDING_REVIEW', ['Operation'])).toBe(false);
    expect(canFinish('PENDING_REVIEW', ['ReviewManager'])).toBe(true);
    expect(canFinish('SERVICE_CALL', ['Complaint'])).toBe(false);
    expect(canCloseServiceCall('SERVICE_CALL', ['Complaint'])).toBe(true);
    expect(canCloseServiceCall('SERVICE_CALL', ['CustomerService'])).toBe(false);
    for (const status of ['FINISHED', 'CANCELLED', 'OFFER', 'WEB_REVIEW'] as const) expect(canFinish(status, ['Adminstrator'])).toBe(false);
  });

  it('holds from PROCESSING, an extra sale and a service call; cancels anything not locked that the user may act on', () => {
    expect(['PROCESSING', 'PROCESSING_MORESALE', 'SERVICE_CALL'].every((s) => canHold(s as TOrderStatus, ['Operation']))).toBe(true);
    expect(canHold('ON_HOLD', ['Operation'])).toBe(false);
    expect(canCancel('PROCESSING', ['Operation'])).toBe(true);
    expect(canCancel('FINISHED', ['Adminstrator'])).toBe(false);
    expect(canCancel('PENDING_REVIEW', ['CustomerService'])).toBe(false);
    expect(canCancel('PENDING_REVIEW', ['ReviewManager'])).toBe(true);
  });

  it('offers a complaint only on a done job that is no extra sale or complaint', () => {
    expect(canComplain(of('REPLACE_FRONT', 'FINISHED'))).toBe(true);
    expect(canComplain(of('REPAIR', 'PENDING_REVIEW'))).toBe(true);
    expect(canComplain(of('REPLACE_FRONT', 'PROCESSING'))).toBe(false);
    expect(canComplain(of('SALE', 'FINISHED'))).toBe(false);
    expect(canComplain(of('COMPLAINT', 'FINISHED'))).toBe(false);
    expect(complaintRefusal(of('REPLACE_FRONT', 'PROCESSING'))).toBe(COMPLAINT_MESSAGES.notDone);
    expect(complaintRefusal(of('SALE', 'FINISHED'))).toBe(COMPLAINT_MESSAGES.onMoreSale);
    expect(complaintRefusal(of('INTERNAL_COMPLAINT', 'FINISHED'))).toBe(COMPLAINT_MESSAGES.onComplaint);
    expect(complaintRefusal(of('REPAIR', 'PENDING_REVIEW'))).toBeNull();
  });

  it('changes the order type on a save only among the replacements and the repair', () => {
    expect(orderTypeChangeRefusal('REPLACE_FRONT', 'REPLACE_REAR')).toBeNull();
    expect(orderTypeChangeRefusal('REPAIR', 'REPLACE_FRONT')).toBeNull();
    expect(orderTypeChangeRefusal('REPLACE_FRONT', 'SALE')).toBe('Ordretypen kan ikke skifte fra Forrude til Mersalg');
    expect(orderTypeChangeRefusal('SALE', 'REPLACE_FRONT')).not.toBeNull();
    expect(orderTypeChangeRefusal('COMPLAINT', 'INTERNAL_COMPLAINT')).not.toBeNull();
    expect(orderTypeChangeRefusal('COMPLAINT', 'COMPLAINT')).toBeNull();
  });
});
