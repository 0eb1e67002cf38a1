import { hasAnyRole, type TRole } from '../users';

/**
 * Stock corrections (POST /api/transfer/correction): a count's difference booked in a bin as a CORRECTION movement.
 * The route and Vareflyt's 'Ret antal' action share these rules, so the screen offers exactly what the server takes.
 */

/** Who may correct a count: the stock keepers. Operation ships and receives, but does not correct counts. */
export const STOCK_CORRECTION_ROLES = ['Adminstrator', 'Stock'] as const satisfies readonly TRole[];

export function canCorrectStock(roles: readonly string[] | null | undefined): boolean {
  return roles != null && hasAnyRole(roles, STOCK_CORRECTION_ROLES);
}

/**
 * The correction a count makes: what was counted minus what the app holds (positive when more was found, negative
 * when less), the quantity the call sends.
 */
export function differenceFromCount(current: number, counted: number): number {
  return counted - current;
}
