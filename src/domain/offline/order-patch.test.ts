import { describe, expect, it } from 'vitest';
import { changedFields, withFieldChanges } from './order-patch';

describe("a save's own changes", () => {
  const base = { additionalData: { windowManufacturer: '', timeSpent: 0, orderStatus: 'PROCESSING' }, items: [{ no: 'A' }], note: 'x' };

  it('are the fields the fitter changed, two levels deep', () => {
    const mine = { ...base, additionalData: { ...base.additionalData, windowManufacturer: 'AGC', orderStatus: 'FINISHED' } };
    expect(changedFields(base, mine)).toEqual([
      { path: ['additionalData', 'windowManufacturer'], value: 'AGC' },
      { path: ['additionalData', 'orderStatus'], value: 'FINISHED' },
    ]);
  });

  it('go on top of a newer copy without undoing what another user changed there', () => {
    const mine = { ...base, additionalData: { ...base.additionalData, windowManufacturer: 'AGC' } };
    const fresh = { ...base, additionalData: { ...base.additionalData, timeSpent: 90 }, note: 'office' };
    expect(withFieldChanges(fresh, changedFields(base, mine))).toEqual({
      ...fresh,
      additionalData: { windowManufacturer: 'AGC', timeSpent: 90, orderStatus: 'PROCESSING' },
    });
  });

  it('take a changed list whole', () => {
    const mine = { ...base, items: [{ no: 'A' }, { no: 'B' }] };
    expect(changedFields(base, mine)).toEqual([{ path: ['items'], value: [{ no: 'A' }, { no: 'B' }] }]);
  });
});
