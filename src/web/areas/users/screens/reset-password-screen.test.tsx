import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/domain/lib/validation';
import { RESET_MESSAGES } from '@/domain/users/user-messages';
import { AppProviders } from '../../../app/providers';
import { createTestQueryClient, jsonResponse } from '../../../test-utils';
import { ForgotForm, RESET_NOTICE } from '../components/forgot-form';
import { RESET_PAGE_TITLE, ResetPasswordScreen } from './reset-password-screen';

const fetchMock = vi.fn<typeof fetch>();
let confirmAnswer: Response;

beforeEach(() => {
  confirmAnswer = jsonResponse({ message: RESET_MESSAGES.done });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/user/resetpassword') return jsonResponse({ message: 'Password successfully reset, check your registered device' });
    if (url === '/api/user/resetpassword/confirm') return confirmAnswer;
    if (url === '/api/user/userinfo')
      return jsonResponse({ status: 401, type: 'UNAUTHORIZED_ERROR', message: 'Du er ikke logget ind' }, { status: 401 });
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(entry: InitialEntry) {
  const router = createMemoryRouter(
    [
      { path: '/forgot', element: <ForgotForm /> },
      { path: '/reset-password', element: <ResetPasswordScreen /> },
      { path: '/login', element: <p>Log ind-siden</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}

function bodiesTo(url: string): unknown[] {
  return fetchMock.mock.calls.filter(([u]) => u === url).map(([, init]) => JSON.parse(String(init!.body)));
}

describe('forgot password', () => {
  it('says a link or code was sent, the same for anyone, and leads on to typing the code', async () => {
    const { router, user } = renderAt('/forgot');
    await user.type(screen.getByLabelText(/^E-mail eller telefon/), '20338899');
    await user.click(screen.getByRole('button', { name: 'Nulstil' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_NOTICE);
    expect(RESET_NOTICE).toContain('Hvis brugeren findes');
    expect(bodiesTo('/api/user/resetpassword')).toEqual([{ Identifier: '20338899' }]);

    await user.click(screen.getByRole('link', { name: 'Jeg har fået en kode' }));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(await screen.findByLabelText(/^E-mail eller telefon/)).toHaveValue('20338899');
    expect(screen.getByLabelText(/^Kode/)).toBeInTheDocument();
  });
});

describe('reset password page', () => {
  it('asks only for the new password when opened from the link, and sends it with the token', async () => {
    const { user } = renderAt('/reset-password?token=abc-123');
    expect(screen.getByRole('heading', { name: RESET_PAGE_TITLE })).toBeInTheDocument();
    expect(document.title).toBe(`${RESET_PAGE_TITLE} – Rudeplan`);
    expect(screen.queryByLabelText(/^Kode/)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Ny adgangskode/), 'kort');
    await user.type(screen.getByLabelText(/^Bekræft ny adgangskode/), 'andet');
    await user.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    expect(await screen.findAllByText(MESSAGES.password)).not.toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Ny adgangskode/));
    await user.type(screen.getByLabelText(/^Ny adgangskode/), 'hemmelig1');
    await user.clear(screen.getByLabelText(/^Bekræft ny adgangskode/));
    await user.type(screen.getByLabelText(/^Bekræft ny adgangskode/), 'hemmelig2');
    await user.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    expect(await screen.findByText(MESSAGES.match)).toBeInTheDocument();
    expect(bodiesTo('/api/user/resetpassword/confirm')).toEqual([]);

    await user.clear(screen.getByLabelText(/^Bekræft ny adgangskode/));
    await user.type(screen.getByLabelText(/^Bekræft ny adgangskode/), 'hemmelig1');
    await user.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_MESSAGES.done);
    expect(bodiesTo('/api/user/resetpassword/confirm')).toEqual([
      { token: 'abc-123', identifier: '', code: '', password: 'hemmelig1', confirmPassword: 'hemmelig1' },
    ]);
    expect(screen.getByRole('link', { name: 'Gå til log ind' })).toHaveAttribute('href', '/login');
  });

  it('says clearly when the link is used or expired, and offers a new one', async () => {
    confirmAnswer = jsonResponse(
      { status: 400, type: 'GENERIC_ERROR', message: RESET_MESSAGES.linkExpired, errors: null },
      { status: 400 },
    );
    const { user } = renderAt('/reset-password?token=old');
    await user.type(screen.getByLabelText(/^Ny adgangskode/), 'hemmelig1');
    await user.type(screen.getByLabelText(/^Bekræft ny adgangskode/), 'hemmelig1');
    await user.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    expect((await screen.findByText(RESET_MESSAGES.linkExpired)).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Bed om et nyt link eller en ny kode' })).toHaveAttribute('href', '/forgot');
  });

  it('takes the SMS code with the e-mail or phone when opened without a link', async () => {
    const { user } = renderAt('/reset-password');
    await user.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    expect(await screen.findAllByText(MESSAGES.required)).toHaveLength(4);

    await user.type(screen.getByLabelText(/^E-mail eller telefon/), 'op@rudeplan.dk');
    await user.type(screen.getByLabelText(/^Kode/), '123 456');
    await user.type(screen.getByLabelText(/^Ny adgangskode/), 'hemmelig1');
    await user.type(screen.getByLabelText(/^Bekræft ny adgangskode/), 'hemmelig1');
    await user.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    await waitFor(() => expect(bodiesTo('/api/user/resetpassword/confirm')).toHaveLength(1));
    expect(bodiesTo('/api/user/resetpassword/confirm')[0]).toMatchObject({ identifier: 'op@rudeplan.dk', code: '123 456', token: '' });
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_MESSAGES.done);
  });
});
