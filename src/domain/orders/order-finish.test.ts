import { describe, expect, it } from 'vitest';
import type { TOrderStatus, TOrderType } from './order-enums';
import { finishGaps, mayFinishAnyway, missingRequiredImages } from './order-finish';
import { ZComplaint, emptyOrder, type TOrder } from './order.schemas';

const FITTER = 'cccccccc-0000-4000-8000-000000000001';

function order(type: TOrderType, status: TOrderStatus = 'PROCESSING', patch: Partial<TOrder['additionalData']> = {}): TOrder {
  const o = emptyOrder();
  o.additionalData = { ...o.additionalData, orderType: type, orderStatus: status, ...patch };
  return o;
}

describe('finishGaps', () => {
  it('lists the missing photos, the fitter and the window maker of a replacement in the worksheet order', () => {
    const gaps = finishGaps(order('REPLACE_FRONT'), []);
    expect(gaps.map((g) => [g.field, g.label, g.kind])).toEqual([
      ['images.BEFORE', 'Billede: Før', 'photo'],
      ['images.AFTER', 'Billede: Efter', 'photo'],
      ['additionalData.worker', 'Montør', 'field'],
      ['additionalData.windowManufacturer', 'Rudefabrikat', 'field'],
    ]);
    expect(gaps[0]!.message).toBe('Du kan ikke afslutte din ordre, før der er tilføjet billeder');
    expect(gaps[2]!.message).toBe('Du mangler at vælge en montør !');
    expect(mayFinishAnyway(gaps)).toBe(false);
  });

  it('names only what is still missing; photos alone may be left out', () => {
    const o = order('REPLACE_FRONT', 'PROCESSING', { worker: FITTER, windowManufacturer: 'AGC' });
    const gaps = finishGaps(o, [{ imageType: 'BEFORE' }]);
    expect(gaps.map((g) => g.field)).toEqual(['images.AFTER']);
    expect(mayFinishAnyway(gaps)).toBe(true);
    expect(finishGaps(o, [{ imageType: 'BEFORE' }, { imageType: 'AFTER' }])).toEqual([]);
  });

  it("lists a customer complaint's internal comment first and its issue with the photos", () => {
    const o = order('COMPLAINT', 'PROCESSING', { worker: FITTER });
    o.complaint = ZComplaint.parse({ complaintType: 'WITHOUT_SLOT' });
    expect(finishGaps(o, []).map((g) => g.label)).toEqual(['Intern kommentar', 'Billede: Skade', 'Reklamation årsag']);
  });

  it('asks for the worker-fault answer when a service call is closed', () => {
    const o = order('COMPLAINT', 'SERVICE_CALL', { worker: FITTER, internalOrderComment: 'Vindstøj' });
    o.complaint = ZComplaint.parse({ complaintType: 'REPLACE_SLOT', otherIssue: 'Vindstøj' });
    expect(finishGaps(o, [{ imageType: 'DAMAGE' }]).map((g) => g.label)).toEqual(['Montørfejl']);
  });

  it('needs nothing on an extra sale with a fitter', () => {
    expect(finishGaps(order('SALE', 'PROCESSING_MORESALE', { worker: FITTER }), [])).toEqual([]);
  });
});

const ofType = (orderType: TOrderType) => ({ additionalData: { orderType } });

describe('missingRequiredImages', () => {
  it('asks a replacement for before and after photos', () => {
    expect(missingRequiredImages(ofType('REPLACE_FRONT'), [])).toEqual(['BEFORE', 'AFTER']);
    expect(missingRequiredImages(ofType('REPLACE_SIDE'), [{ imageType: 'BEFORE' }])).toEqual(['AFTER']);
    expect(missingRequiredImages(ofType('REPLACE_REAR'), [{ imageType: 'AFTER' }, { imageType: 'BEFORE' }])).toEqual([]);
  });

  it('asks a repair for the damage and the result, a complaint for the damage, a sale for nothing', () => {
    expect(missingRequiredImages(ofType('REPAIR'), [{ imageType: 'CUSTOM' }])).toEqual(['DAMAGE', 'AFTER']);
    expect(missingRequiredImages(ofType('COMPLAINT'), [])).toEqual(['DAMAGE']);
    expect(missingRequiredImages(ofType('INTERNAL_COMPLAINT'), [{ imageType: 'DAMAGE' }])).toEqual([]);
    expect(missingRequiredImages(ofType('SALE'), [])).toEqual([]);
  });
});
