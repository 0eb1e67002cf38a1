import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createTestQueryClient } from '../test-utils';
import { LeaveConfirmation, LEAVE_CONFIRMATION_TEXT, useLeaveConfirmation } from './use-leave-confirmation';

function FlowPage({ onConfirm }: { onConfirm: () => void }) {
  useLeaveConfirmation(true, onConfirm, { isInside: (pathname) => pathname === '/products' });
  return (
    <>
      <h1>Flow</h1>
      <Link to="/products">Produkter</Link>
      <Link to="/offers">Tilbud</Link>
    </>
  );
}

/** `page` at '/', beside the pages it may leave for. */
function renderAt(page: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '/products', element: <h1>Produkter</h1> },
      { path: '/offers', element: <h1>Tilbud</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}

function renderFlow() {
  const onConfirm = vi.fn();
  return { ...renderAt(<FlowPage onConfirm={onConfirm} />), onConfirm };
}

describe('useLeaveConfirmation', () => {
  it('asks before leaving the flow and stays on Annuller', async () => {
    const { router, onConfirm, user } = renderFlow();
    await user.click(screen.getByRole('link', { name: 'Tilbud' }));
    expect(await screen.findByText(LEAVE_CONFIRMATION_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuller' }));
    await waitFor(() => expect(screen.queryByText(LEAVE_CONFIRMATION_TEXT)).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('leaves and clears on Fortsæt', async () => {
    const { router, onConfirm, user } = renderFlow();
    await user.click(screen.getByRole('link', { name: 'Tilbud' }));
    await user.click(await screen.findByRole('button', { name: 'Fortsæt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/offers'));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('does not ask when moving inside the flow', async () => {
    const { router, user } = renderFlow();
    await user.click(screen.getByRole('link', { name: 'Produkter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(screen.queryByText(LEAVE_CONFIRMATION_TEXT)).not.toBeInTheDocument();
  });

  it('as a component it guards without drawing the screen around it again', async () => {
    let draws = 0;
    function Screen() {
      draws += 1;
      return (
        <>
          <LeaveConfirmation active />
          <h1>Arbejdskort</h1>
          <Link to="/offers">Tilbud</Link>
        </>
      );
    }
    const { user } = renderAt(<Screen />);
    await user.click(screen.getByRole('link', { name: 'Tilbud' }));
    expect(await screen.findByText(LEAVE_CONFIRMATION_TEXT)).toBeInTheDocument();
    // useBlocker in the screen itself draws it again after mounting, and again when the navigation is held.
    expect(draws).toBe(1);
  });
});
