import { describe, expect, it } from 'vitest';
import { ZComplaint, ZOrderItem, emptyOrder } from '../orders';
import { diffOrders, personIds } from './journal';

const FITTER = 'cccccccc-0000-0000-0000-000000000001';

function base() {
  const o = emptyOrder();
  o.additionalData.orderStatus = 'PROCESSING';
  o.timeAndPlace.department.name = 'Aarhus';
  o.timeAndPlace.date = '2026-03-02T00:00:00';
  o.timeAndPlace.from = '2026-03-02T08:00:00';
  o.timeAndPlace.to = '2026-03-02T10:00:00';
  o.items = [ZOrderItem.parse({ itemNo: 'F10001', no: 'F10001', name: 'Forrude', amount: 1, itemPrice: 2500 })];
  return o;
}

describe('diffOrders', () => {
  it('finds nothing between equal orders', () => {
    expect(diffOrders(base(), base())).toEqual([]);
  });

  it('lists changed fields with Danish labels and values as the worksheet shows them', () => {
    const before = base();
    const after = base();
    after.additionalData.orderStatus = 'PENDING_REVIEW';
    after.additionalData.windowManufacturer = 'SAINT_GOBAIN';
    after.additionalData.timeSpent = 999;
    after.additionalData.workKM = 123456.5;
    after.additionalData.internalOrderComment = 'Ring før ankomst';
    after.customer.allowSms = true;
    after.timeAndPlace.date = '2026-03-04T00:00:00';
    after.timeAndPlace.from = '2026-03-04T12:00:00';
    expect(diffOrders(before, after)).toEqual([
      { field: 'additionalData.orderStatus', label: 'Status', from: 'Afventer', to: 'Gennemsyn' },
      { field: 'additionalData.internalOrderComment', label: 'Intern kommentar', from: null, to: 'Ring før ankomst' },
      { field: 'additionalData.windowManufacturer', label: 'Rudefabrikat', from: 'Ingen', to: 'Saint-Gobain' },
      { field: 'additionalData.workKM', label: 'Kilometerstand', from: null, to: '123456,5' },
      { field: 'additionalData.timeSpent', label: 'Tidsforbrug', from: null, to: '180+' },
      { field: 'timeAndPlace.date', label: 'Dato', from: '02/03-2026', to: '04/03-2026' },
      { field: 'timeAndPlace.from', label: 'Fra', from: '02/03-2026 08:00', to: '04/03-2026 12:00' },
      { field: 'customer.allowSms', label: 'Tillad SMS', from: 'Nej', to: 'Ja' },
    ]);
  });

  it('names people through the lookup and describes changed lines', () => {
    const before = base();
    const after = base();
    after.additionalData.worker = FITTER;
    after.items = [{ ...after.items[0]!, amount: 2 }, ZOrderItem.parse({ itemNo: '337', no: '337', name: 'Limpude', itemPrice: 65 })];
    const changes = diffOrders(before, after, (id) => (id === FITTER ? 'Ole Pedersen (OP)' : undefined));
    expect(changes).toEqual([
      { field: 'additionalData.worker', label: 'Montør', from: null, to: 'Ole Pedersen (OP)' },
      { field: 'items.F10001', label: 'Vare F10001', from: '1 x Forrude à 2.500,00 kr.', to: '2 x Forrude à 2.500,00 kr.' },
      { field: 'items.337', label: 'Vare 337', from: null, to: '1 x Limpude à 65,00 kr.' },
    ]);
  });

  it('treats a new order as every filled field changed, and knows the people of a complaint', () => {
    const after = base();
    after.complaint = ZComplaint.parse({
      complaintType: 'WITHOUT_SLOT',
      referenceWorker: FITTER,
      issues: [{ issue: 'Vindstøj', art: 'CUSTOMER' }],
    });
    const changes = diffOrders(null, after);
    expect(changes).toContainEqual({ field: 'additionalData.orderStatus', label: 'Status', from: null, to: 'Afventer' });
    expect(changes).toContainEqual({ field: 'complaint.complaintType', label: 'Reklamationstype', from: null, to: 'Reklamation uden tid' });
    expect(changes).toContainEqual({ field: 'complaint.issues', label: 'Reklamationsårsager', from: null, to: 'Vindstøj' });
    expect(personIds(null, after)).toEqual([FITTER]);
  });
});
