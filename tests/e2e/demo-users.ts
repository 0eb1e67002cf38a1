import { DEMO_USERS as SEEDED } from '@/server/db/seed/seed-users';

/** The demo logins of the seed (password demo1234). */
export const DEMO_INITIALS = SEEDED.map((u) => u.initials);

/** The roles a demo login holds, as the seed gives them. */
export function demoRoles(initials: string): readonly string[] {
  const user = SEEDED.find((u) => u.initials === initials);
  if (!user) throw new Error(`${initials} is not a demo login`);
  return user.roles;
}
