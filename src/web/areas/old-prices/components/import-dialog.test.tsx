import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOldPriceImportReport } from '@/domain/old-prices/old-price.schemas';
import { jsonResponse, renderWithProviders } from '../../../test-utils';
import { ImportDialog } from './import-dialog';

const report = (overrides: Partial<TOldPriceImportReport>): TOldPriceImportReport => ({
  dryRun: true,
  mode: 'upsert',
  fileName: 'prisliste.csv',
  readAs: 'CSV, Windows-1252, semikolon',
  headerRow: 1,
  columns: [
    { heading: 'Varenr.', field: 'productNumber' },
    { heading: 'Pris klar', field: 'priceReady' },
    { heading: 'Farve', field: null },
  ],
  rowsRead: 5,
  accepted: 3,
  added: 2,
  updated: 1,
  unchanged: 0,
  removed: 0,
  rejectedCount: 2,
  rejected: [
    { row: 4, productNumber: 'NX102', reasons: ['Pris klar: Højst 2 decimaler', 'Pris 1F: Feltet skal være et tal'] },
    { row: 5, productNumber: '', reasons: ['Varenummer: Feltet er påkrævet'] },
  ],
  ...overrides,
});

const fetchMock = vi.fn<typeof fetch>();
const sent = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/oldpricelist/import')
    .map(([, init]) => {
      const form = init!.body as FormData;
      return { mode: form.get('mode'), dryRun: form.get('dryRun'), file: (form.get('file') as File).name };
    });

let answer: (dryRun: boolean, mode: string) => Response;

beforeEach(() => {
  answer = (dryRun, mode) => jsonResponse(report({ dryRun, mode: mode as 'upsert' }));
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/oldpricelist/import') {
      const form = init!.body as FormData;
      return answer(form.get('dryRun') === 'true', String(form.get('mode')));
    }
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const csv = (name = 'prisliste.csv', bytes = 'Varenummer;Pris klar\nA;1') => new File([bytes], name, { type: 'text/csv' });

async function openWith(file: File) {
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<ImportDialog onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Indlæs prisliste' });
  // Mantine's FileInput is a button named by the label, with the real file input beside it.
  expect(within(dialog).getByRole('button', { name: /^Fil/ })).toBeInTheDocument();
  await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, file);
  return { user, dialog };
}

describe('Indlæs prisliste', () => {
  it('checks the file first, shows the report with the rejected rows, then loads it', async () => {
    const { user, dialog } = await openWith(csv());
    const load = within(dialog).getByRole('button', { name: 'Indlæs' });
    expect(load).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Kontrollér filen' }));
    expect(await within(dialog).findByText('Filen er kontrolleret – intet er ændret endnu')).toBeInTheDocument();
    expect(
      within(dialog).getByText('3 rækker bliver tilføjet eller opdateret; resten af listen bliver uændret. 2 rækker springes over.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('prisliste.csv læst som CSV, Windows-1252, semikolon; overskrifterne står i række 1.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Kolonner, der ikke kendes og springes over: 'Farve'")).toBeInTheDocument();
    const rejected = within(dialog).getByRole('table', { name: 'Afviste rækker' });
    const rows = within(rejected).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', 'NX102', 'Pris klar: Højst 2 decimalerPris 1F: Feltet skal være et tal']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', '–', 'Varenummer: Feltet er påkrævet']);

    await user.click(within(dialog).getByRole('button', { name: 'Indlæs 3 rækker' }));
    expect(await within(dialog).findByText('Prislisten er indlæst')).toBeInTheDocument();
    expect(within(dialog).getByText('Tilføjet')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Luk' })).toBeInTheDocument();
    expect(sent()).toEqual([
      { mode: 'upsert', dryRun: 'true', file: 'prisliste.csv' },
      { mode: 'upsert', dryRun: 'false', file: 'prisliste.csv' },
    ]);
  });

  it('asks for a new check when the way to load changes, and warns before replacing', async () => {
    answer = (dryRun, mode) => jsonResponse(report({ dryRun, mode: mode as 'replace', removed: 12 }));
    const { user, dialog } = await openWith(csv());
    await user.click(within(dialog).getByRole('button', { name: 'Kontrollér filen' }));
    await within(dialog).findByText('Filen er kontrolleret – intet er ændret endnu');
    await user.click(within(dialog).getByRole('radio', { name: 'Erstat hele prislisten' }));
    expect(within(dialog).queryByText('Filen er kontrolleret – intet er ændret endnu')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Indlæs' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Kontrollér filen' }));
    expect(await within(dialog).findByText('Prislisten bliver erstattet af filens 3 rækker. 2 rækker springes over.')).toBeInTheDocument();
    expect(within(dialog).getByText('12 rækker, der ikke står i filen, bliver slettet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Erstat listen med 3 rækker' })).toBeEnabled();
    expect(sent().map((s) => s.mode)).toEqual(['upsert', 'replace']);
  });

  it('refuses a file of the wrong kind before sending it', async () => {
    const { user, dialog } = await openWith(new File(['%PDF'], 'liste.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Kontrollér filen' }));
    expect(within(dialog).getByText('Filen skal være en CSV-fil (.csv) eller en Excel-fil (.xlsx)')).toBeInTheDocument();
    expect(sent()).toEqual([]);
  });

  it("shows the server's reason when it cannot read the file", async () => {
    answer = () =>
      jsonResponse(
        {
          status: 400,
          type: 'GENERIC_ERROR',
          message: 'Der er fejl',
          errors: { file: ['Filen har ingen kolonne med varenummer'] },
          stackTrace: null,
        },
        { status: 400 },
      );
    const { user, dialog } = await openWith(csv());
    await user.click(within(dialog).getByRole('button', { name: 'Kontrollér filen' }));
    expect(await within(dialog).findByText('Filen har ingen kolonne med varenummer')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Indlæs' })).toBeDisabled();
  });

  it('says so when no row can be loaded', async () => {
    answer = (dryRun) => jsonResponse(report({ dryRun, accepted: 0, added: 0, updated: 0 }));
    const { user, dialog } = await openWith(csv());
    await user.click(within(dialog).getByRole('button', { name: 'Kontrollér filen' }));
    expect(await within(dialog).findByText('Ingen rækker kan indlæses')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Indlæs' })).toBeDisabled();
  });
});
