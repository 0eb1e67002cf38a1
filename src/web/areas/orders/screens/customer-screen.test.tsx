import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCar, TOrder } from '@/domain/orders/order.schemas';
import { emptyOrder, ZOrderItem } from '@/domain/orders/order.schemas';
import { jsonResponse, renderWithProviders } from '../../../test-utils';
import { OrderBlock } from '../components/order-block';
import { createOrderFlowStore, OrderFlowProvider } from '../flow/order-flow-store';
import { CustomerScreen } from './customer-screen';

/** What the registry answers for AB12345: a private owner, the insurer as Bilstatistik writes it. */
const REGISTERED: Partial<TCar> = {
  registrationNumber: 'AB12345',
  manuId: 121,
  make: 'Volkswagen',
  modId: 12101,
  model: 'Golf VII',
  modelYear: 2019,
  insurance: 'TRYG FORSIKRING A/S',
  leasing: 'IkkeLeaset',
  owner: 'Hanne Holm',
};

const fetchMock = vi.fn<typeof fetch>();
let registered: Partial<TCar> = REGISTERED;

beforeEach(() => {
  registered = REGISTERED;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/car/search/AB12345') return jsonResponse({ ...emptyOrder().car, ...registered });
    if (url === '/api/insurers')
      return jsonResponse([{ name: 'Tryg', bilStatistikName: 'TRYG FORSIKRING A/S', cashDebitorId: '11001', debitorNo: '10001' }]);
    if (url === '/api/car/manufacturers') return jsonResponse([{ manuId: 121, manuName: 'Volkswagen' }]);
    if (url.startsWith('/api/car/models'))
      return jsonResponse([{ modelId: 12101, modelName: 'Golf VII', yearOfConstrFrom: 201211, yearOfConstrTo: 202003 }]);
    if (url.startsWith('/api/debitor/search/')) return jsonResponse([]);
    if (url === '/api/leasers') return jsonResponse([]);
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderWith(element: React.ReactElement, order: TOrder | null = null, path = '/') {
  const store = createOrderFlowStore(null);
  if (order) store.set(order);
  renderWithProviders(<OrderFlowProvider store={store}>{element}</OrderFlowProvider>, { path });
  return { store, user: userEvent.setup() };
}

async function lookUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Registreringsnummer' }), 'AB12345');
  await user.click(screen.getByRole('button', { name: 'Søg bil' }));
}

describe('the car look-up fills what it knows', () => {
  it('takes the customer from a private owner and names the insurer as the register does', async () => {
    const { store, user } = renderWith(<OrderBlock />);
    await lookUp(user);
    await waitFor(() => expect(store.get()?.car.registrationNumber).toBe('AB12345'));
    expect(store.get()?.customer.name).toBe('Hanne Holm');
    // One name for the insurer: the register's 'Tryg', not the registry's 'TRYG FORSIKRING A/S'.
    expect(store.get()?.car.insurance).toBe('Tryg');
    expect(screen.getByRole('combobox', { name: 'Forsikring' })).toHaveValue('Tryg');
  });

  it('keeps a name the user typed, and fills none from a company or a leased car', async () => {
    const typed = emptyOrder();
    typed.customer = { ...typed.customer, name: 'Jens Jensen' };
    let view = renderWith(<OrderBlock />, typed);
    await lookUp(view.user);
    await waitFor(() => expect(view.store.get()?.car.registrationNumber).toBe('AB12345'));
    expect(view.store.get()?.customer.name).toBe('Jens Jensen');
    cleanup();

    registered = { ...REGISTERED, owner: 'Nordjysk Taxa A/S' };
    view = renderWith(<OrderBlock />);
    await lookUp(view.user);
    await waitFor(() => expect(view.store.get()?.car.registrationNumber).toBe('AB12345'));
    expect(view.store.get()?.customer.name).toBe('');
  });
});

describe('the customer step', () => {
  it('names the fields that are missing instead of a general hint', async () => {
    const order = emptyOrder();
    order.car = { ...order.car, ...REGISTERED, insurance: 'Tryg' };
    order.items = [ZOrderItem.parse({ itemNo: 'F10001', no: 'F10001', name: 'Forrude', itemPrice: 1000 })];
    order.customer = { ...order.customer, name: 'Hanne Holm', zipCode: '8000', city: 'Aarhus C', phone: '1234' };
    order.debitor = {
      ...order.debitor,
      no: '10001',
      debitorName: 'Tryg Forsikring A/S',
      address: 'Klausdalsbrovej 601',
      phone: '70112020',
    };
    renderWith(<CustomerScreen />, order, '/customer');
    const footer = await screen.findByRole('complementary', { name: 'Ordreoversigt' });
    expect(
      within(footer).getByText('Udfyld Kundens adresse og Kundens e-mail. Ret Kundens telefon: Minimum 8 tegn krævet.'),
    ).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Fortsæt' })).toBeDisabled();
    expect(screen.queryByText('Udfyld de påkrævede felter for at fortsætte.')).not.toBeInTheDocument();
    // The footer names the insurer as the Forsikring field does.
    await waitFor(() => expect(within(footer).getByText('Tryg')).toBeInTheDocument());
  });
});
