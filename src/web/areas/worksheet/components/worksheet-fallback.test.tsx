import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOrder } from '@/domain/orders/order.schemas';
import { createTestQueryClient, renderWithProviders } from '../../../test-utils';
import { orderQueryKey } from '../order-query';
import { WorksheetFallback } from './worksheet-fallback';

const ORDER_ID = '61150fe5-c738-4521-ac3b-b4d2ec8fff6b';

const order = (orderStatus: string) => ({ additionalData: { orderNr: '10008', orderStatus } }) as unknown as TOrder;

function open(client = createTestQueryClient()) {
  renderWithProviders(<WorksheetFallback />, { path: `/worksheet/${ORDER_ID}`, route: '/worksheet/:orderId', queryClient: client });
  return client;
}

describe("the worksheet's route while its screen loads", () => {
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
});
