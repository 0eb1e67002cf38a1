import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test-utils';
import { addLoanCarDamage, fetchLoanCars, loanCarsDeviceKey, loanCarsQueryKey, removeLoanCarDamage } from './api';

const DEPARTMENT = '44444444-4444-4444-8444-444444444444';
const CAR = 'c0000000-0000-4000-8000-000000000001';
const ORDER = 'a0000000-0000-4000-8000-000000000009';

const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({}));
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockClear());

const asked = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), method: init?.method ?? 'GET' }));

describe('the loan-cars calls', () => {
  it('reads a department under the one key the departments screen and the worksheet share', async () => {
    await fetchLoanCars(DEPARTMENT);
    expect(asked()).toEqual([{ url: `/api/DepartmentLoanCar/${DEPARTMENT}`, method: 'GET' }]);
    expect(loanCarsQueryKey(DEPARTMENT)).toEqual(['loancars', DEPARTMENT]);
    expect(loanCarsDeviceKey(DEPARTMENT)).toBe(`loancars:${DEPARTMENT}`);
  });

  it("names the worksheet's order when it marks or removes a damage, and no order for the departments screen", async () => {
    await addLoanCarDamage(CAR, { x: 10, y: 20 }, ORDER);
    await removeLoanCarDamage(CAR, 'd1', ORDER);
    await addLoanCarDamage(CAR, { x: 10, y: 20 });
    await removeLoanCarDamage(CAR, 'd1');
    expect(asked()).toEqual([
      { url: `/api/DepartmentLoanCar/damage/add/${CAR}/?orderId=${ORDER}`, method: 'POST' },
      { url: `/api/DepartmentLoanCar/damage/remove/${CAR}/d1?orderId=${ORDER}`, method: 'DELETE' },
      { url: `/api/DepartmentLoanCar/damage/add/${CAR}/`, method: 'POST' },
      { url: `/api/DepartmentLoanCar/damage/remove/${CAR}/d1`, method: 'DELETE' },
    ]);
  });
});
