import { describe, expect, it } from 'vitest';
import { isOrdersLoanCar, type TDamageOrder } from './loan-car-rules';

const CAR_A = '11111111-1111-4111-8111-111111111111';
const CAR_A2 = '22222222-2222-4222-8222-222222222222';
const CAR_C = '33333333-3333-4333-8333-333333333333';
const order = (change: Partial<TDamageOrder> = {}): TDamageOrder => ({ lentCarIds: [CAR_A, CAR_A2], hasFreeLoanCar: true, ...change });

describe('isOrdersLoanCar', () => {
  it("is a car the order's department lends, on an order with the free loan car", () => {
    expect(isOrdersLoanCar(order(), CAR_A)).toBe(true);
    expect(isOrdersLoanCar(order(), CAR_A2.toUpperCase())).toBe(true);
    expect(isOrdersLoanCar(order(), CAR_C)).toBe(false);
    expect(isOrdersLoanCar(order({ hasFreeLoanCar: false }), CAR_A)).toBe(false);
  });
});
