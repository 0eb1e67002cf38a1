import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_RESULT_LIMIT, ZProductGroup, type TProductGroup } from '@/domain/catalogue/catalogue.schemas';
import { emptyOrder } from '@/domain/orders/order.schemas';
import { jsonResponse, renderWithProviders } from '../../../test-utils';
import { createOrderFlowStore, OrderFlowProvider } from '../flow/order-flow-store';
import { ProductsScreen } from './products-screen';

const fetchMock = vi.fn<typeof fetch>();

function windscreens(count: number): TProductGroup[] {
  const items = Array.from({ length: count }, (_, i) => ({
    itemNo: `F${10000 + i}`,
    no: `F${10000 + i}`,
    name: `Forrude ${i}`,
    itemPrice: 1000,
  }));
  return [ZProductGroup.parse({ id: 'g1', name: 'Forrude', checked: true, items })];
}

function renderSearch(found: TProductGroup[]) {
  fetchMock.mockImplementation(async (input) =>
    String(input).startsWith('/api/product/search/') ? jsonResponse(found) : jsonResponse([]),
  );
  const store = createOrderFlowStore(null);
  store.set(emptyOrder());
  renderWithProviders(
    <OrderFlowProvider store={store}>
      <ProductsScreen />
    </OrderFlowProvider>,
    { path: '/products?kind=Description&search=forrude' },
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('product search answer', () => {
  it('says when the list stops at the most a search answers', async () => {
    renderSearch(windscreens(PRODUCT_RESULT_LIMIT));
    expect(
      await screen.findByText(`Viser de første ${PRODUCT_RESULT_LIMIT} produkter – skriv flere ord for at indsnævre søgningen.`),
    ).toBeInTheDocument();
  });

  it('shows a shorter list as it is', async () => {
    renderSearch(windscreens(3));
    expect(await screen.findByText('Forrude 2')).toBeInTheDocument();
    expect(screen.queryByText(/Viser de første/)).not.toBeInTheDocument();
  });
});
