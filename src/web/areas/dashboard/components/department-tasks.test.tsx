import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyOrder, type TOrder } from '@/domain/orders/order.schemas';
import { SESSION_QUERY_KEY } from '../../../lib/query-client';
import { createTestQueryClient, jsonResponse, renderWithProviders, testUser } from '../../../test-utils';
import { prefetchTodaysTasks, todaysFilter } from '../dashboard-blocks';
import { DepartmentTasks } from './department-tasks';

/** Keyboard use of the department's jobs in 'Dagens opgaver' (issue 11): one tab stop per row, the order number. */

function task(n: number): TOrder {
  const order = emptyOrder();
  order.additionalData = {
    ...order.additionalData,
    orderId: `55555555-5555-4555-8555-00000000000${n}`,
    orderNr: `10012${n}`,
    orderStatus: 'PROCESSING',
  };
  order.timeAndPlace = { ...order.timeAndPlace, from: '2026-11-23T08:00:00', to: '2026-11-23T10:00:00' };
  order.timeAndPlace.department = { ...order.timeAndPlace.department, name: 'Aarhus' };
  order.car = { ...order.car, registrationNumber: 'AB12345', make: 'Volkswagen', model: 'Golf VII' };
  order.customer = { ...order.customer, name: `Kunde ${n}` };
  return order;
}
const TASKS = [task(1), task(2)];

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

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url === '/api/user/userinfo') return jsonResponse(testUser('OP', ['Operation']));
      if (url === '/api/order/orders') return jsonResponse({ orders: TASKS, pageCount: 1 });
      return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  setPhone(false);
});

/** The elements Tab stops at inside an element, in document order. */
function tabStops(element: HTMLElement): HTMLElement[] {
  return [...element.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), input, select, textarea, [tabindex]')].filter(
    (e) => e.tabIndex >= 0,
  );
}

describe("'Dagens opgaver' asked for while the dashboard loads", () => {
  const listCalls = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url) === '/api/order/orders');

  it('is the list the block shows, so the block has it at once and does not ask again', async () => {
    const client = createTestQueryClient();
    const user = testUser('OP', ['Operation']);
    client.setQueryData(SESSION_QUERY_KEY, user);
    prefetchTodaysTasks(client);
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(JSON.parse(String(listCalls()[0]![1]?.body))).toEqual(todaysFilter(user.departmentGuid));
    renderWithProviders(<DepartmentTasks />, { queryClient: client });
    expect(await screen.findByText('Kunde 1')).toBeInTheDocument();
    // Past the block's mount and its effects: a list it did not find (or found stale) would be asked for by now,
    // and be fetching still or counted.
    expect(client.isFetching({ queryKey: ['order', 'list'] })).toBe(0);
    expect(listCalls()).toHaveLength(1);
  });

  it('is not asked for a user who does not see it, who gets its own jobs asked for', async () => {
    const client = createTestQueryClient();
    client.setQueryData(SESSION_QUERY_KEY, testUser('KS', ['CustomerService']));
    prefetchTodaysTasks(client);
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain('/api/order/myjobs'));
    expect(listCalls()).toHaveLength(0);
  });
});

describe('Dagens opgaver', () => {
  it('on a desktop gives each row one tab stop: the order number, a real link to the worksheet', async () => {
    renderWithProviders(<DepartmentTasks />);
    const table = await screen.findByRole('table', { name: 'Dagens opgaver' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    for (const [index, row] of rows.entries()) {
      const stops = tabStops(row);
      expect(stops).toHaveLength(1);
      expect(stops[0]).toHaveAccessibleName(TASKS[index]!.additionalData.orderNr);
      expect(stops[0]).toHaveAttribute('href', `/worksheet/${TASKS[index]!.additionalData.orderId}`);
      expect(row).not.toHaveAttribute('tabindex');
    }
    // Tab goes from one order number to the next.
    const user = userEvent.setup();
    within(rows[0]!).getByRole('link').focus();
    await user.tab();
    expect(within(rows[1]!).getByRole('link')).toHaveFocus();
  });

  it('on a desktop opens the worksheet from a click anywhere on the row', async () => {
    const { router } = renderWithProviders(<DepartmentTasks />);
    const row = (await screen.findByRole('link', { name: '100122' })).closest('tr')!;
    await userEvent.setup().click(within(row).getByText('Kunde 2'));
    expect(router.state.location.pathname).toBe(`/worksheet/${TASKS[1]!.additionalData.orderId}`);
  });

  it('on a phone makes the order number the row’s one tab stop, a button that opens the details with Enter', async () => {
    setPhone(true);
    renderWithProviders(<DepartmentTasks />);
    const row = await screen.findByRole('row', { name: 'Ordre 100121' });
    const stops = tabStops(row);
    expect(stops).toHaveLength(1);
    expect(stops[0]).toBe(within(row).getByRole('button', { name: '100121' }));
    expect(row).not.toHaveAttribute('tabindex');
    const user = userEvent.setup();
    stops[0]!.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Ordre 100121' });
    expect(within(panel).getByRole('link', { name: 'Åbn arbejdskort' })).toHaveAttribute(
      'href',
      `/worksheet/${TASKS[0]!.additionalData.orderId}`,
    );
  });
});
