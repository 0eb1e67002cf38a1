import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { TScreenName } from '@/domain/access/screens';
import { SCREENS } from '@/domain/access/screens';
import { DashboardScreen } from '../areas/dashboard';
import { OrderListScreen } from '../areas/order-lists';
import { BookingScreen, ConfirmScreen, CustomerScreen, ProductsScreen, ReceiptScreen } from '../areas/orders';
import { OldPricesScreen } from '../areas/old-prices';
import { OutboxScreen } from '../areas/outbox';
import { ReasonsScreen } from '../areas/reasons';
import { ComplaintReportScreen } from '../areas/reports';
import { WorksheetScreen } from '../areas/worksheet';
import { LoginScreen, ResetPasswordScreen, UserCreateScreen, UserEditScreen, UsersScreen } from '../areas/users';
import { PlaceholderScreen } from '../components/placeholder-screen';
import { RouteGuard } from './route-guard';
import { AppLayout } from './shell/app-layout';

/** The screens this issue builds; every other screen of SCREENS gets the shared placeholder. */
const BUILT: Partial<Record<TScreenName, () => ReactNode>> = {
  DASHBOARD: () => <DashboardScreen />,
  LOGIN: () => <LoginScreen />,
  FORGOT: () => <LoginScreen />,
  USERS: () => <UsersScreen />,
  USER_CREATE: () => <UserCreateScreen />,
  USER_EDIT: () => <UserEditScreen />,
  OUTBOX: () => <OutboxScreen />,
  REASONS: () => <ReasonsScreen />,
  OLD_PRODUCTS: () => <OldPricesScreen />,
  PRODUCTS: () => <ProductsScreen />,
  CUSTOMER: () => <CustomerScreen />,
  BOOKING: () => <BookingScreen />,
  CONFIRM: () => <ConfirmScreen />,
  RECEIPT: () => <ReceiptScreen />,
  WORKSHEET: () => <WorksheetScreen />,
  ASSIGNMENTS: () => <OrderListScreen view="ASSIGNMENTS" />,
  SEARCH_PHONE_OR_MAIL: () => <OrderListScreen view="SEARCH_PHONE_OR_MAIL" />,
  OFFERS: () => <OrderListScreen view="OFFERS" />,
  WEB_ORDERS: () => <OrderListScreen view="WEB_ORDERS" />,
  PENDING: () => <OrderListScreen view="PENDING" />,
  COMPLAINTS: () => <ComplaintReportScreen />,
};

/** Titles of the screens that later issues build (the spec's own names). */
export const PLACEHOLDER_TITLES: Partial<Record<TScreenName, string>> = {
  DASHBOARD: 'Forside',
  ASSIGNMENTS: 'Opgaver',
  OFFERS: 'Tilbud',
  WEB_ORDERS: 'Webordrer',
  MOBILE_SERVICE_MAP: 'Mobilservice Kort',
  CALENDAR: 'Kalender',
  ORDERS: 'Vareflyt',
  PENDING: 'Gennemsyn',
  AVAILABLE_SLOTS: 'Ledige slots',
  DELIVERY_TIME: 'Leveringstid',
  ZIPCODE_AVALABILITY: 'Postnummer styring',
  DEPARTMENTS: 'Afdelinger',
  DEPARTMENT_RULE_SET: 'Afdeling reglersæt',
  DEBITOR_RULE_SET: 'Debitor regelsæt',
  CAPACITY_OPTIMIZATION: 'Kapacitetsoptimering',
  COMPLAINTS: 'Reklamation Rapport',
  OLD_PRODUCTS: 'Gl. Prisliste',
  USERS: 'Brugeradministration',
  REASONS: 'Årsagslister',
  OUTBOX: 'Udbakke',
  SEARCH_PHONE_OR_MAIL: 'Opgaver',
  WORKSHEET: 'Arbejdskort',
  USER_CREATE: 'Opret bruger',
  USER_EDIT: 'Rediger bruger',
  DEPARTMENT: 'Afdelinger',
  AVAILABLE_SLOTS_JUTLAND: 'Ledige slots – Jylland',
  AVAILABLE_SLOTS_FYN_SJAELLAND: 'Ledige slots – Fyn og Sjælland',
  LOGIN: 'Log ind',
  FORGOT: 'Glemt adgangskode',
};

function screenRoute(name: TScreenName): RouteObject {
  const screen = SCREENS[name];
  const build = BUILT[name];
  const element = build ? build() : <PlaceholderScreen title={PLACEHOLDER_TITLES[name] ?? name} />;
  return {
    path: screen.path,
    element: (
      <RouteGuard key={name} access={screen.access}>
        {element}
      </RouteGuard>
    ),
  };
}

/** Every path of SCREENS; unknown paths go to the dashboard (document 1 section 2). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...(Object.keys(SCREENS) as TScreenName[]).map(screenRoute),
      { path: '/reset-password', element: <ResetPasswordScreen /> }, // public: the link of a password reset
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;

export function AppRouter() {
  browserRouter ??= createBrowserRouter(routes);
  return <RouterProvider router={browserRouter} />;
}
