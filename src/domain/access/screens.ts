import { type TRole, hasAnyRole } from '../users';

/**
 * Every screen of the three documents with the roles that may open it
 * (document 1 section 6, document 2 section 6, document 3 section 6).
 * The same table drives the route guards, the menu, the landing page and
 * the roles of the API calls each screen makes.
 * `'signedIn'` is a screen whose role list the spec leaves empty: any signed-in user.
 */
export type ScreenAccess = readonly TRole[] | 'signedIn' | 'public';

export interface Screen {
  path: string;
  access: ScreenAccess;
  /** Menu label; screens without one are reached from other screens. */
  menu?: string;
  /** Top items are shown first (Forside, Opgaver, Tilbud, Webordrer, Mobilservice Kort). */
  top?: boolean;
}

const A = 'Adminstrator';
const CS = 'CustomerService';
const OP = 'Operation';
const ST = 'Stock';
const RM = 'ReviewManager';
const TM = 'TimeManagement';
const CO = 'Complaint';

const ORDER_FLOW: readonly TRole[] = [A, CS, OP];
const PLANNING: readonly TRole[] = [A, CS, ST, OP];

export const SCREENS = {
  DASHBOARD: { path: '/', access: PLANNING, menu: 'Forside', top: true },
  ASSIGNMENTS: { path: '/assignments', access: ORDER_FLOW, menu: 'Opgaver', top: true },
  OFFERS: { path: '/offers', access: ORDER_FLOW, menu: 'Tilbud', top: true },
  WEB_ORDERS: { path: '/weborders', access: [A, CS], menu: 'Webordrer', top: true },
  MOBILE_SERVICE_MAP: { path: '/mobile-service-map', access: PLANNING, menu: 'Mobilservice Kort', top: true },
  CALENDAR: { path: '/calender', access: PLANNING, menu: 'Kalender' },
  ORDERS: { path: '/orders', access: [A, OP, ST], menu: 'Vareflyt' },
  PENDING: { path: '/pending', access: [A, RM], menu: 'Gennemsyn' },
  AVAILABLE_SLOTS: { path: '/available-slots', access: PLANNING, menu: 'Ledige slots' },
  DELIVERY_TIME: { path: '/delivery-time', access: 'signedIn', menu: 'Leveringstid' },
  ZIPCODE_AVALABILITY: { path: '/zipcodes', access: [A, CS], menu: 'Postnummer' },
  DEPARTMENTS: { path: '/departments', access: [A, TM], menu: 'Afdelinger' },
  DEPARTMENT_RULE_SET: { path: '/department-rule-set', access: [A], menu: 'Afdeling reglersæt' },
  DEBITOR_RULE_SET: { path: '/debitor-rule-set', access: [A], menu: 'Debitor regelsæt' },
  CAPACITY_OPTIMIZATION: { path: '/capacity-optimization', access: [A, OP], menu: 'Kapacitetsoptimering' },
  COMPLAINTS: { path: '/complaints', access: [A, CO], menu: 'Reklamationer' },
  OLD_PRODUCTS: { path: '/oldproducts', access: [A, CS, OP, RM, ST], menu: 'Gl. Prisliste' },
  USERS: { path: '/users', access: [A], menu: 'Brugeradministration' },
  REASONS: { path: '/reasons', access: [A], menu: 'Årsagslister' },
  OUTBOX: { path: '/outbox', access: [A], menu: 'Udbakke' },

  PRODUCTS: { path: '/products', access: ORDER_FLOW },
  CUSTOMER: { path: '/customer', access: ORDER_FLOW },
  BOOKING: { path: '/booking', access: ORDER_FLOW },
  CONFIRM: { path: '/confirm', access: ORDER_FLOW },
  RECEIPT: { path: '/receipt', access: ORDER_FLOW },
  SEARCH_PHONE_OR_MAIL: { path: '/assignments/:phoneOrMail', access: ORDER_FLOW },
  WORKSHEET: { path: '/worksheet/:orderId', access: [A, CS, OP, RM] },
  USER_CREATE: { path: '/users/create', access: [A] },
  USER_EDIT: { path: '/users/edit/:userId', access: [A] },
  DEPARTMENT: { path: '/departments/:departmentId', access: [A, TM] },
  AVAILABLE_SLOTS_JUTLAND: { path: '/available-slots-jutland', access: PLANNING },
  AVAILABLE_SLOTS_FYN_SJAELLAND: { path: '/available-slots-fyn-sjaelland', access: PLANNING },
  LOGIN: { path: '/login', access: 'public' },
  FORGOT: { path: '/forgot', access: 'public' },
} as const satisfies Record<string, Screen>;

export type TScreenName = keyof typeof SCREENS;

/** Roles whose holders are sent on from /login (document 3 section 2). */
export const LOGIN_REDIRECT_ROLES: readonly TRole[] = [A, CS, OP, RM, ST];

export function canOpen(access: ScreenAccess, roles: readonly string[] | null): boolean {
  if (access === 'public') return true;
  if (roles === null) return false;
  if (access === 'signedIn') return true;
  return hasAnyRole(roles, access);
}

/** The menu a user sees, in menu order. */
export function menuFor(roles: readonly string[]): Array<{ name: TScreenName; path: string; label: string; top: boolean }> {
  return (Object.entries(SCREENS) as Array<[TScreenName, Screen]>)
    .filter(([, s]) => s.menu !== undefined && canOpen(s.access, roles))
    .map(([name, s]) => ({ name, path: s.path, label: s.menu!, top: s.top === true }));
}

/**
 * Where a user lands after login: the first menu screen the roles may open.
 * Role-restricted screens win over the open Leveringstid, so a ReviewManager lands on /pending.
 */
export function landingPath(roles: readonly string[]): string {
  const menu = (Object.values(SCREENS) as Screen[]).filter((s) => s.menu !== undefined);
  const restricted = menu.find((s) => Array.isArray(s.access) && canOpen(s.access, roles));
  return (restricted ?? SCREENS.DELIVERY_TIME).path;
}
