import { describe, expect, it } from 'vitest';
import { missingLines, salesOrderLines } from './business-central';

const receipt = {
  Order_No: '10042',
  Items: [
    { Description: 'Forrude', Amount: 1, Payment: 3600, ItemNo: 'FRONT-001' },
    { Description: 'Regnsensor', Amount: 2, Payment: 333.33, ItemNo: 'SENSOR-1' },
    { Description: 'Kunden ringer ved ankomst', Amount: 0, Payment: 0, ItemNo: '' },
  ],
};

describe('Business Central sales order lines', () => {
  it('writes an item line per item (net unit price) and a comment line for free text', () => {
    expect(salesOrderLines(receipt, 'loc-1')).toEqual([
      { lineType: 'Item', lineObjectNumber: 'FRONT-001', description: 'Forrude', quantity: 1, unitPrice: 3600, locationId: 'loc-1' },
      { lineType: 'Item', lineObjectNumber: 'SENSOR-1', description: 'Regnsensor', quantity: 2, unitPrice: 166.67, locationId: 'loc-1' },
      { lineType: 'Comment', description: 'Kunden ringer ved ankomst' },
    ]);
    expect(salesOrderLines(receipt, null)[0]).not.toHaveProperty('locationId');
  });

  it('adds only the lines not yet on the order, counting repeated items', () => {
    const wanted = salesOrderLines({ ...receipt, Items: [...receipt.Items, receipt.Items[0]!] }, null);
    expect(missingLines(wanted, [])).toHaveLength(4);
    expect(missingLines(wanted, [{ lineType: 'Item', lineObjectNumber: 'FRONT-001' }]).map((l) => l.description)).toEqual([
      'Regnsensor',
      'Kunden ringer ved ankomst',
      'Forrude',
    ]);
    expect(
      missingLines(wanted, [
        { lineType: 'Item', lineObjectNumber: 'FRONT-001' },
        { lineType: 'Item', lineObjectNumber: 'FRONT-001' },
        { lineType: 'Item', lineObjectNumber: 'SENSOR-1' },
        { lineType: 'Comment', description: 'Kunden ringer ved ankomst' },
      ]),
    ).toEqual([]);
  });
});
