import { SCREENS, type ScreenAccess, type TScreenName } from '@/domain/access';
import type { TRole } from '@/domain/users';

/**
 * Who may call a route: everyone, any signed-in user, or holders of one of the roles.
 * Every /api route declares one; the server refuses to start with a route that does not.
 */
export type RouteAccess = ScreenAccess;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** A GET that changes state (the spec's logout and more-sale creation): same-site only. */
    stateChangingGet?: boolean;
    /** The answer is a never-ending event stream (server-sent events): callers read its head, then close it. */
    eventStream?: boolean;
    /** Ends sessions or changes what they show (a user's roles, name, department; a department's name): this instance's kept sessions are forgotten. */
    forgetsSessions?: boolean;
  }
}

/**
 * The roles of the screens that make a call: a call used by several screens
 * allows the union of their roles (the rule for calls the spec names only by screen).
 */
export function screensAccess(...names: TScreenName[]): RouteAccess {
  const accesses = names.map((name) => SCREENS[name].access as ScreenAccess);
  if (accesses.includes('public')) return 'public';
  if (accesses.includes('signedIn')) return 'signedIn';
  const roles = new Set<TRole>();
  for (const access of accesses) for (const role of access as readonly TRole[]) roles.add(role);
  return [...roles];
}

export function describeAccess(access: RouteAccess): string {
  if (access === 'public') return 'Adgang: alle (ingen login).';
  if (access === 'signedIn') return 'Adgang: alle indloggede brugere.';
  return `Adgang: ${access.join(', ')}.`;
}
