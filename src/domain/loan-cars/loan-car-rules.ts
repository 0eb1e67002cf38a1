/**
 * The order's loan car (document 2 'Loan car'): the worksheet's roles mark and remove damages only on it, at handover
 * and return (who marks which car: departments/department-rules.ts, since a department's editors mark its cars).
 */

/** The order a worksheet marks damages for, as far as its loan car goes. */
export interface TDamageOrder {
  /** The cars the order's department lends: its own, or a mobile van's parent workshop's. */
  lentCarIds: readonly string[];
  /** Whether the order has the free loan car (BIL001), which enables the loan agreement. */
  hasFreeLoanCar: boolean;
}

/**
 * Whether the car can be the order's loan car: the order has the free loan car and its department lends the car.
 * Any of them, also after an agreement is signed: a car swapped at handover is marked before its agreement is signed.
 */
export function isOrdersLoanCar(order: TDamageOrder, carId: string): boolean {
  return order.hasFreeLoanCar && order.lentCarIds.some((id) => id.toLowerCase() === carId.toLowerCase());
}
