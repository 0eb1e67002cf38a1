import { describe, expect, it } from 'vitest';
import { type TDamageOrder, LOAN_CAR_MESSAGES } from '../loan-cars';
import { damageRefusal, marksDamagesOfDepartments } from './loan-car-damages';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const keys = [
  { id: A, navResponsibilityCenter: 'MIDT' },
  { id: B, navResponsibilityCenter: 'MIDT' },
  { id: C, navResponsibilityCenter: 'SYD' },
];
const CAR_A = '11111111-1111-4111-8111-111111111111';
const CAR_A2 = '22222222-2222-4222-8222-222222222222';
const CAR_C = '33333333-3333-4333-8333-333333333333';
const carA = { id: CAR_A, departmentId: A };
const carC = { id: CAR_C, departmentId: C };
const order = (change: Partial<TDamageOrder> = {}): TDamageOrder => ({ lentCarIds: [CAR_A, CAR_A2], hasFreeLoanCar: true, ...change });

describe('damageRefusal', () => {
  it('lets an administrator mark any car, with or without an order', () => {
    expect(damageRefusal({ roles: ['Adminstrator'], departmentId: null }, carC, keys, null)).toBeNull();
  });

  it("lets TimeManagement mark its own centre's cars, not another centre's", () => {
    const tm = { roles: ['TimeManagement'], departmentId: A };
    expect(damageRefusal(tm, carA, keys, null)).toBeNull();
    expect(damageRefusal({ ...tm, departmentId: B }, carA, keys, null)).toBeNull();
    expect(damageRefusal(tm, carC, keys, null)).toBe(LOAN_CAR_MESSAGES.notYourCentresCar);
    // An order gives TimeManagement nothing: it has no worksheet.
    expect(damageRefusal(tm, carC, keys, order({ lentCarIds: [CAR_C] }))).toBe(LOAN_CAR_MESSAGES.notYourCentresCar);
  });

  it("lets the worksheet's roles mark only the loan car of the order they send", () => {
    for (const roles of [['CustomerService'], ['Operation'], ['ReviewManager']]) {
      const user = { roles, departmentId: A };
      expect(damageRefusal(user, carA, keys, order())).toBeNull();
      expect(damageRefusal(user, carA, keys, null)).toBe(LOAN_CAR_MESSAGES.notTheOrdersCar);
      expect(damageRefusal(user, carC, keys, order())).toBe(LOAN_CAR_MESSAGES.notTheOrdersCar);
    }
  });

  it('lets TimeManagement with a worksheet role mark its centre on the Departments screen and its order\'s car on the worksheet', () => {
    const user = { roles: ['TimeManagement', 'Operation'], departmentId: A };
    expect(damageRefusal(user, carA, keys, null)).toBeNull();
    expect(damageRefusal(user, carC, keys, order({ lentCarIds: [CAR_C] }))).toBeNull();
    expect(damageRefusal(user, carC, keys, order())).toBe(LOAN_CAR_MESSAGES.notTheOrdersCar);
  });

  it('shows the Departments screen marking to administrators and TimeManagement', () => {
    expect(marksDamagesOfDepartments({ roles: ['Adminstrator'] })).toBe(true);
    expect(marksDamagesOfDepartments({ roles: ['TimeManagement'] })).toBe(true);
    expect(marksDamagesOfDepartments({ roles: ['Operation'] })).toBe(false);
  });
});
