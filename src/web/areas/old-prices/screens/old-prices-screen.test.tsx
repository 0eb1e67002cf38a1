import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OLD_PRICE_FIELDS } from '@/domain/old-prices/old-price-fields';
import type { TOldProduct, TOldProductPage } from '@/domain/old-prices/old-price.schemas';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, renderWithProviders, testUser } from '../../../test-utils';
import { DETAIL_SECTIONS } from '../components/old-product-details';
import { OldPricesScreen } from './old-prices-screen';

const product = (productNumber: string, overrides: Partial<TOldProduct> = {}): TOldProduct => ({
  id: `id-${productNumber}`,
  productNumber,
  brand: 'Volkswagen',
  model: 'Golf V',
  year: '2004-2008',
  comment: 'Med VIN-vindue',
  priceReady: 3000,
  price1F: 3120,
  price2F: null,
  internalComment: 'Leverandør: Pilkington',
  dbNr: '891189',
  eurocode: '8570AGNV',
  oemNr: '1K0 845 011 G',
  autoverNr: '15704564',
  agcNr: 'W45203',
  measurement: '1468 x 875 mm',
  time: 1.5,
  windowReady: 1500,
  window1F: 1620,
  window2F: null,
  clips: 35,
  lists: 245,
  st1St5St6: 55,
  st8: 15,
  rubberList: null,
  glueList: null,
  coverStrip: 65,
  sensor: null,
  glue: 245,
  mounting: 795,
  enviroment: 45,
  pK1: null,
  pK2: null,
  pK3: null,
  pK4: null,
  calibration: 1495,
  ...overrides,
});

const pageOf = (products: TOldProduct[], total: number, page = 0): TOldProductPage => ({
  products,
  total,
  page,
  pageSize: 25,
  pageCount: Math.ceil(total / 25),
});

const fetchMock = vi.fn<typeof fetch>();
let roles = ['CustomerService'];
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  roles = ['CustomerService'];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/user/userinfo') return jsonResponse(testUser('KS', roles));
    if (url.startsWith('/api/oldpricelist?')) {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return jsonResponse(
        pageOf([product(`F0${1001 + page * 25}`), product(`F0${1002 + page * 25}`, { brand: 'Opel', model: 'Astra H' })], 60, page),
      );
    }
    if (url.startsWith('/api/oldpricelist/search/golf?'))
      return jsonResponse(pageOf([product('F01010'), product('F01011', { priceReady: null })], 2));
    if (url.startsWith('/api/oldpricelist/search/fejl?'))
      return jsonResponse(
        { status: 500, type: 'GENERIC_ERROR', message: 'Der opstod en fejl', errors: null, stackTrace: null },
        { status: 500 },
      );
    if (url.startsWith('/api/oldpricelist/search/')) return jsonResponse(pageOf([], 0));
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('Gl. Prisliste', () => {
  it('shows the whole list with a count, Danish amounts, and names the tab', async () => {
    renderWithProviders(<OldPricesScreen />, { path: '/oldproducts' });
    expect(screen.getByRole('heading', { level: 1, name: 'Gl. Prisliste' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Gamle priser' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Varenummer', 'Mærke', 'Model', 'Årgang', 'EuroCode', 'OEM nr.', 'Pris klar', 'Pris 1F', 'Pris 2F']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['F01001', 'Volkswagen', 'Golf V', '2004-2008', '8570AGNV', '1K0 845 011 G', '3.000,00 kr.', '3.120,00 kr.', '–']);
    expect(screen.getByText('60 rækker i prislisten · side 1 af 3 à 25')).toBeInTheDocument();
    expect(urls()).toContain('/api/oldpricelist?page=0&pageSize=25');
    expect(document.title).toBe('Gl. Prisliste – Rudeplan');
  });

  it('searches from 2 characters and says when the text is too short', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OldPricesScreen />, { path: '/oldproducts' });
    await screen.findByRole('table', { name: 'Gamle priser' });
    const box = screen.getByRole('textbox', { name: /^Søg/ });
    await user.type(box, 'g');
    expect(await screen.findByText('Skriv mindst 2 tegn')).toBeInTheDocument();
    expect(urls().some((url) => url.includes('/search/'))).toBe(false);
    await user.type(box, 'olf');
    expect(await screen.findByText('2 rækker matcher «golf»')).toBeInTheDocument();
    expect(urls()).toContain('/api/oldpricelist/search/golf?page=0&pageSize=25');
    expect(screen.queryByText('Skriv mindst 2 tegn')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('pages by number, by the next button and by the arrow keys; a new search starts on page 1', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OldPricesScreen />, { path: '/oldproducts' });
    await screen.findByRole('table', { name: 'Gamle priser' });
    await user.click(screen.getByRole('button', { name: 'Side 2' }));
    expect(await screen.findByText('60 rækker i prislisten · side 2 af 3 à 25')).toBeInTheDocument();
    expect(urls()).toContain('/api/oldpricelist?page=1&pageSize=25');
    expect(screen.getByRole('button', { name: 'Side 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Næste side' }));
    expect(await screen.findByText(/side 3 af 3/)).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(await screen.findByText(/side 2 af 3/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Gamle priser' })).getByText('F01026')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Søg/ }), 'golf');
    expect(await screen.findByText('2 rækker matcher «golf»')).toBeInTheDocument();
    expect(urls()).toContain('/api/oldpricelist/search/golf?page=0&pageSize=25');
  });

  it('opens a popup with every field of the row under its Danish label', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OldPricesScreen />, { path: '/oldproducts' });
    await user.click(await screen.findByRole('button', { name: 'Vis alle detaljer for F01001' }));
    const dialog = await screen.findByRole('dialog', { name: 'F01001 – Volkswagen Golf V 2004-2008' });
    const terms = within(dialog)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms.sort()).toEqual(OLD_PRICE_FIELDS.map((f) => f.label).sort());
    const valueOf = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Pris klar')).toBe('3.000,00 kr.inkl. moms 3.750,00 kr.');
    expect(valueOf('Pris 2F')).toBe('–');
    expect(valueOf('Tid (timer)')).toBe('1,5 timer');
    expect(valueOf('OEM nr.')).toBe('1K0 845 011 G');
    expect(valueOf('Miljø')).toBe('45,00 kr.');
    expect(valueOf('Kalibrering')).toBe('1.495,00 kr.');
    expect(valueOf('Intern kommentar')).toBe('Leverandør: Pilkington');
    await user.click(within(dialog).getByRole('button', { name: 'Luk' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lays out every field once in the popup', () => {
    const keys = DETAIL_SECTIONS.flatMap((section) => section.keys);
    expect([...keys].sort()).toEqual(OLD_PRICE_FIELDS.map((f) => f.key).sort());
  });

  it('shows the spec toast when a search fails', async () => {
    const user = userEvent.setup();
    // The app's own client: its error handling shows the toasts.
    renderWithProviders(<OldPricesScreen />, { path: '/oldproducts', queryClient: createQueryClient() });
    await screen.findByRole('table', { name: 'Gamle priser' });
    await user.type(screen.getByRole('textbox', { name: /^Søg/ }), 'fejl');
    expect(await screen.findByText('Api "getOldProducts" failed with input fejl')).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OldPricesScreen />, { path: '/oldproducts' });
    await screen.findByRole('table', { name: 'Gamle priser' });
    await user.type(screen.getByRole('textbox', { name: /^Søg/ }), 'xyz');
    expect(await screen.findByText('Ingen rækker i den gamle prisliste matcher «xyz».')).toBeInTheDocument();
  });

  it('offers the import to an administrator only', async () => {
    renderWithProviders(<OldPricesScreen />, { path: '/oldproducts' });
    await screen.findByRole('table', { name: 'Gamle priser' });
    expect(screen.queryByRole('button', { name: 'Indlæs prisliste' })).not.toBeInTheDocument();
  });

  it('opens the import for an administrator', async () => {
    roles = ['Adminstrator'];
    const user = userEvent.setup();
    renderWithProviders(<OldPricesScreen />, { path: '/oldproducts' });
    await user.click(await screen.findByRole('button', { name: 'Indlæs prisliste' }));
    expect(await screen.findByRole('dialog', { name: 'Indlæs prisliste' })).toBeInTheDocument();
  });
});
