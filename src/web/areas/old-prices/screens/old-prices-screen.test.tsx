import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOldPrice } from '@/domain/old-prices/old-price.schemas';
import { jsonResponse, renderWithProviders } from '../../../test-utils';
import { OldPricesScreen } from './old-prices-screen';

const price = (productNo: string, name: string, euroCode: string, listPrice: number, year: number): TOldPrice => ({
  id: `${productNo}-${year}`,
  productNo,
  name,
  euroCode,
  listPrice,
  validFrom: `${year}-01-01`,
  validTo: `${year}-12-31`,
});

const LATEST = [price('F10001', 'Forrude VW Golf VII m/regnsensor', '8594AGNMVZ', 3196, 2025), price('REP0', 'Stenslag reparation (gammel takst)', '', 450, 2025)];
const GOLF = [price('F10001', 'Forrude VW Golf VII m/regnsensor', '8594AGNMVZ', 3196, 2025), price('F10001', 'Forrude VW Golf VII m/regnsensor', '8594AGNMVZ', 2900, 2024)];

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/oldpricelist/latest') return jsonResponse({ prices: LATEST, more: true });
    if (url === '/api/oldpricelist/search/golf') return jsonResponse({ prices: GOLF, more: false });
    return jsonResponse({ prices: [], more: false });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('Gl. Prisliste', () => {
  it('shows the latest expired prices with Danish prices and dates', async () => {
    renderWithProviders(<OldPricesScreen />, { path: '/oldproducts' });
    expect(screen.getByRole('heading', { name: 'Gl. Prisliste' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Gamle priser' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Varenummer', 'Navn', 'EuroCode', 'Gl. listepris', 'Gyldig']);
    expect(within(rows[1]!).getByText('F10001')).toBeInTheDocument();
    // 3.196,00 excl. VAT is 3.995,00 incl.
    expect(within(rows[1]!).getByText('3.995,00 kr.')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('ekskl. moms 3.196,00 kr.')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('01/01-2025 – 31/12-2025')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('–')).toBeInTheDocument();
    expect(screen.getByText('Senest udløbne priser – søg for at finde en bestemt vare')).toBeInTheDocument();
  });

  it('searches by number, name or EuroCode once two characters are typed', async () => {
    renderWithProviders(<OldPricesScreen />, { path: '/oldproducts' });
    await screen.findByRole('table', { name: 'Gamle priser' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Søg' }), 'golf');
    expect(await screen.findByText('2 priser matcher')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/oldpricelist/search/golf');
    expect(screen.getByText('01/01-2024 – 31/12-2024')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    renderWithProviders(<OldPricesScreen />, { path: '/oldproducts' });
    await screen.findByRole('table', { name: 'Gamle priser' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Søg' }), 'xyz');
    expect(await screen.findByText('Ingen gamle priser matcher søgningen.')).toBeInTheDocument();
  });
});
