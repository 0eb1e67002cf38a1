import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse } from '../../test-utils';
import { useWorksheetOrder } from './api';
import { prefetchWorksheetOrder } from './order-query';

const ORDER_ID = '61150fe5-c738-4521-ac3b-b4d2ec8fff6b';

function OrderNr() {
  const { data } = useWorksheetOrder(ORDER_ID);
  return <p>{data ? `Ordre ${data.additionalData.orderNr}` : 'Henter'}</p>;
}

describe("a worksheet's order asked for while its screen loads", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is fetched once: the opened worksheet uses the answer the router asked for', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ additionalData: { orderNr: '10008' } }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createTestQueryClient();
    prefetchWorksheetOrder(client, { orderId: ORDER_ID });
    await waitFor(() => expect(client.getQueryState(['order', 'worksheet', ORDER_ID])?.status).toBe('success'));

    render(
      <QueryClientProvider client={client}>
        <OrderNr />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Ordre 10008')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(`/api/order/order/${ORDER_ID}`);
  });

  it('asks for nothing without an order id', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const client = createTestQueryClient();
    prefetchWorksheetOrder(client, {});
    prefetchWorksheetOrder(client, { orderId: 'ikke-et-id' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is fetched anew when a worksheet opens later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetchMock = vi.fn(async () => jsonResponse({ additionalData: { orderNr: '10008' } }));
      vi.stubGlobal('fetch', fetchMock);
      const client = createTestQueryClient();
      prefetchWorksheetOrder(client, { orderId: ORDER_ID });
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      await waitFor(() => expect(client.getQueryState(['order', 'worksheet', ORDER_ID])?.status).toBe('success'));
      vi.advanceTimersByTime(60_000);
      render(
        <QueryClientProvider client={client}>
          <OrderNr />
        </QueryClientProvider>,
      );
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
