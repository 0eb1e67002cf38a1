import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TOrder } from '@/domain/orders/order.schemas';
import { emptyOrder, ZOrderItem } from '@/domain/orders/order.schemas';
import { ORDER_VALIDATION_MESSAGES } from '@/domain/orders/order-validation';
import { renderWithProviders } from '../../../test-utils';
import { FlowBreadcrumb } from '../components/flow-breadcrumb';
import { FlowPage } from '../components/flow-page';
import { createOrderFlowStore, ORDER_FLOW_STORAGE_KEY, OrderFlowProvider } from './order-flow-store';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

const withCar = (order: TOrder): TOrder => ({
  ...order,
  car: { ...order.car, manuId: 121, make: 'Volkswagen', modId: 12101, model: 'Golf VII' },
});
const withItem = (order: TOrder): TOrder => ({
  ...order,
  items: [ZOrderItem.parse({ itemNo: 'F10001', no: 'F10001', name: 'Forrude', itemPrice: 1000 })],
});
const withCustomer = (order: TOrder): TOrder => ({
  ...order,
  additionalData: { ...order.additionalData, whoIsPaying: 'CASH' },
  customer: { ...order.customer, phone: '12345678' },
  debitor: { ...order.debitor, debitorName: 'Rudeplan Aarhus', address: 'Skanderborgvej 190', phone: '70101010' },
});

function links() {
  return screen.queryAllByRole('link').map((link) => link.textContent);
}

describe('breadcrumb gating', () => {
  it('opens a step only when every step before it validates', () => {
    const render = (...args: Parameters<typeof FlowBreadcrumb>) => renderWithProviders(<FlowBreadcrumb {...args[0]} />);

    let view = render({ order: emptyOrder(), current: 'DASHBOARD' });
    expect(screen.getByText('Forside')).toHaveAttribute('aria-current', 'step');
    expect(links()).toEqual([]);
    view.unmount();

    view = render({ order: withCar(emptyOrder()), current: 'DASHBOARD' });
    expect(links()).toEqual(['Produkter']);
    view.unmount();

    view = render({ order: withItem(withCar(emptyOrder())), current: 'PRODUCTS' });
    expect(links()).toEqual(['Forside', 'Kontaktinformation']);
    view.unmount();

    render({ order: withCustomer(withItem(withCar(emptyOrder()))), current: 'CUSTOMER' });
    expect(links()).toEqual(['Forside', 'Produkter', 'Tid og sted']);
    expect(screen.getByText('Bekræftelse')).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('flow page', () => {
  function renderProducts(order: TOrder | null) {
    const storage = memoryStorage();
    const store = createOrderFlowStore(storage);
    if (order) store.set(order);
    const utils = renderWithProviders(
      <OrderFlowProvider store={store}>
        <FlowPage step="PRODUCTS" title="Udskiftning af rude" continueHint={ORDER_VALIDATION_MESSAGES.noItems}>
          <p>Produkterne</p>
        </FlowPage>
      </OrderFlowProvider>,
      { path: '/products' },
    );
    return { ...utils, store, storage };
  }

  it('keeps Continue disabled until the step validates, with the reason beside it', () => {
    renderProducts(withCar(emptyOrder()));
    expect(screen.getByRole('button', { name: 'Fortsæt' })).toBeDisabled();
    expect(screen.getByText(ORDER_VALIDATION_MESSAGES.noItems)).toBeInTheDocument();
  });

  it('goes on to the next step once it validates', async () => {
    const { router } = renderProducts(withItem(withCar(emptyOrder())));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fortsæt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer'));
  });

  it('sends the user back when an earlier step is missing', () => {
    renderProducts(null);
    expect(screen.getByText('Et tidligere trin mangler')).toBeInTheDocument();
    expect(screen.queryByText('Produkterne')).not.toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Forside' })).toHaveAttribute('href', '/');
  });

  it('shows the footer with the car and the total incl. VAT', async () => {
    renderProducts(withItem(withCar(emptyOrder())));
    const footer = screen.getByRole('complementary', { name: 'Ordreoversigt' });
    expect(footer).toHaveTextContent('Volkswagen Golf VII');
    expect(footer).toHaveTextContent('1.250,00 kr.');
    const toggle = screen.getByRole('button', { name: 'Vis varer (1)' });
    await userEvent.setup().click(toggle);
    expect(screen.getByRole('button', { name: 'Skjul varer' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('table', { name: 'Varer på ordren', hidden: true })).toHaveTextContent('Forrude');
  });
});

describe('order flow store', () => {
  it('persists the order in the storage and forgets it when cleared', () => {
    const storage = memoryStorage();
    const store = createOrderFlowStore(storage);
    store.set(withCar(emptyOrder()));
    expect(JSON.parse(storage.data.get(ORDER_FLOW_STORAGE_KEY)!)).toMatchObject({ car: { make: 'Volkswagen' } });

    // A reload: a new store over the same storage finds the order again.
    expect(createOrderFlowStore(storage).get()?.car.model).toBe('Golf VII');

    store.set(null);
    expect(storage.data.has(ORDER_FLOW_STORAGE_KEY)).toBe(false);
  });

  it('drops a stored order that no longer fits the contract', () => {
    const storage = memoryStorage();
    storage.setItem(ORDER_FLOW_STORAGE_KEY, JSON.stringify({ items: 'not a list' }));
    expect(createOrderFlowStore(storage).get()).toBeNull();
  });
});
