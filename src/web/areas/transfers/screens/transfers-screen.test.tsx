import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZProduct } from '@/domain/catalogue/catalogue.schemas';
import type { TTransferLine } from '@/domain/transfers/transfer.schemas';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, renderWithProviders, testUser } from '../../../test-utils';
import type { TStockLocation } from '../api';
import { CONFIRM_TITLE } from '../components/confirm-transfer-dialog';
import { CREATE_TITLE } from '../components/create-transfer-dialog';
import { TransfersScreen } from './transfers-screen';

// The toasts are a chunk of their own, loaded with the first one: a busy machine may take a moment.
configure({ asyncUtilTimeout: 5_000 });

const AARHUS = '44444444-4444-4444-8444-444444444444';
const LOCATIONS: TStockLocation[] = [
  { code: 'ARH', name: 'Aarhus afdeling', departmentId: AARHUS, kind: 'DEPARTMENT' },
  { code: 'NØR-LAGER', name: 'Nørresundby lager', departmentId: null, kind: 'WAREHOUSE' },
];
const LINE: TTransferLine = {
  order_No: 'OF100001',
  line_No: 10000,
  transfer_from_Code: 'NØR-LAGER',
  transfer_To_Code: 'ARH',
  item_No: 'F10003',
  description: 'Forrude VW Golf',
  measure_Unit: 'STK',
  qty_in_Transit: 2,
  qty_Shipped: 2,
  qty_Received: 0,
  nav_Need_Update: false,
  is_Receipt: true,
  in_DB: false,
  receipt_Date: null,
  created: '2026-11-23T10:00:00',
};
const WINDSCREEN = ZProduct.parse({
  itemNo: 'F10003',
  no: 'F10003',
  name: 'Forrude VW Golf',
  status: [{ code: 'NØR-LAGER', description: '', amount: 4 }],
});

const unavailable = () =>
  jsonResponse({ status: 503, type: 'GENERIC_ERROR', message: 'Tjenesten er ikke tilgængelig', errors: null }, { status: 503 });

/** Answers by 'METHOD path' (without the query); a test replaces the ones that fail. */
let answers: Record<string, () => Response>;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  answers = {
    'GET /api/user/userinfo': () =>
      jsonResponse(testUser('LAG', ['Stock'], { departmentId: 'ARH', departmentGuid: AARHUS, departmentName: 'Aarhus afdeling' })),
    'GET /api/transfer/locations': () => jsonResponse(LOCATIONS),
    'GET /api/transfer/transfers': () => jsonResponse([LINE]),
    [`GET /api/transfer/binlist/${AARHUS}`]: () => jsonResponse([{ Code: 'A-01' }, { Code: 'A-02' }]),
    'GET /api/transfer/products': () => jsonResponse([{ id: 'forrude', name: 'Forrude', checked: false, items: [WINDSCREEN] }]),
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input).split('?')[0]!;
    const answer = answers[`${init?.method ?? 'GET'} ${decodeURIComponent(path)}`];
    return answer ? answer() : jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet', errors: null }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  // The app's own query client: its error handling shows the spec's toasts.
  renderWithProviders(<TransfersScreen />, { path: '/orders', queryClient: createQueryClient() });
  return userEvent.setup();
}

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).startsWith(path));

describe('Vareflyt toasts', () => {
  it('toasts \'Api: "getTransfers" failed\' when the list cannot be fetched', async () => {
    answers['GET /api/transfer/transfers'] = unavailable;
    renderScreen();
    expect(await screen.findByText('Api: "getTransfers" failed')).toBeInTheDocument();
    expect(screen.getByText('Overflytningerne kunne ikke hentes')).toBeInTheDocument();
  });

  it('toasts \'Api: "updateBinList" failed\' when the bins of the place cannot be fetched', async () => {
    answers[`GET /api/transfer/binlist/${AARHUS}`] = unavailable;
    const user = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Modtag OF100001 linje 10000' }));
    const dialog = await screen.findByRole('dialog', { name: CONFIRM_TITLE });
    expect(await screen.findByText('Api: "updateBinList" failed')).toBeInTheDocument();
    expect(within(dialog).getByText('Placeringerne kunne ikke hentes')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Bekræft' })).toBeDisabled();
  });

  it('toasts \'Api: "acceptTransfer" failed\' and shows why when a confirmation is refused', async () => {
    answers['POST /api/transfer/transfer/OF100001/10000/2/A-01'] = () =>
      jsonResponse({ status: 409, type: 'GENERIC_ERROR', message: 'Linjen er allerede modtaget', errors: null }, { status: 409 });
    const user = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Modtag OF100001 linje 10000' }));
    const dialog = await screen.findByRole('dialog', { name: CONFIRM_TITLE });
    await user.click(within(dialog).getByRole('combobox', { name: 'Placeringskode' }));
    await user.click(await screen.findByRole('option', { name: 'A-01', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Api: "acceptTransfer" failed')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Linjen er allerede modtaget');
    // The toast keeps the spec's text and adds the server's reason below it (issue 39): the dialog's alert and the toast.
    expect(await screen.findAllByText('Linjen er allerede modtaget')).toHaveLength(2);
    expect(calls('POST', '/api/transfer/transfer/OF100001/10000/2/A-01')).toHaveLength(1);
  });

  it("offers each bin with its amount of the line's item and starts on the bin holding it", async () => {
    answers[`GET /api/transfer/binlist/${AARHUS}`] = () =>
      jsonResponse([
        { Code: 'A-01', Amount: 0 },
        { Code: 'A-02', Amount: 3 },
      ]);
    const user = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Modtag OF100001 linje 10000' }));
    const dialog = await screen.findByRole('dialog', { name: CONFIRM_TITLE });
    expect(await within(dialog).findByRole('combobox', { name: 'Placeringskode' })).toHaveValue('A-02 · 3 stk.');
    expect(calls('GET', `/api/transfer/binlist/${AARHUS}?item=F10003`)).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Bekræft' })).toBeEnabled();
  });

  it('toasts \'Api: "createTransfer" failed\' and keeps the dialog open with the reason', async () => {
    answers['POST /api/transfer/transfer'] = () =>
      jsonResponse({ status: 409, type: 'GENERIC_ERROR', message: 'Lokationen findes ikke', errors: null }, { status: 409 });
    const user = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Opret' }));
    const dialog = await screen.findByRole('dialog', { name: CREATE_TITLE });
    const choose = async (label: string, option: string) => {
      await user.click(within(dialog).getByRole('combobox', { name: label }));
      // The screen's own Lokation filter offers the same places: the option is taken from this field's list (the
      // field looked up again: a Select's stand-in hands over to Mantine's field when it is pressed).
      const list = await screen.findByRole('listbox', { name: label, hidden: true });
      expect(within(dialog).getByRole('combobox', { name: label })).toHaveAttribute('aria-controls', list.id);
      await user.click(within(list).getByRole('option', { name: option, hidden: true }));
    };
    await choose('Fra lokation', 'Nørresundby lager (NØR-LAGER)');
    await choose('Til lokation', 'Aarhus afdeling (ARH)');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Søg vare' }), 'forrude');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Vælg F10003' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opret' }));

    expect(await screen.findByText('Api: "createTransfer" failed')).toBeInTheDocument();
    expect(screen.queryByText('Api: "createTransfer" succeded')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Lokationen findes ikke');
    const [, init] = calls('POST', '/api/transfer/transfer')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual([
      {
        transfer_from_Code: 'NØR-LAGER',
        transfer_To_Code: 'ARH',
        item_No: 'F10003',
        description: 'Forrude VW Golf',
        measure_Unit: 'STK',
        qty_in_Transit: 1,
      },
    ]);
  });
});
