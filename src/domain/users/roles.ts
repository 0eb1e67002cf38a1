/** The system's roles, spelt as the original system spells them (`Adminstrator`). */
export const ROLES = [
  'Adminstrator',
  'CustomerService',
  'Operation',
  'Stock',
  'ReviewManager',
  'TimeManagement',
  'Complaint',
  'QuickStoneChip',
  'VINSearch',
  'AutovalidVINSearch',
] as const;

export type TRole = (typeof ROLES)[number];

/**
 * Danish labels. The first six are the spec's; the spec names no label for
 * the other four, so ours are listed in docs/decisions.md.
 */
export const ROLE_LABELS: Record<TRole, string> = {
  Adminstrator: 'Administrator',
  CustomerService: 'Kundeservice',
  Stock: 'Lager',
  ReviewManager: 'Ordregennemsyn',
  Operation: 'Drift',
  QuickStoneChip: 'Stenslag',
  TimeManagement: 'Tidsstyring',
  Complaint: 'Reklamation',
  VINSearch: 'VIN opslag',
  AutovalidVINSearch: 'Auto Valid VIN opslag',
};

export function isRole(value: string): value is TRole {
  return (ROLES as readonly string[]).includes(value);
}

export function hasAnyRole(userRoles: readonly string[], allowed: readonly TRole[]): boolean {
  return allowed.some((role) => userRoles.includes(role));
}
