import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyOrder } from '@/domain/orders/order.schemas';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { jsonResponse, renderWithProviders, testUser } from '../../../test-utils';
import { DashboardScreen } from './dashboard-screen';

// The order blocks are a chunk of their own, drawn when it has loaded: load it once up front, and let a busy
// machine take its time before a screen's part counts as missing.
configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await import('../components/order-blocks');
}, 30_000);

const TASK = (() => {
  const order = emptyOrder();
  order.additionalData = {
    ...order.additionalData,
    orderId: '55555555-5555-4555-8555-555555555555',
    orderNr: '100123',
    orderStatus: 'PROCESSING',
  };
  order.timeAndPlace = { ...order.timeAndPlace, from: '2026-11-23T08:00:00', to: '2026-11-23T10:00:00' };
  order.timeAndPlace.department = { ...order.timeAndPlace.department, name: 'Aarhus' };
  order.car = { ...order.car, registrationNumber: 'AB12345', make: 'Volkswagen', model: 'Golf VII' };
  order.customer = { ...order.customer, name: 'Jens Jensen', phone: '12345678' };
  return order;
})();

const NO_JOBS = { today: { date: '2026-11-23', jobs: [] }, tomorrow: { date: '2026-11-24', jobs: [] } };

let session: TUserInfo;
let listBody: unknown = null;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  sessionStorage.clear();
  listBody = null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/user/userinfo') return jsonResponse(session);
    if (url === '/api/order/orders') {
      listBody = JSON.parse(String(init?.body));
      return jsonResponse({ orders: [TASK], pageCount: 1 });
    }
    if (url === '/api/order/myjobs') return jsonResponse(NO_JOBS);
    if (url === '/api/car/manufacturers' || url === '/api/insurers' || url === '/api/leasers') return jsonResponse([]);
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function setPhone(phone: boolean) {
  vi.mocked(window.matchMedia).mockImplementation(
    (query: string) =>
      ({
        matches: phone && query.includes('max-width: 48em'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(() => false),
      }) as unknown as MediaQueryList,
  );
}

describe('dashboard blocks by role', () => {
  afterEach(() => setPhone(false));

  it('gives customer service the order and price enquiry blocks under its own Dagens opgaver (none), linking all assignments', async () => {
    session = testUser('KS', ['CustomerService']);
    renderWithProviders(<DashboardScreen />);
    expect(await screen.findByRole('heading', { name: 'Oprettelse af opgave*' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Prisforespørgsel' })).toBeInTheDocument();
    const today = screen.getByRole('region', { name: 'Dagens opgaver' });
    expect(await within(today).findByText('Ingen opgaver i dag')).toBeInTheDocument();
    expect(within(today).getByRole('link', { name: /Alle opgaver/ })).toHaveAttribute('href', '/assignments');
    // Customer service has no department list: nothing of the worksheet orders list is asked for.
    expect(within(today).queryByRole('table')).not.toBeInTheDocument();
    expect(listBody).toBeNull();
  });

  it('shows operations today’s tasks of their department in a table, linking every order and all assignments', async () => {
    session = testUser('OP', ['Operation']);
    renderWithProviders(<DashboardScreen />);
    const table = await screen.findByRole('table', { name: 'Afdelingens opgaver i dag' });
    expect(screen.getByRole('region', { name: 'Dagens opgaver' })).toContainElement(table);
    expect(within(table).getByRole('link', { name: '100123' })).toHaveAttribute('href', `/worksheet/${TASK.additionalData.orderId}`);
    expect(table).toHaveTextContent('08:00–10:00');
    expect(table).toHaveTextContent('AB 12 345');
    expect(screen.getByRole('link', { name: /Alle opgaver/ })).toHaveAttribute('href', '/assignments');
    expect(listBody).toMatchObject({ page: 0, orderSortType: 'DATE', status: 'PROCESSING', department: session.departmentGuid });
  });

  it('opens a detail panel from the compact table on a phone', async () => {
    setPhone(true);
    session = testUser('OP', ['Operation']);
    renderWithProviders(<DashboardScreen />);
    const row = await screen.findByRole('row', { name: 'Ordre 100123' });
    await userEvent.setup().click(row);
    const panel = await screen.findByRole('dialog', { name: 'Ordre 100123' });
    expect(panel).toHaveTextContent('Jens Jensen');
    expect(within(panel).getByRole('link', { name: 'Åbn arbejdskort' })).toHaveAttribute(
      'href',
      `/worksheet/${TASK.additionalData.orderId}`,
    );
  });

  it('shows stock users their own Dagens opgaver, their shortcuts and no order blocks', async () => {
    session = testUser('LAG', ['Stock']);
    renderWithProviders(<DashboardScreen />);
    expect(await screen.findByRole('list', { name: 'Genveje' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Oprettelse af opgave*' })).not.toBeInTheDocument();
    const today = screen.getByRole('region', { name: 'Dagens opgaver' });
    expect(await within(today).findByText('Ingen opgaver i dag')).toBeInTheDocument();
    // Stock may not open Opgaver: no link that leads to 'no access'.
    expect(within(today).queryByRole('link', { name: /Alle opgaver/ })).not.toBeInTheDocument();
  });
});
