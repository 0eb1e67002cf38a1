import { describe, expect, it } from 'vitest';
import { ZERO_GUID } from '../lib/guid';
import type { TOrderStatus, TOrderType } from './order-enums';
import {
  WORKSHEET_MESSAGES,
  bookingMoved,
  canCreateComplaintWithSlot,
  complaintChangeRefusal,
  complaintFieldsLocked,
  complaintOrderType,
  complaintTypeAllowed,
  finishErrors,
  holdErrors,
  itemsChanged,
  limpuderQuickAdd,
  logEntryErrors,
  logTypeForTimeChange,
  mainItemRemoved,
  outsideSlotPlan,
  reasonListErrors,
  reasonRowErrors,
  timeChanged,
} from './order-lifecycle';
import { COMPLAINT_TYPES, HOLD_REASONS, LOG_TYPES, TIME_SPENT_OPTIONS, selectLists } from './order-lifecycle.schemas';
import { ZComplaint, ZOrderItem, emptyOrder, type TOrder } from './order.schemas';

const FITTER = 'cccccccc-0000-0000-0000-000000000001';

function order(type: TOrderType, status: TOrderStatus = 'PROCESSING', patch: Partial<TOrder['additionalData']> = {}): TOrder {
  const o = emptyOrder();
  o.additionalData = { ...o.additionalData, orderType: type, orderStatus: status, ...patch };
  return o;
}

describe('finishErrors', () => {
  it('needs a fitter, and a window maker other than NONE on a replacement', () => {
    expect(finishErrors(order('REPLACE_FRONT'))).toEqual({
      'additionalData.worker': ['Du mangler at vælge en montør !'],
      'additionalData.windowManufacturer': ['Du mangler at vælge en rudefabrikat !'],
    });
    expect(finishErrors(order('REPLACE_FRONT', 'PROCESSING', { worker: FITTER, windowManufacturer: 'AGC' }))).toEqual({});
    // A stone-chip repair has no window maker.
    expect(finishErrors(order('REPAIR', 'PROCESSING', { worker: FITTER }))).toEqual({});
  });

  it('needs an issue (or other-issue text) on a complaint and an internal comment on a customer complaint', () => {
    const complaint = order('COMPLAINT', 'PROCESSING', { worker: FITTER });
    complaint.complaint = ZComplaint.parse({ complaintType: 'WITHOUT_SLOT' });
    expect(finishErrors(complaint)).toEqual({
      'complaint.issues': ['Du skal vælge minimum 1 Reklamation årsag !'],
      'additionalData.internalOrderComment': ['Du skal udfylde Intern Kommentar !'],
    });
    complaint.complaint.otherIssue = 'Kunden hører en fløjtelyd';
    complaint.additionalData.internalOrderComment = 'Ring til kunden';
    expect(finishErrors(complaint)).toEqual({});

    const internal = order('INTERNAL_COMPLAINT', 'PROCESSING', { worker: FITTER });
    internal.complaint = ZComplaint.parse({ complaintType: 'INTERNAL_COMPLAINT', issues: [{ issue: 'Lagerfejl', art: 'INTERNAL' }] });
    expect(finishErrors(internal)).toEqual({});
  });

  it('needs the worker-fault answer to close a service call', () => {
    const call = order('COMPLAINT', 'SERVICE_CALL', { worker: FITTER, internalOrderComment: 'Kunden ringede' });
    call.complaint = ZComplaint.parse({ complaintType: 'WITHOUT_SLOT', issues: [{ issue: 'Vindstøj', art: 'CUSTOMER' }] });
    expect(finishErrors(call)).toEqual({ 'complaint.workerFault': [WORKSHEET_MESSAGES.workerFault] });
    expect(WORKSHEET_MESSAGES.workerFault.startsWith('Du mangler at vælge, om årsagen til klagen er en montørfejl !')).toBe(true);
    call.complaint.workerFault = false;
    expect(finishErrors(call)).toEqual({});
  });
});

describe('holdErrors', () => {
  it('needs a comment, a fitter and for a replacement a window maker', () => {
    expect(holdErrors(order('REPLACE_FRONT'), '')).toEqual({
      'additionalData.onHoldComment': ['Kommentar skal udfyldes'],
      'additionalData.worker': ['Du skal vælge en værdi for de markerede felter !'],
      'additionalData.windowManufacturer': ['Du skal vælge en værdi for de markerede felter !'],
    });
    expect(holdErrors(order('REPAIR', 'PROCESSING', { worker: FITTER, onHoldComment: 'Regnvejr' }), '')).toEqual({});
  });

  it("needs the signed disclaimer when the reason is 'Kalibreringsudfordringer'", () => {
    const o = order('REPLACE_FRONT', 'PROCESSING', {
      worker: FITTER,
      windowManufacturer: 'XYG',
      onHoldComment: 'Kameraet kan ikke kalibreres',
    });
    expect(holdErrors(o, 'Kalibreringsudfordringer')).toEqual({
      'orderProperties.signCalibrationChallenges': ['Ansvarsfraskrivelse skal underskrives'],
    });
    o.orderProperties.signCalibrationChallenges = '/api/SignedPDF/abc';
    expect(holdErrors(o, 'Kalibreringsudfordringer')).toEqual({});
    expect(holdErrors(o, 'Noget helt andet')).toEqual({ 'additionalData.onHoldReason': [WORKSHEET_MESSAGES.invalidHoldReason] });
    expect(HOLD_REASONS).toContain('Kalibreringsudfordringer');
  });
});

describe('log dialog', () => {
  it('chooses the log type of a time change by order type', () => {
    expect(logTypeForTimeChange(order('REPAIR'))).toBe('STONECHIPMOVED');
    expect(logTypeForTimeChange(order('REPLACE_SIDE'))).toBe('WINDOWREPLACEMOVED');
    expect(logTypeForTimeChange(order('COMPLAINT'))).toBe('MOVED');
    expect(logTypeForTimeChange(order('SALE'))).toBe('MOVED');
    expect(LOG_TYPES).toEqual(['MOVED', 'STONECHIPMOVED', 'WINDOWREPLACEMOVED', 'CANCELLED', 'MAINITEMCHANGED', 'SALE']);
  });

  it('sees a time change in department, date, from or to, and a move in slot, day or department', () => {
    const a = emptyOrder();
    const b = structuredClone(a);
    expect(timeChanged(a, b)).toBe(false);
    b.timeAndPlace.from = '2026-03-02T10:00:00';
    expect(timeChanged(a, b)).toBe(true);
    expect(bookingMoved(a.timeAndPlace, b.timeAndPlace)).toBe(false);
    b.timeAndPlace.timeSlotId = 'dddddddd-0000-0000-0000-000000000001';
    expect(bookingMoved(a.timeAndPlace, b.timeAndPlace)).toBe(true);
  });

  it('requires a reason from the list, and a comment with Andet', () => {
    expect(logEntryErrors({ logReason: '', logComment: '' })).toEqual({ logReason: ['Du skal vælge en årsag'] });
    expect(logEntryErrors({ logReason: 'Andet', logComment: ' ' })).toEqual({
      logComment: ['Når du vælger andet skal du tilknytte en kommentar'],
    });
    expect(logEntryErrors({ logReason: 'Andet', logComment: 'Kunden flytter' })).toEqual({});
    expect(logEntryErrors({ logReason: 'Vejret', logComment: '' }, ['Montør syg', 'Andet'])).toEqual({
      logReason: ['Årsagen findes ikke på listen'],
    });
  });

  it('refuses an empty reason list and a reason twice', () => {
    expect(reasonListErrors([])).toEqual({ reasons: ['Listen skal have mindst én årsag'] });
    expect(reasonListErrors(['Andet'])).toEqual({ reasons: ['Listen skal have mindst én årsag'] });
    expect(reasonListErrors(['andet', 'Andet'])).toEqual({ reasons: ['Den samme årsag står flere gange'] });
    expect(reasonListErrors(['Montør syg', 'Andet'])).toEqual({});
  });

  it("keeps 'Andet' as the last reason of every list", () => {
    expect(reasonListErrors(['Montør syg'])).toEqual({ reasons: ["Listen skal slutte med 'Andet'"] });
    expect(reasonListErrors(['Andet', 'Montør syg'])).toEqual({ reasons: ["Listen skal slutte med 'Andet'"] });
    expect(reasonListErrors(['Montør syg', 'andet'])).toEqual({ reasons: ["Listen skal slutte med 'Andet'"] });
  });

  it('names the rows that are empty or repeat an earlier row', () => {
    expect(reasonRowErrors(['Montør syg', ' ', 'montør syg ', 'Andet'])).toEqual([
      null,
      'Feltet er påkrævet',
      'Den samme årsag står flere gange',
      null,
    ]);
  });
});

describe('items', () => {
  const line = (itemNo: string, patch: Partial<TOrder['items'][number]> = {}) => ZOrderItem.parse({ itemNo, no: itemNo, ...patch });

  it('sees a removed main item of a replacement', () => {
    const before = order('REPLACE_FRONT');
    before.items = [line('F10001', { isMainItem: true }), line('UD')];
    expect(mainItemRemoved(before, { items: [line('UD')] })).toBe(true);
    expect(mainItemRemoved(before, { items: [line('F10001'), line('337')] })).toBe(false);
    expect(mainItemRemoved({ ...before, additionalData: { ...before.additionalData, orderType: 'REPAIR' } }, { items: [] })).toBe(false);
  });

  it('compares lines by item, amount, price and discount, in any order', () => {
    const a = [line('F10001', { amount: 1, itemPrice: 100 }), line('UD')];
    expect(itemsChanged(a, [line('UD'), line('F10001', { amount: 1, itemPrice: 100 })])).toBe(false);
    expect(itemsChanged(a, [line('UD'), line('F10001', { amount: 2, itemPrice: 100 })])).toBe(true);
    expect(itemsChanged(a, [line('UD')])).toBe(true);
  });

  it('offers the limpuder not yet on the order', () => {
    expect(limpuderQuickAdd([line('337')])).not.toContain('337');
    expect(limpuderQuickAdd([])).toHaveLength(18);
  });
});

describe('complaints', () => {
  it('lets Complaint, CustomerService and Adminstrator create complaints with a slot; everyone the others', () => {
    expect(canCreateComplaintWithSlot(['Complaint'])).toBe(true);
    expect(canCreateComplaintWithSlot(['Operation'])).toBe(false);
    expect(complaintTypeAllowed('REPLACE_SLOT', ['Operation'])).toBe(false);
    expect(complaintTypeAllowed('REPAIR_SLOT', ['CustomerService'])).toBe(true);
    expect(complaintTypeAllowed('INTERNAL_COMPLAINT', ['Operation'])).toBe(true);
    expect(complaintTypeAllowed('WITHOUT_SLOT', ['ReviewManager'])).toBe(true);
    expect(COMPLAINT_TYPES).toEqual(['REPLACE_SLOT', 'REPAIR_SLOT', 'WITHOUT_SLOT', 'INTERNAL_COMPLAINT']);
  });

  it('creates INTERNAL_COMPLAINT orders for internal complaints and COMPLAINT orders otherwise', () => {
    expect(complaintOrderType('INTERNAL_COMPLAINT')).toBe('INTERNAL_COMPLAINT');
    expect(complaintOrderType('WITHOUT_SLOT')).toBe('COMPLAINT');
  });

  it('locks complaint fields in SERVICE_CALL and FINISHED except for Complaint, and guards the original fitter and worker fault', () => {
    expect(complaintFieldsLocked('SERVICE_CALL', ['CustomerService'])).toBe(true);
    expect(complaintFieldsLocked('SERVICE_CALL', ['Complaint'])).toBe(false);
    expect(complaintFieldsLocked('PROCESSING', ['CustomerService'])).toBe(false);

    const before = { complaint: ZComplaint.parse({ complaintType: 'WITHOUT_SLOT', referenceWorker: FITTER }) };
    const same = { complaint: structuredClone(before.complaint) };
    expect(complaintChangeRefusal(before, same, 'SERVICE_CALL', ['CustomerService'])).toBeNull();
    const otherIssue = { complaint: { ...before.complaint, otherIssue: 'Vand i kabinen' } };
    expect(complaintChangeRefusal(before, otherIssue, 'SERVICE_CALL', ['CustomerService'])).toBe(WORKSHEET_MESSAGES.complaintLocked);
    expect(complaintChangeRefusal(before, otherIssue, 'PROCESSING', ['CustomerService'])).toBeNull();
    const newFitter = { complaint: { ...before.complaint, referenceWorker: ZERO_GUID } };
    expect(complaintChangeRefusal(before, newFitter, 'PROCESSING', ['CustomerService'])).toBe(WORKSHEET_MESSAGES.referenceWorker);
    expect(complaintChangeRefusal(before, newFitter, 'PROCESSING', ['Adminstrator'])).toBeNull();
    const fault = { complaint: { ...before.complaint, workerFault: true } };
    expect(complaintChangeRefusal(before, fault, 'SERVICE_CALL', ['Adminstrator'])).toBe(WORKSHEET_MESSAGES.complaintLocked);
    expect(complaintChangeRefusal(before, fault, 'PROCESSING', ['Adminstrator'])).toBe(WORKSHEET_MESSAGES.workerFaultRole);
    expect(complaintChangeRefusal(before, fault, 'SERVICE_CALL', ['Complaint'])).toBeNull();
  });
});

describe('select lists', () => {
  it('offers 15 to 180 minutes in steps of 15 and 999 as 180+', () => {
    expect(TIME_SPENT_OPTIONS.map((o) => o.value)).toEqual([15, 30, 45, 60, 75, 90, 105, 120, 135, 150, 165, 180, 999]);
    expect(TIME_SPENT_OPTIONS.at(-1)).toEqual({ value: 999, label: '180+' });
  });

  it('gives every list as value/label pairs', () => {
    const lists = selectLists();
    expect(lists.windowManufacturers).toHaveLength(9);
    expect(lists.windowManufacturers).toContainEqual({ value: 'NONE', label: 'Ingen' });
    expect(lists.oeWindowReasons.map((o) => o.value)).toEqual([1, 2, 3]);
    expect(lists.customerContacted.map((o) => o.label)).toEqual(['Flyttet', 'Ikke flyttet', 'Besked lagt']);
    expect(lists.holdReasons.map((o) => o.value)).toContain('Kalibreringsudfordringer');
    expect(lists.complaintTypes.map((o) => o.value)).toEqual([...COMPLAINT_TYPES]);
  });
});

describe('outsideSlotPlan', () => {
  it('is true for extra sales and complaints without a time, false for bookings and slot complaints', () => {
    const order = emptyOrder();
    expect(outsideSlotPlan(order)).toBe(false);
    expect(outsideSlotPlan({ ...order, additionalData: { ...order.additionalData, orderType: 'SALE' } })).toBe(true);
    for (const [complaintType, outside] of [
      ['WITHOUT_SLOT', true],
      ['INTERNAL_COMPLAINT', true],
      ['REPLACE_SLOT', false],
      ['REPAIR_SLOT', false],
    ] as const) {
      expect(outsideSlotPlan({ ...order, complaint: ZComplaint.parse({ complaintType }) })).toBe(outside);
    }
  });
});
