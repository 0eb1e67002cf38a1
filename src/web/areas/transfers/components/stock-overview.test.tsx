import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZProduct } from '@/domain/catalogue/catalogue.schemas';
import { TRANSFER_MESSAGES } from '@/domain/transfers/transfer.schemas';
import { SESSION_QUERY_KEY, createQueryClient } from '../../../lib/query-client';
import { PHONE_QUERY } from '../../../lib/use-is-phone';
import { jsonResponse, renderWithProviders, testUser } from '../../../test-utils';
import { CORRECTED_TOAST } from '../api';
import type { TransferPlace } from '../transfer-view';
import { CORRECT_TITLE } from './correct-stock-dialog';
import { StockOverview } from './stock-overview';

// The search waits for the last keystroke, and the toasts are a chunk of their own: a busy machine may take a moment.
configure({ asyncUtilTimeout: 5_000 });

const WAREHOUSE: TransferPlace = { code: 'NØR-LAGER', name: 'Nørresundby lager', departmentId: null };

/** What the ledger holds of the windscreen at the warehouse; a correction that goes through changes it. */
let amount: number;
/** The item's amount on each bin of the place. */
let bins: Record<string, number>;
const windscreen = () =>
  ZProduct.parse({
    itemNo: 'F10003',
    no: 'F10003',
    name: 'Forrude VW Golf',
    status: [
      { code: 'NØR-LAGER', description: 'Nørresundby lager', amount },
      { code: 'ARH', description: 'Aarhus afdeling', amount: 1 },
    ],
  });

/** Answers by 'METHOD path' (without the query); a test replaces the ones it needs. */
let answers: Record<string, (init?: RequestInit) => Response>;
const fetchMock = vi.fn<typeof fetch>();

function signedInAs(initials: string, roles: string[]) {
  answers['GET /api/user/userinfo'] = () =>
    jsonResponse(testUser(initials, roles, { departmentId: 'ARH', departmentName: 'Aarhus afdeling' }));
}

beforeEach(() => {
  amount = 4;
  bins = { 'A-01': 4, 'A-02': 0 };
  answers = {
    'GET /api/transfer/products': () => jsonResponse([{ id: 'forrude', name: 'Forrude', checked: false, items: [windscreen()] }]),
    // The item's amount per bin (asked with ?item=F10003): all 4 on A-01.
    'GET /api/transfer/binlist/NØR-LAGER': () => jsonResponse(Object.entries(bins).map(([Code, Amount]) => ({ Code, Amount }))),
    'POST /api/transfer/correction': (init) => {
      const body = JSON.parse(String(init?.body)) as { location: string; bin: string; item_No: string; quantity: number };
      amount += body.quantity;
      bins[body.bin] = (bins[body.bin] ?? 0) + body.quantity;
      return jsonResponse({ location: body.location, bin: body.bin, item_No: body.item_No, amount });
    },
  };
  signedInAs('LAG', ['Stock']);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input).split('?')[0]!;
    const answer = answers[`${init?.method ?? 'GET'} ${decodeURIComponent(path)}`];
    return answer
      ? answer(init)
      : jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet', errors: null }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  // The toasts' store outlives a test's page: no toast of one test shows in the next.
  notifications.clean();
});

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).startsWith(path));
const sent = () => calls('POST', '/api/transfer/correction').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

/** The overview of the warehouse with the windscreen found. */
async function renderOverview() {
  // The app's own query client: its error handling is the screen's.
  const { queryClient } = renderWithProviders(<StockOverview place={WAREHOUSE} />, { path: '/orders', queryClient: createQueryClient() });
  const user = userEvent.setup();
  await user.type(screen.getByRole('searchbox', { name: 'Søg på lager' }), 'forrude');
  const table = await screen.findByRole('table', { name: 'Lager på Nørresundby lager' });
  // The signed-in user is known, so what the overview offers is what the role gets.
  await waitFor(() => expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeTruthy());
  return { user, table };
}

const rowOf = (table: HTMLElement) => within(table).getByRole('row', { name: /F10003/ });

/** Opens 'Ret antal' of the windscreen and chooses the bin. */
async function openCorrection(user: ReturnType<typeof userEvent.setup>, table: HTMLElement, bin = 'A-01') {
  await user.click(within(rowOf(table)).getByRole('button', { name: 'Ret antal for F10003' }));
  const dialog = await screen.findByRole('dialog', { name: CORRECT_TITLE });
  await user.click(within(dialog).getByRole('combobox', { name: 'Placeringskode' }));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${bin} · `), hidden: true }));
  return dialog;
}

describe("Vareflyt's Lageroversigt", () => {
  it("shows the place's count to Operation, without 'Ret antal'", async () => {
    signedInAs('OP', ['Operation']);
    const { table } = await renderOverview();
    expect(within(rowOf(table)).getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ret antal/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Handling' })).not.toBeInTheDocument();
  });

  it('offers Ret antal to an administrator', async () => {
    signedInAs('ADM', ['Adminstrator']);
    const { table } = await renderOverview();
    expect(await within(rowOf(table)).findByRole('button', { name: 'Ret antal for F10003' })).toBeInTheDocument();
  });

  it('sends the counted amount as the difference, toasts and reads the stock again', async () => {
    const { user, table } = await renderOverview();
    const dialog = await openCorrection(user, table);
    expect(dialog).toHaveTextContent('F10003 – Forrude VW Golf');
    expect(dialog).toHaveTextContent('Nørresundby lager (NØR-LAGER)');
    expect(dialog).toHaveTextContent('Antal på lager4 stk.');
    const save = within(dialog).getByRole('button', { name: 'Gem rettelse' });
    expect(save).toBeDisabled();

    // 4 on the books, 1 on the shelf: a correction of −3.
    await user.type(within(dialog).getByRole('textbox', { name: 'Optalt antal' }), '1');
    expect(dialog).toHaveTextContent('Rettelse: −3 stk. på A-01 · nyt antal på placeringen 1 stk.');
    expect(calls('GET', '/api/transfer/binlist/N%C3%98R-LAGER?item=F10003')).not.toHaveLength(0);
    const searchesBefore = calls('GET', '/api/transfer/products').length;
    await user.click(save);

    expect(await screen.findByText(CORRECTED_TOAST)).toBeInTheDocument();
    expect(sent()).toEqual([{ location: 'NØR-LAGER', bin: 'A-01', item_No: 'F10003', quantity: -3 }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: CORRECT_TITLE })).not.toBeInTheDocument());
    await waitFor(() => expect(calls('GET', '/api/transfer/products').length).toBeGreaterThan(searchesBefore));
    expect(await within(rowOf(table)).findByRole('cell', { name: '1' })).toBeInTheDocument();
  });

  it('sends a difference as written, and sends nothing when the count is unchanged', async () => {
    const { user, table } = await renderOverview();
    const dialog = await openCorrection(user, table, 'A-02');
    // A-02 holds none of it: counting none there changes nothing.
    await user.type(within(dialog).getByRole('textbox', { name: 'Optalt antal' }), '0');
    expect(dialog).toHaveTextContent('Antallet er uændret: der er intet at rette.');
    expect(within(dialog).getByRole('button', { name: 'Gem rettelse' })).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: 'Difference' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Difference' }), '-5');
    expect(within(dialog).getByRole('textbox', { name: 'Difference' })).toHaveAccessibleDescription(/kan ikke blive negativt/);
    expect(within(dialog).getByRole('button', { name: 'Gem rettelse' })).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Difference' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Difference' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Gem rettelse' }));

    expect(await screen.findByText(CORRECTED_TOAST)).toBeInTheDocument();
    expect(sent()).toEqual([{ location: 'NØR-LAGER', bin: 'A-02', item_No: 'F10003', quantity: 2 }]);
    expect(await within(rowOf(table)).findByRole('cell', { name: '6' })).toBeInTheDocument();
  });

  it("shows the server's 409 in the dialog, keeps it open and reads the stock again", async () => {
    answers['POST /api/transfer/correction'] = () =>
      jsonResponse(
        { status: 409, type: 'GENERIC_ERROR', message: TRANSFER_MESSAGES.notEnoughInBin('A-01'), errors: null },
        { status: 409 },
      );
    const { user, table } = await renderOverview();
    const dialog = await openCorrection(user, table);
    await user.type(within(dialog).getByRole('textbox', { name: 'Optalt antal' }), '0');
    const searchesBefore = calls('GET', '/api/transfer/products').length;
    await user.click(within(dialog).getByRole('button', { name: 'Gem rettelse' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Der er ikke nok på lager på placering A-01');
    expect(sent()).toEqual([{ location: 'NØR-LAGER', bin: 'A-01', item_No: 'F10003', quantity: -4 }]);
    expect(screen.getByRole('dialog', { name: CORRECT_TITLE })).toBeInTheDocument();
    expect(screen.queryByText(CORRECTED_TOAST)).not.toBeInTheDocument();
    await waitFor(() => expect(calls('GET', '/api/transfer/products').length).toBeGreaterThan(searchesBefore));
  });

  it("shows a 400's Danish field messages in the dialog", async () => {
    answers['POST /api/transfer/correction'] = () =>
      jsonResponse(
        { status: 400, type: 'VALIDATION_ERROR', message: TRANSFER_MESSAGES.unknownBin, errors: { bin: [TRANSFER_MESSAGES.unknownBin] } },
        { status: 400 },
      );
    const { user, table } = await renderOverview();
    const dialog = await openCorrection(user, table);
    await user.type(within(dialog).getByRole('textbox', { name: 'Optalt antal' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Gem rettelse' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Placeringskode: ${TRANSFER_MESSAGES.unknownBin}`);
    // And the exception dialog every VALIDATION_ERROR opens (document 3 section 8), over the correction.
    expect(await screen.findByRole('dialog', { name: TRANSFER_MESSAGES.unknownBin })).toBeInTheDocument();
  });

  it('lists the stock as cards and opens the dialog full screen on a phone', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === PHONE_QUERY })) as typeof window.matchMedia;
    try {
      renderWithProviders(<StockOverview place={WAREHOUSE} />, { path: '/orders', queryClient: createQueryClient() });
      const user = userEvent.setup();
      await user.type(screen.getByRole('searchbox', { name: 'Søg på lager' }), 'forrude');
      const list = await screen.findByRole('list', { name: 'Lager på Nørresundby lager' });
      expect(within(list).getByRole('listitem')).toHaveTextContent('På lager: 4 stk.');
      await user.click(await within(list).findByRole('button', { name: 'Ret antal for F10003' }));
      const dialog = await screen.findByRole('dialog', { name: CORRECT_TITLE });
      expect(dialog.closest('.mantine-Modal-root')?.querySelector('.mantine-Modal-content')).toHaveAttribute('data-full-screen', 'true');
    } finally {
      window.matchMedia = desktop;
    }
  });
});
