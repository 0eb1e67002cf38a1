import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { createMemoryRouter, Link, Outlet as RouterOutlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '@/domain/access/screens';
import { emptyOrder } from '@/domain/orders/order.schemas';
import { AppProviders } from '../../../app/providers';
import { LEAVE_CONFIRMATION_TEXT, useLeaveConfirmation } from '../../../lib/use-leave-confirmation';
import { createTestQueryClient } from '../../../test-utils';
import { FLOW_GUARD_KEY, useFlowLeaveConfirmation } from './flow-leave-guard';
import { createOrderFlowStore, OrderFlowProvider } from './order-flow-store';

const Menu = () => (
  <nav>
    <Link to={SCREENS.PRODUCTS.path}>Produkter</Link>
    <Link to="/delivery-time">Leveringstid</Link>
    <Link to="/reasons">Årsagslister</Link>
  </nav>
);

function Dashboard() {
  useFlowLeaveConfirmation();
  return <h1>Forside</h1>;
}

/** A step whose code never arrives: the moment between two steps, held open. */
const LoadingStep = lazy(() => new Promise<never>(() => {}));

/** A screen outside the flow with a guard of its own (the worksheet, Afdelinger). */
function OwnGuard() {
  useLeaveConfirmation(true);
  return <h1>Årsagslister</h1>;
}

function renderFlow() {
  const store = createOrderFlowStore(null);
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Menu />
            <RouterOutlet />
          </>
        ),
        // As the app's router: each screen in a boundary of its own, which shows its loader while the code loads.
        children: [
          { path: '/', element: <Dashboard /> },
          { path: SCREENS.PRODUCTS.path, element: <LoadingStep /> },
          { path: '/delivery-time', element: <h1>Leveringstid</h1> },
          { path: '/reasons', element: <OwnGuard /> },
        ].map((route) => ({
          ...route,
          element: (
            <Suspense key={route.path} fallback={<p>Indlæser siden</p>}>
              {route.element}
            </Suspense>
          ),
        })),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <OrderFlowProvider store={store}>
        <RouterProvider router={router} />
      </OrderFlowProvider>
    </AppProviders>,
  );
  return { router, store, user: userEvent.setup() };
}

describe('the flow’s leave question', () => {
  it('asks while the next step is still loading, and stays on Annuller', async () => {
    const { router, store, user } = renderFlow();
    store.set(emptyOrder());
    await user.click(screen.getByRole('link', { name: 'Produkter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(screen.getByText('Indlæser siden')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Leveringstid' }));
    expect(await screen.findByText(LEAVE_CONFIRMATION_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuller' }));
    await waitFor(() => expect(screen.queryByText(LEAVE_CONFIRMATION_TEXT)).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/products');
    expect(store.get()).not.toBeNull();
  });

  it('leaves and forgets the order on Fortsæt, and then steps aside for the next screen’s own guard', async () => {
    const { router, store, user } = renderFlow();
    store.set(emptyOrder());
    await user.click(screen.getByRole('link', { name: 'Produkter' }));
    await user.click(screen.getByRole('link', { name: 'Årsagslister' }));
    await user.click(await screen.findByRole('button', { name: 'Fortsæt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reasons'));
    expect(store.get()).toBeNull();
    await waitFor(() => expect(screen.queryByText(LEAVE_CONFIRMATION_TEXT)).not.toBeInTheDocument());

    // Årsagslister's own question is the one asked now; the flow's guard is gone from the router.
    await waitFor(() => expect(router.state.blockers.has(FLOW_GUARD_KEY)).toBe(false));
    await user.click(screen.getByRole('link', { name: 'Leveringstid' }));
    expect(await screen.findByText(LEAVE_CONFIRMATION_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuller' }));
    expect(router.state.location.pathname).toBe('/reasons');
  });

  it('lets the user go without a question when no order is in progress', async () => {
    const { router, user } = renderFlow();
    await user.click(screen.getByRole('link', { name: 'Produkter' }));
    await user.click(screen.getByRole('link', { name: 'Leveringstid' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/delivery-time'));
    expect(screen.queryByText(LEAVE_CONFIRMATION_TEXT)).not.toBeInTheDocument();
  });
});
