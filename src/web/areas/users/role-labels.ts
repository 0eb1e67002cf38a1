import { isRole, ROLE_LABELS, ROLES } from '@/domain/users/roles';

/** Danish labels of a user's roles in the order of ROLES; unknown roles are shown as written. */
export function roleLabels(roles: readonly string[]): string[] {
  const known = ROLES.filter((role) => roles.includes(role)).map((role) => ROLE_LABELS[role]);
  const unknown = roles.filter((role) => !isRole(role));
  return [...known, ...unknown];
}
