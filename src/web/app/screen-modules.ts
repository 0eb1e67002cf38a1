import type { TScreenName } from '@/domain/access/screens';

/**
 * The source modules (under src/web) each screen loads when it opens: its screen and what the router asks for
 * beside it. The build turns them into the screen's files (vite.config.ts, `.vite/screen-preloads.json`), and the
 * server names those files in the page it sends, so a phone fetches the screen while the app's first script still
 * loads (issue 11). router.test.tsx holds this table to the router's own imports.
 */
export const SCREEN_MODULES = {
  DASHBOARD: ['areas/dashboard/screens/dashboard-screen.tsx', 'areas/dashboard/dashboard-blocks.ts'],
  LOGIN: ['areas/users/screens/login-screen.tsx'],
  FORGOT: ['areas/users/screens/login-screen.tsx'],
  USERS: ['areas/users/screens/users-screen.tsx'],
  USER_CREATE: ['areas/users/screens/user-create-screen.tsx'],
  USER_EDIT: ['areas/users/screens/user-edit-screen.tsx'],
  OUTBOX: ['areas/outbox/screens/outbox-screen.tsx'],
  REASONS: ['areas/journal/screens/reasons-screen.tsx'],
  OLD_PRODUCTS: ['areas/old-prices/screens/old-prices-screen.tsx'],
  PRODUCTS: ['areas/orders/screens/products-screen.tsx'],
  CUSTOMER: ['areas/orders/screens/customer-screen.tsx'],
  BOOKING: ['areas/orders/screens/booking-screen.tsx'],
  CONFIRM: ['areas/orders/screens/confirm-screen.tsx'],
  RECEIPT: ['areas/orders/screens/receipt-screen.tsx'],
  WORKSHEET: ['areas/worksheet/screens/worksheet-screen.tsx'],
  ASSIGNMENTS: ['areas/order-lists/screens/order-list-screen.tsx', 'areas/order-lists/opening-filter.ts'],
  SEARCH_PHONE_OR_MAIL: ['areas/order-lists/screens/order-list-screen.tsx', 'areas/order-lists/opening-filter.ts'],
  OFFERS: ['areas/order-lists/screens/order-list-screen.tsx', 'areas/order-lists/opening-filter.ts'],
  WEB_ORDERS: ['areas/order-lists/screens/order-list-screen.tsx', 'areas/order-lists/opening-filter.ts'],
  PENDING: ['areas/order-lists/screens/order-list-screen.tsx', 'areas/order-lists/opening-filter.ts'],
  COMPLAINTS: ['areas/reports/screens/complaint-report-screen.tsx'],
  DEPARTMENTS: ['areas/departments/screens/departments-screen.tsx'],
  DEPARTMENT: ['areas/departments/screens/departments-screen.tsx'],
  ZIPCODE_AVALABILITY: ['areas/departments/screens/zip-codes-screen.tsx'],
  DEPARTMENT_RULE_SET: ['areas/rule-sets/screens/department-rule-set-screen.tsx'],
  DEBITOR_RULE_SET: ['areas/rule-sets/screens/debitor-rule-set-screen.tsx'],
  MOBILE_SERVICE_MAP: ['areas/map/screens/mobile-service-map-screen.tsx', 'areas/map/prefetch.ts'],
  CALENDAR: ['areas/calendar/screens/calendar-screen.tsx', 'areas/calendar/components/department-calendar.tsx'],
  ORDERS: ['areas/transfers/screens/transfers-screen.tsx'],
  AVAILABLE_SLOTS: ['areas/planning/screens/available-slots-screen.tsx'],
  AVAILABLE_SLOTS_JUTLAND: ['areas/planning/screens/region-slots-screen.tsx'],
  AVAILABLE_SLOTS_FYN_SJAELLAND: ['areas/planning/screens/region-slots-screen.tsx'],
  DELIVERY_TIME: ['areas/planning/screens/delivery-time-screen.tsx'],
  CAPACITY_OPTIMIZATION: ['areas/capacity/screens/capacity-optimization-screen.tsx'],
} as const satisfies Record<TScreenName, readonly string[]>;

/** What a signed-out browser is shown on any page but the login pages: the unauthorised page with the login form. */
export const UNAUTHORISED_MODULES = ['areas/users/screens/unauthorised-screen.tsx'] as const;
