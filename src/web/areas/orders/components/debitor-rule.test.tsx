import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOrder } from '@/domain/orders/order.schemas';
import { emptyOrder } from '@/domain/orders/order.schemas';
import type { TDebitor } from '@/domain/parties/party.schemas';
import type { TDebitorRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import { jsonResponse, renderWithProviders, waitForQueriesSettled } from '../../../test-utils';
import { createOrderFlowStore, OrderFlowProvider } from '../flow/order-flow-store';
import { debitorRuleReason } from './debitor-rule';
import { PaymentFields } from './payment-fields';

describe('debitorRuleReason', () => {
  it('names the filled parties of a debtor rule in Danish, in the order user, owner, leasing company, insurer', () => {
    expect(debitorRuleReason({ user: '', owner: ' Ayvens Danmark A/S ', leasing: '', insurrance: '' })).toBe('ejer Ayvens Danmark A/S');
    expect(debitorRuleReason({ user: '', owner: 'Ayvens Danmark A/S', leasing: '', insurrance: 'Tryg' })).toBe(
      'ejer Ayvens Danmark A/S og forsikring Tryg',
    );
    expect(debitorRuleReason({ user: 'Lone Kjær', owner: '', leasing: 'Arval', insurrance: 'Tryg' })).toBe(
      'bruger Lone Kjær, leasingselskab Arval og forsikring Tryg',
    );
  });
});

const AYVENS: TDebitor = {
  no: '20001',
  debitorName: 'Ayvens Danmark A/S',
  address: 'Lautrupvang 1',
  zipCode: '2750',
  city: 'Ballerup',
  phone: '70202020',
  email: 'skade@ayvens.dk',
  cvr: '12345678',
};

const rule = (over: Partial<TDebitorRuleSet> = {}): TDebitorRuleSet => ({
  id: 'r1',
  updateId: 'v1',
  type: 'LEASING',
  user: '',
  owner: '',
  leasing: 'Ayvens Danmark A/S',
  insurrance: '',
  debitor: AYVENS.no,
  isMandatory: false,
  ...over,
});

/** What POST /api/debitorruleset/match answers for the car. */
let matched: TDebitorRuleSet | null = null;
/** The debitor register, by customer number. */
let register: TDebitor[] = [AYVENS];
let calls: Array<{ method: string; url: string; body: unknown }> = [];

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  matched = null;
  register = [AYVENS];
  calls = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
    if (url === '/api/debitorruleset/match' && method === 'POST') return jsonResponse(matched);
    if (url.startsWith('/api/debitor/search/NAV?query=')) {
      const no = new URL(url, 'http://localhost').searchParams.get('query');
      return jsonResponse(register.filter((d) => d.no === no));
    }
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A leased car of Ayvens with the insurer as payer; `saved` gives it an order id (an order already saved). */
function leasedCarOrder(saved = false): TOrder {
  const order = emptyOrder();
  return {
    ...order,
    car: {
      ...order.car,
      registrationNumber: 'AB12345',
      make: 'Tesla',
      model: 'Model 3',
      leasing: 'PrivatLeaset',
      leaser: 'Ayvens Danmark A/S',
      insurance: 'Tryg',
    },
    additionalData: {
      ...order.additionalData,
      whoIsPaying: 'INSURANCE',
      ...(saved ? { orderId: '55555555-5555-4555-8555-555555555555', orderNr: '100123' } : {}),
    },
    debitor: { ...order.debitor, no: '10001', debitorName: 'Tryg Forsikring A/S' },
  };
}

function renderPayment(order: TOrder) {
  const store = createOrderFlowStore(null);
  store.set(order);
  const { queryClient } = renderWithProviders(
    <OrderFlowProvider store={store}>
      <PaymentFields />
    </OrderFlowProvider>,
  );
  return { store, queryClient, user: userEvent.setup() };
}

const payer = (label: string) => within(screen.getByRole('radiogroup', { name: 'Hvem betaler' })).getByRole('radio', { name: label });
const PAYERS = ['Leasing', 'Kontant betaling', 'Forsikring', 'Debitor'];
const matchCalls = () => calls.filter((c) => c.url === '/api/debitorruleset/match');

describe('the debtor rule on the customer step', () => {
  it("asks with the car's user, owner, leasing company and insurer, and shows nothing when no rule matches", async () => {
    const { queryClient } = renderPayment(leasedCarOrder());
    await waitFor(() => expect(matchCalls()).toHaveLength(1));
    expect(matchCalls()[0]!.body).toEqual({ user: '', owner: '', leaser: 'Ayvens Danmark A/S', insurance: 'Tryg' });
    // The answer (no rule) is in and drawn.
    await waitForQueriesSettled(queryClient);
    expect(screen.queryByText(/Debitor regelsæt/)).not.toBeInTheDocument();
    for (const label of PAYERS) expect(payer(label)).toBeEnabled();
    expect(calls.some((c) => c.url.startsWith('/api/debitor/search/'))).toBe(false);
  });

  it("offers a rule's debitor that is not mandatory, and uses it only when asked", async () => {
    matched = rule();
    const { store, user } = renderPayment(leasedCarOrder());
    const offer = await screen.findByRole('alert', { name: 'Forslag fra Debitor regelsæt' });
    // Named once the rule's debitor is looked up by its number.
    await waitFor(() =>
      expect(offer).toHaveTextContent(
        'Debitor regelsæt: biler med leasingselskab Ayvens Danmark A/S kan betales af Ayvens Danmark A/S (kundenr. 20001) som Leasing.',
      ),
    );
    // Nothing is chosen for the user, and every payer stays open.
    expect(store.get()?.additionalData.whoIsPaying).toBe('INSURANCE');
    expect(store.get()?.debitor.no).toBe('10001');
    for (const label of PAYERS) expect(payer(label)).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Kunde eller firma' })).toBeEnabled();
    expect(calls.find((c) => c.url.startsWith('/api/debitor/search/'))!.url).toBe('/api/debitor/search/NAV?query=20001');

    await user.click(within(offer).getByRole('button', { name: 'Brug Ayvens Danmark A/S' }));
    await waitFor(() => expect(store.get()?.additionalData.whoIsPaying).toBe('LEASING'));
    expect(store.get()?.debitor).toMatchObject({
      no: '20001',
      debitorName: 'Ayvens Danmark A/S',
      address: 'Lautrupvang 1',
      cvr: '12345678',
    });
    expect(payer('Leasing')).toBeChecked();
    // Followed: the suggestion is gone, and the user may still choose another payer.
    await waitFor(() => expect(screen.queryByText('Forslag fra Debitor regelsæt')).not.toBeInTheDocument());
    for (const label of PAYERS) expect(payer(label)).toBeEnabled();
  });

  it("sets a mandatory rule's payer and debitor on a new order and locks them, saying why", async () => {
    matched = rule({ isMandatory: true });
    const { store, user } = renderPayment(leasedCarOrder());
    await waitFor(() => expect(store.get()?.additionalData.whoIsPaying).toBe('LEASING'));
    expect(store.get()?.debitor).toMatchObject({ no: '20001', debitorName: 'Ayvens Danmark A/S', phone: '70202020' });
    const note = await screen.findByRole('alert', { name: 'Obligatorisk debitor' });
    expect(note).toHaveTextContent(
      'Debitor regelsæt: biler med leasingselskab Ayvens Danmark A/S betales af Ayvens Danmark A/S (kundenr. 20001) som Leasing. Betaler og debitor kan ikke ændres.',
    );
    expect(within(note).queryByRole('button')).not.toBeInTheDocument();
    expect(payer('Leasing')).toBeChecked();
    expect(payer('Leasing')).toBeEnabled();
    for (const label of ['Kontant betaling', 'Forsikring', 'Debitor']) expect(payer(label)).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Kunde eller firma' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /^Tilbuds debitor/ })).toBeDisabled();
    // A click on a locked payer changes nothing.
    await user.click(payer('Forsikring'));
    expect(store.get()?.additionalData.whoIsPaying).toBe('LEASING');
  });

  it('warns on a saved order with another payer and offers the debitor, without changing or locking the payer', async () => {
    matched = rule({ isMandatory: true });
    const { store, user } = renderPayment(leasedCarOrder(true));
    const note = await screen.findByRole('alert', { name: 'Obligatorisk debitor' });
    expect(note).toHaveTextContent('Ordren er gemt med en anden betaler; skiftes betaleren, skal det være til denne debitor.');
    // The rule's debitor is looked up (its button is drawn): a new order would now follow the rule.
    const use = await within(note).findByRole('button', { name: 'Brug Ayvens Danmark A/S' });
    expect(store.get()?.additionalData.whoIsPaying).toBe('INSURANCE');
    expect(store.get()?.debitor.no).toBe('10001');
    for (const label of PAYERS) expect(payer(label)).toBeEnabled();

    await user.click(use);
    await waitFor(() => expect(store.get()?.additionalData.whoIsPaying).toBe('LEASING'));
    expect(store.get()?.debitor.no).toBe('20001');
    // Now it follows the mandatory rule: locked.
    expect(await screen.findByText(/Betaler og debitor kan ikke ændres\./)).toBeInTheDocument();
    expect(payer('Forsikring')).toBeDisabled();
  });

  it("says so when a mandatory rule's debitor is not in the register, and locks nothing", async () => {
    matched = rule({ isMandatory: true, debitor: '29999' });
    renderPayment(leasedCarOrder());
    const note = await screen.findByRole('alert', { name: 'Obligatorisk debitor' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/debitor/search/NAV?query=29999')).toBe(true));
    await waitFor(() =>
      expect(note).toHaveTextContent('Kundenr. 29999 findes ikke i debitorregistret. Bed en administrator rette Debitor regelsæt.'),
    );
    expect(note).not.toHaveTextContent('Debitoren hentes');
    for (const label of PAYERS) expect(payer(label)).toBeEnabled();
  });
});
