import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse } from '../../test-utils';
import { useFitters, useOrderImages, useWorksheetOrder } from './api';
import { prefetchWorksheetOrder } from './order-query';

const ORDER_ID = '61150fe5-c738-4521-ac3b-b4d2ec8fff6b';
const ORDER_URL = `/api/order/order/${ORDER_ID}`;
const MEDIA_URL = `/api/media/${ORDER_ID}/10001`;
const FITTERS_URL = '/api/user/usersinrole/Operation';

/** The server's answers by path; the mock's calls say what was asked for. */
function serverMock() {
  return vi.fn(async (url: string) => {
    if (url === ORDER_URL) return jsonResponse({ additionalData: { orderNr: '10008' }, debitor: { no: '10001' } });
    if (url === MEDIA_URL) return jsonResponse([{ type: 'FRONT', title: 'Forrude', url: ['/api/media/file/1'] }]);
    if (url === FITTERS_URL) return jsonResponse([{ id: 'f1', name: 'Frede Montør' }]);
    return jsonResponse({ message: 'ukendt' }, { status: 404 });
  });
}

const asked = (fetchMock: ReturnType<typeof serverMock>) => fetchMock.mock.calls.map((call) => String(call[0]));

function OrderNr() {
  const { data } = useWorksheetOrder(ORDER_ID);
  return <p>{data ? `Ordre ${data.additionalData.orderNr}` : 'Henter'}</p>;
}

describe("a worksheet's order asked for while its screen loads", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is fetched once: the opened worksheet uses the answer the router asked for', async () => {
    const fetchMock = serverMock();
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
    expect(asked(fetchMock).filter((url) => url === ORDER_URL)).toHaveLength(1);
  });

  it("brings the worksheet's fitters and the order's photos along, so the worksheet is drawn once with all three", async () => {
    const fetchMock = serverMock();
    vi.stubGlobal('fetch', fetchMock);
    const client = createTestQueryClient();
    prefetchWorksheetOrder(client, { orderId: ORDER_ID });
    // The photos are asked for with the order's debitor, once the order has come.
    await waitFor(() => expect(client.getQueryState(['media', ORDER_ID])?.status).toBe('success'));
    await waitFor(() => expect(client.getQueryState(['user', 'usersinrole', 'Operation'])?.status).toBe('success'));

    function FirstDraw() {
      const order = useWorksheetOrder(ORDER_ID);
      const images = useOrderImages(ORDER_ID, '10001');
      const fitters = useFitters();
      return <p>{`${order.data?.additionalData.orderNr ?? '-'} ${images.data?.length ?? '-'} ${fitters.data?.[0]?.name ?? '-'}`}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <FirstDraw />
      </QueryClientProvider>,
    );
    // The first draw has every answer: nothing arrives later to draw the worksheet again.
    expect(screen.getByText('10008 1 Frede Montør')).toBeInTheDocument();
    expect(asked(fetchMock).sort()).toEqual([FITTERS_URL, MEDIA_URL, ORDER_URL].sort());
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
      const fetchMock = serverMock();
      vi.stubGlobal('fetch', fetchMock);
      const client = createTestQueryClient();
      prefetchWorksheetOrder(client, { orderId: ORDER_ID });
      await waitFor(() => expect(client.getQueryState(['order', 'worksheet', ORDER_ID])?.status).toBe('success'));
      vi.advanceTimersByTime(60_000);
      render(
        <QueryClientProvider client={client}>
          <OrderNr />
        </QueryClientProvider>,
      );
      await waitFor(() => expect(asked(fetchMock).filter((url) => url === ORDER_URL)).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
