import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from '@/domain/access/screens';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { createTestQueryClient, jsonResponse, testUser } from '../test-utils';
import { AppProviders } from './providers';
import { preloadScreenAt, routes } from './router';

/** A user of no department, as the route guards see them. */
const userWith = (initials: string, roles: string[]) =>
  testUser(initials, roles, {
    email: `${initials.toLowerCase()}@example.dk`,
    departmentId: '',
    departmentGuid: '00000000-0000-0000-0000-000000000000',
    departmentName: '',
    allowEmail: true,
  });

const ADM = userWith('ADM', ['Adminstrator', 'VINSearch', 'AutovalidVINSearch']);
const KS = userWith('KS', ['CustomerService']);

/** Every non-administrator role at once: the union still may not open an Adminstrator-only screen. */
const ALL_BUT_ADM = userWith('ALL', [
  'CustomerService',
  'Operation',
  'Stock',
  'ReviewManager',
  'TimeManagement',
  'Complaint',
  'QuickStoneChip',
  'VINSearch',
  'AutovalidVINSearch',
]);

let session: TUserInfo | null = null;
const fetchMock = vi.fn<typeof fetch>();

// Every screen is loaded as a chunk of its own when first opened and drawn in the background; load the ones these
// tests open once up front, so a test's wait is for the screen and not for the first transform of its files, and
// let a busy machine take its time before a screen counts as missing.
configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await Promise.all(['/', '/login', '/users'].map(preloadScreenAt));
}, 30_000);

beforeEach(() => {
  session = null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/user/userinfo') {
      return session
        ? jsonResponse(session)
        : jsonResponse({ status: 401, type: 'UNAUTHORIZED_ERROR', message: 'Du er ikke logget ind' }, { status: 401 });
    }
    if (url === '/api/user/login') {
      const body = JSON.parse(String(init?.body)) as { Email: string; Password: string };
      if (body.Email === 'ADM' && body.Password === 'demo1234') {
        session = ADM;
        return jsonResponse(ADM);
      }
      return jsonResponse(
        { status: 401, type: 'UNAUTHORIZED_ERROR', message: 'Invalid credentials.' },
        { status: 401, statusText: 'Unauthorized' },
      );
    }
    if (url === '/api/user/users') return jsonResponse([ADM, KS]);
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('routes and guards', () => {
  it('shows the unauthorised page with the login form when signed out', async () => {
    renderAt('/users');
    expect(await screen.findByRole('heading', { name: 'Ingen adgang' })).toBeInTheDocument();
    expect(screen.getByText('Du har ikke adgang til denne side.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Initialer/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log ind' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Hovedmenu' })).not.toBeInTheDocument();
  });

  it('shows the unauthorised page to a signed-in user without the role, and lets them sign in as someone else', async () => {
    session = KS;
    const user = userEvent.setup();
    const router = renderAt('/users');
    expect(await screen.findByRole('heading', { name: 'Ingen adgang' })).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Initialer/), 'ADM');
    await user.type(screen.getByLabelText(/^Adgangskode/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log ind' }));

    expect(await screen.findByRole('heading', { name: 'Brugeradministration' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
  });

  it('shows the signed-in user the menu of their roles, in menu order', async () => {
    session = ADM;
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Forside' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Hovedmenu' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(menuFor(ADM.roles).map((item) => item.label));
    expect(within(nav).getByRole('link', { name: 'Forside' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends unknown paths to the dashboard', async () => {
    session = KS;
    const router = renderAt('/findes-ikke');
    expect(await screen.findByRole('heading', { name: 'Forside' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user on from /login to their landing page', async () => {
    session = KS;
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('toasts the server message when the login is refused', async () => {
    const user = userEvent.setup();
    renderAt('/login');
    await user.type(await screen.findByLabelText(/^Initialer/), 'ADM');
    await user.type(screen.getByLabelText(/^Adgangskode/), 'forkert');
    await user.click(screen.getByRole('button', { name: 'Log ind' }));
    expect(await screen.findByText('Invalid credentials.')).toBeInTheDocument();
  });
});

describe('the rule-set screens are for Adminstrator only', () => {
  const RULE_SET_SCREENS = [
    { path: '/department-rule-set', label: 'Afdeling reglersæt', api: '/api/departmentRuleSet' },
    { path: '/debitor-rule-set', label: 'Debitor regelsæt', api: '/api/debitorruleset' },
  ];
  const asked = (prefix: string) => fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(prefix));
  const menuLabels = () =>
    within(screen.getByRole('navigation', { name: 'Hovedmenu' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  beforeAll(async () => {
    await Promise.all(RULE_SET_SCREENS.map((s) => preloadScreenAt(s.path)));
  }, 30_000);

  it.each(RULE_SET_SCREENS)(
    'shows CustomerService the no-access page at $path, asks nothing of its API, and has no $label in the menu',
    async ({ path, label, api }) => {
      session = KS;
      const router = renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Ingen adgang' })).toBeInTheDocument();
      expect(screen.getByText('Du har ikke adgang til denne side.')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: label })).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      // The signed-in user keeps the menu of their roles, without either rule-set screen.
      const labels = menuLabels();
      expect(labels).toEqual(menuFor(KS.roles).map((item) => item.label));
      expect(labels).toContain('Postnummer');
      expect(labels).not.toContain('Afdeling reglersæt');
      expect(labels).not.toContain('Debitor regelsæt');
      expect(asked(api)).toEqual([]);
    },
  );

  it('refuses both screens to a user with every role but Adminstrator', async () => {
    session = ALL_BUT_ADM;
    for (const { path } of RULE_SET_SCREENS) {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Ingen adgang' })).toBeInTheDocument();
      const labels = menuLabels();
      expect(labels).toContain('Afdelinger');
      expect(labels).not.toContain('Afdeling reglersæt');
      expect(labels).not.toContain('Debitor regelsæt');
      cleanup();
    }
    expect(asked('/api/departmentRuleSet')).toEqual([]);
    expect(asked('/api/debitorruleset')).toEqual([]);
  });

  it.each(RULE_SET_SCREENS)('opens $path for Adminstrator, whose menu links to it', async ({ path, label }) => {
    session = ADM;
    renderAt(path);
    expect(await screen.findByRole('heading', { name: label, level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ingen adgang' })).not.toBeInTheDocument();
    const link = within(screen.getByRole('navigation', { name: 'Hovedmenu' })).getByRole('link', { name: label });
    expect(link).toHaveAttribute('href', path);
    expect(link).toHaveAttribute('aria-current', 'page');
  });
});

describe('SCREEN_MODULES', () => {
  it("names exactly the modules the router imports, so the server preloads each screen's real files", async () => {
    const { SCREEN_MODULES } = await import('./screen-modules');
    // The router's own text, as Vite reads it.
    const source = (await import('./router.tsx?raw')).default;
    // Each imported path with its file's extension (.tsx for a component, .ts for a plain module).
    const sources = new Set(Object.keys(import.meta.glob('../areas/**/*.{ts,tsx}')).map((key) => key.slice('../'.length)));
    const withExtension = (file: string) => (sources.has(`${file}.ts`) ? `${file}.ts` : `${file}.tsx`);
    const imported = new Set([...source.matchAll(/import\('\.\.\/([^']+)'\)/g)].map((m) => withExtension(m[1]!)));
    const listed = new Set<string>(Object.values(SCREEN_MODULES).flat());
    // The reset page is reached by a link only, never a page a server sends first.
    expect([...imported].filter((file) => !listed.has(file))).toEqual(['areas/users/screens/reset-password-screen.tsx']);
    expect([...listed].filter((file) => !imported.has(file))).toEqual([]);
  });
});
