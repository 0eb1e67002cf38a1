import { describe, expect, it } from 'vitest';
import { emptyOrder } from '../orders';
import { deviceJobFilters, listFilterTakes } from './device-jobs';

const AARHUS = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe("a fitter's device keeps", () => {
  it("today's and tomorrow's jobs of his department, waiting or on hold", () => {
    const filters = deviceJobFilters(AARHUS, new Date('2026-12-06T23:30:00Z'));
    // 00:30 in Copenhagen: already the 7th.
    expect(filters.map((f) => [f.fromDate, f.toDate, f.department, f.status])).toEqual([
      ['2026-12-07T00:00:00', '2026-12-08T23:59:59', AARHUS, 'PROCESSING'],
      ['2026-12-07T00:00:00', '2026-12-08T23:59:59', AARHUS, 'ON_HOLD'],
    ]);
    expect(deviceJobFilters('00000000-0000-0000-0000-000000000000')[0]!.department).toBe('');
  });
});

describe('a stored job shows offline in a list', () => {
  const order = emptyOrder();
  order.timeAndPlace.from = '2026-12-07T09:00:00';
  order.timeAndPlace.department.id = AARHUS;
  order.additionalData.orderStatus = 'PROCESSING';
  const today = { fromDate: '2026-12-07T00:00:00', toDate: '2026-12-07T23:59:59', department: AARHUS, status: 'PROCESSING' };

  it('whose filter takes its day, department and status', () => {
    expect(listFilterTakes(today, order)).toBe(true);
    expect(listFilterTakes({ ...today, status: '' }, order)).toBe(true);
  });

  it('not in another day, status or search', () => {
    expect(listFilterTakes({ ...today, fromDate: '2026-12-08T00:00:00', toDate: '2026-12-08T23:59:59' }, order)).toBe(false);
    expect(listFilterTakes({ ...today, status: 'FINISHED' }, order)).toBe(false);
    expect(listFilterTakes({ ...today, freeText: 'AB12345' }, order)).toBe(false);
  });
});
