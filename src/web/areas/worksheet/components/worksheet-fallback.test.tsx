import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TOrder } from '@/domain/orders/order.schemas';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '../../../test-utils';
import { orderQueryKey, prefetchWorksheetOrder } from '../order-query';
import { WorksheetFallback } from './worksheet-fallback';

const ORDER_ID = '61150fe5-c738-4521-ac3b-b4d2ec8fff6b';

const order = (orderStatus: string) => ({ additionalData: { orderNr: '10008', orderStatus } }) as unknown as TOrder;

function open(client = createTestQueryClient()) {
  renderWithProviders(<WorksheetFallback />, { path: `/worksheet/${ORDER_ID}`, route: '/worksheet/:orderId', queryClient: client });
  return client;
}

describe("the worksheet's route while its screen loads", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the order's heading above the loader once the order the router asked for is there", async () => {
    const client = open();
    // Before the order: the heading's room, hidden from sight and from screen readers, and the loader.
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status', { name: 'Indlæser siden' })).toBeInTheDocument();

    act(() => client.setQueryData(orderQueryKey(ORDER_ID), order('PROCESSING')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Arbejdskort 10008' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Indlæser siden' })).toBeInTheDocument();
  });

  it('gives an offer no heading: it opens in the booking step', () => {
    const client = createTestQueryClient();
    client.setQueryData(orderQueryKey(ORDER_ID), order('OFFER'));
    open(client);
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it("gives an unknown order no heading: the worksheet shows 'Unauthorized Worksheet'", () => {
    const client = createTestQueryClient();
    client.setQueryData(orderQueryKey(ORDER_ID), null);
    open(client);
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it("leaves the router's fetch of the order alone when it goes: the worksheet finds the order, asked for once", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn((url: string) =>
      url.startsWith('/api/order/order/') ? new Promise<Response>((resolve) => (answer = resolve)) : Promise.resolve(jsonResponse([])),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = createTestQueryClient();
    const { unmount } = renderWithProviders(<WorksheetFallback />, {
      path: `/worksheet/${ORDER_ID}`,
      route: '/worksheet/:orderId',
      queryClient: client,
    });
    prefetchWorksheetOrder(client, { orderId: ORDER_ID });
    // The worksheet takes the fallback's place while the order is still on its way.
    unmount();
    answer(jsonResponse(order('PROCESSING')));
    await waitFor(() => expect(client.getQueryState(orderQueryKey(ORDER_ID))?.status).toBe('success'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/order/order/'))).toHaveLength(1);
  });
});
