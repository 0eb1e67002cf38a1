import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { createBrowserRouter, matchPath, Navigate, useLocation, useParams } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { TScreenName } from '@/domain/access/screens';
import { SCREENS } from '@/domain/access/screens';
import type { TOrderListView } from '@/domain/order-lists';
import { prefetchDepartmentSummaries } from '../areas/departments/department-lists';
import { WorksheetFallback } from '../areas/worksheet/components/worksheet-fallback';
import { prefetchWorksheetOrder } from '../areas/worksheet/order-query';
import { ScreenFallback } from '../components/screen-fallback';
import { danishCollation, importAfterSchemas, orderSchemas } from '../lib/staged-import';
import { RouteGuard } from './route-guard';
import { AppLayout } from './shell/app-layout';

/**
 * Every screen is a chunk of its own, loaded when its route is first opened (issue 11: the first page
 * loads only the shell and its own screen). The screen files are imported directly, not through the
 * areas' index.ts, so an area's other screens stay out of the chunk. `preload` starts the download
 * early: the page being opened asks for its screen while the session is still being checked.
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  const component = lazy(async () => ({ default: await load() }));
  return Object.assign(component, { preload: load });
}

// The order blocks (zod, the order's schemas, the product search: twice the dashboard's own files) lie below the
// dashboard's first blocks: the dashboard asks for them as it draws (its lazy OrderBlocks), so on a slow connection
// they do not share the bandwidth of what it shows first (issue 38).
const DashboardScreen = lazyScreen(() => import('../areas/dashboard/screens/dashboard-screen').then((m) => m.DashboardScreen));
const LoginScreen = lazyScreen(() => import('../areas/users/screens/login-screen').then((m) => m.LoginScreen));
const ResetPasswordScreen = lazyScreen(() => import('../areas/users/screens/reset-password-screen').then((m) => m.ResetPasswordScreen));
const UsersScreen = lazyScreen(() => import('../areas/users/screens/users-screen').then((m) => m.UsersScreen));
const UserCreateScreen = lazyScreen(() => import('../areas/users/screens/user-create-screen').then((m) => m.UserCreateScreen));
const UserEditScreen = lazyScreen(() => import('../areas/users/screens/user-edit-screen').then((m) => m.UserEditScreen));
const OutboxScreen = lazyScreen(() => import('../areas/outbox/screens/outbox-screen').then((m) => m.OutboxScreen));
const ReasonsScreen = lazyScreen(() => import('../areas/journal/screens/reasons-screen').then((m) => m.ReasonsScreen));
const OldPricesScreen = lazyScreen(() => import('../areas/old-prices/screens/old-prices-screen').then((m) => m.OldPricesScreen));
const ProductsScreen = lazyScreen(() => import('../areas/orders/screens/products-screen').then((m) => m.ProductsScreen));
const CustomerScreen = lazyScreen(() => import('../areas/orders/screens/customer-screen').then((m) => m.CustomerScreen));
const BookingScreen = lazyScreen(() => import('../areas/orders/screens/booking-screen').then((m) => m.BookingScreen));
const ConfirmScreen = lazyScreen(() => import('../areas/orders/screens/confirm-screen').then((m) => m.ConfirmScreen));
const ReceiptScreen = lazyScreen(() => import('../areas/orders/screens/receipt-screen').then((m) => m.ReceiptScreen));
const WorksheetScreen = lazyScreen(() =>
  importAfterSchemas([...orderSchemas, danishCollation], () => import('../areas/worksheet/screens/worksheet-screen')).then(
    (m) => m.WorksheetScreen,
  ),
);
// The lists validate nothing (budget.spec.ts): their screen comes without zod, which it waited for as one more
// download in a row before the list could be drawn (issue 38: Opgaver on a slow phone).
const OrderListScreen = lazyScreen<{ view: TOrderListView }>(() =>
  import('../areas/order-lists/screens/order-list-screen').then((m) => m.OrderListScreen),
);
const DepartmentsScreen = lazyScreen(() => import('../areas/departments/screens/departments-screen').then((m) => m.DepartmentsScreen));
const ZipCodesScreen = lazyScreen(() => import('../areas/departments/screens/zip-codes-screen').then((m) => m.ZipCodesScreen));
const ComplaintReportScreen = lazyScreen(() =>
  import('../areas/reports/screens/complaint-report-screen').then((m) => m.ComplaintReportScreen),
);
const DepartmentRuleSetScreen = lazyScreen(() =>
  import('../areas/rule-sets/screens/department-rule-set-screen').then((m) => m.DepartmentRuleSetScreen),
);
const DebitorRuleSetScreen = lazyScreen(() =>
  import('../areas/rule-sets/screens/debitor-rule-set-screen').then((m) => m.DebitorRuleSetScreen),
);
const TransfersScreen = lazyScreen(() => import('../areas/transfers/screens/transfers-screen').then((m) => m.TransfersScreen));
const MobileServiceMapScreen = lazyScreen(() =>
  importAfterSchemas([danishCollation], () => import('../areas/map/screens/mobile-service-map-screen')).then(
    (m) => m.MobileServiceMapScreen,
  ),
);
const CalendarScreen = lazyScreen(() => {
  // The calendar grid (react-big-calendar) is a chunk of its own, asked for beside the screen's (both after zod, each
  // in a task of its own).
  void importAfterSchemas([], () => import('../areas/calendar/components/department-calendar')).catch(() => undefined);
  return importAfterSchemas([danishCollation], () => import('../areas/calendar/screens/calendar-screen')).then((m) => m.CalendarScreen);
});
const AvailableSlotsScreen = lazyScreen(() =>
  import('../areas/planning/screens/available-slots-screen').then((m) => m.AvailableSlotsScreen),
);
const AvailableSlotsJutlandScreen = lazyScreen(() =>
  import('../areas/planning/screens/region-slots-screen').then((m) => m.AvailableSlotsJutlandScreen),
);
const AvailableSlotsFynSjaellandScreen = lazyScreen(() =>
  import('../areas/planning/screens/region-slots-screen').then((m) => m.AvailableSlotsFynSjaellandScreen),
);
const DeliveryTimeScreen = lazyScreen(() => import('../areas/planning/screens/delivery-time-screen').then((m) => m.DeliveryTimeScreen));
const CapacityOptimizationScreen = lazyScreen(() =>
  import('../areas/capacity/screens/capacity-optimization-screen').then((m) => m.CapacityOptimizationScreen),
);

/**
 * Draws the screen in the background once the session lets it through: React splits that work into short
 * tasks instead of one long one that blocks a slow phone for a second (issue 11: total blocking time), and
 * the loader keeps the screen's room until it is ready.
 */
function DeferredScreen({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useDeferredValue<ReactNode>(children, fallback);
}

type LazyScreen<P extends object> = ReturnType<typeof lazyScreen<P>>;

/** Asks for a screen's first answer; the screen's own query then finds it on its way or there. */
type Prefetch = (client: QueryClient, params: Readonly<Record<string, string | undefined>>) => void;

interface BuiltScreen {
  element: () => ReactNode;
  preload: () => Promise<unknown>;
  prefetch?: Prefetch;
  /** What the route shows while the screen loads, when it can show more than the loader. */
  fallback?: ComponentType;
}

/** A built screen: its element, the start of its chunk's download, and what it asks the server for first. */
function built<P extends object>(Screen: LazyScreen<P>, props: P, prefetch?: Prefetch, fallback?: ComponentType): BuiltScreen {
  return { element: () => <Screen {...props} />, preload: Screen.preload, prefetch, fallback };
}

/**
 * Asks for the screen's first answer as soon as the user may open it, while the screen's files still load: that
 * answer no longer waits for them (issue 17: a phone saw a worksheet's order or the calendar's departments only one
 * round trip after its files had come).
 */
function PrefetchScreenData({ prefetch }: { prefetch: Prefetch }) {
  const client = useQueryClient();
  const params = useParams();
  // Once per screen and parameters, however often the route is drawn (a second ask would fetch a worksheet again).
  const key = JSON.stringify(params);
  useEffect(() => prefetch(client, JSON.parse(key) as Record<string, string | undefined>), [prefetch, client, key]);
  return null;
}

/**
 * The map's departments at once, and the jobs it opens with once they are there: the map's own file (after zod, in a
 * task of its own) works out which vans and days those are.
 */
const prefetchMap: Prefetch = (client) => {
  prefetchDepartmentSummaries(client);
  void importAfterSchemas([], () => import('../areas/map/prefetch'))
    .then((m) => m.prefetchOpeningJobs(client))
    .catch(() => undefined);
};

/** The dashboard's 'Dagens opgaver', for the users who see it (the dashboard's own light file, not its screen). */
const prefetchDashboard: Prefetch = (client) => {
  void import('../areas/dashboard/dashboard-blocks').then((m) => m.prefetchTodaysTasks(client)).catch(() => undefined);
};

/** A list screen's first page, from the filter the screen opens with. */
const prefetchList =
  (view: TOrderListView): Prefetch =>
  (client, params) => {
    void import('../areas/order-lists/opening-filter').then((m) => m.prefetchOpeningList(client, view, params)).catch(() => undefined);
  };

/** Every screen of SCREENS with its element (the type asks for all of them: no menu item leads to a placeholder). */
const BUILT: Record<TScreenName, BuiltScreen> = {
  DASHBOARD: built(DashboardScreen, {}, prefetchDashboard),
  LOGIN: built(LoginScreen, {}),
  FORGOT: built(LoginScreen, {}),
  USERS: built(UsersScreen, {}),
  USER_CREATE: built(UserCreateScreen, {}),
  USER_EDIT: built(UserEditScreen, {}),
  OUTBOX: built(OutboxScreen, {}),
  REASONS: built(ReasonsScreen, {}),
  OLD_PRODUCTS: built(OldPricesScreen, {}),
  PRODUCTS: built(ProductsScreen, {}),
  CUSTOMER: built(CustomerScreen, {}),
  BOOKING: built(BookingScreen, {}),
  CONFIRM: built(ConfirmScreen, {}),
  RECEIPT: built(ReceiptScreen, {}),
  WORKSHEET: built(WorksheetScreen, {}, prefetchWorksheetOrder, WorksheetFallback),
  ASSIGNMENTS: built(OrderListScreen, { view: 'ASSIGNMENTS' }, prefetchList('ASSIGNMENTS')),
  SEARCH_PHONE_OR_MAIL: built(OrderListScreen, { view: 'SEARCH_PHONE_OR_MAIL' }, prefetchList('SEARCH_PHONE_OR_MAIL')),
  OFFERS: built(OrderListScreen, { view: 'OFFERS' }, prefetchList('OFFERS')),
  WEB_ORDERS: built(OrderListScreen, { view: 'WEB_ORDERS' }, prefetchList('WEB_ORDERS')),
  PENDING: built(OrderListScreen, { view: 'PENDING' }, prefetchList('PENDING')),
  COMPLAINTS: built(ComplaintReportScreen, {}),
  DEPARTMENTS: built(DepartmentsScreen, {}),
  DEPARTMENT: built(DepartmentsScreen, {}),
  ZIPCODE_AVALABILITY: built(ZipCodesScreen, {}),
  DEPARTMENT_RULE_SET: built(DepartmentRuleSetScreen, {}),
  DEBITOR_RULE_SET: built(DebitorRuleSetScreen, {}),
  MOBILE_SERVICE_MAP: built(MobileServiceMapScreen, {}, prefetchMap),
  CALENDAR: built(CalendarScreen, {}, prefetchDepartmentSummaries),
  ORDERS: built(TransfersScreen, {}),
  AVAILABLE_SLOTS: built(AvailableSlotsScreen, {}),
  AVAILABLE_SLOTS_JUTLAND: built(AvailableSlotsJutlandScreen, {}),
  AVAILABLE_SLOTS_FYN_SJAELLAND: built(AvailableSlotsFynSjaellandScreen, {}),
  DELIVERY_TIME: built(DeliveryTimeScreen, {}),
  CAPACITY_OPTIMIZATION: built(CapacityOptimizationScreen, {}),
};

function screenRoute(name: TScreenName): RouteObject {
  const screen = SCREENS[name];
  const build = BUILT[name];
  const element = build.element();
  const Fallback = build.fallback ?? ScreenFallback;
  return {
    path: screen.path,
    element: (
      <Suspense key={name} fallback={<Fallback />}>
        <RouteGuard access={screen.access}>
          {build.prefetch ? <PrefetchScreenData prefetch={build.prefetch} /> : null}
          <DeferredScreen fallback={<Fallback />}>{element}</DeferredScreen>
        </RouteGuard>
      </Suspense>
    ),
  };
}

/** Every path of SCREENS; unknown paths go to the dashboard (document 1 section 2). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...(Object.keys(SCREENS) as TScreenName[]).map(screenRoute),
      // Document 3: the map is also reached as /mobile-map-service (its query kept, e.g. a custom view's).
      { path: '/mobile-map-service', element: <MapAlias /> },
      {
        path: '/reset-password', // public: the link of a password reset
        element: (
          <Suspense fallback={<ScreenFallback />}>
            <ResetPasswordScreen />
          </Suspense>
        ),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** /mobile-map-service → /mobile-service-map with the same query, so both spellings open the one map screen. */
function MapAlias() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: SCREENS.MOBILE_SERVICE_MAP.path, search, hash }} replace />;
}

let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;

/** Starts loading the chunk of the screen at this path (the page being opened), beside the shell's own requests. */
export function preloadScreenAt(pathname: string): Promise<void> {
  const name = (Object.keys(SCREENS) as TScreenName[]).find((screen) => matchPath(SCREENS[screen].path, pathname));
  const preload = name ? BUILT[name].preload : undefined;
  // A failure shows when the screen itself is rendered.
  return (preload?.() ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}

export function AppRouter() {
  if (!browserRouter) {
    void preloadScreenAt(window.location.pathname);
    browserRouter = createBrowserRouter(routes);
  }
  return <RouterProvider router={browserRouter} />;
}
