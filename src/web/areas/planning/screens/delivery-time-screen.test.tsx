import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDeliveryTimes } from '@/domain/planning/planning.schemas';
import { jsonResponse, renderWithProviders, testUser } from '../../../test-utils';
import { DeliveryTimeScreen } from './delivery-time-screen';

const row = (name: string, replace: number, repair: number) => ({
  departmentId: `id-${name}`,
  name,
  replace,
  repair,
  replaceDate: replace === -1 ? null : '2025-06-10T00:00:00',
  repairDate: repair === -1 ? null : '2025-06-06T00:00:00',
});
const answer: TDeliveryTimes = {
  jylland: [row('Aarhus', 9, 1), row('Randers', 4, 0)],
  fyn: [row('Odense', -1, 6)],
  sjaelland: [row('Roskilde', 2, 7)],
  updated: '2025-06-05T10:15:00',
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url === '/api/user/userinfo') return jsonResponse(testUser('REV', ['ReviewManager']));
      if (url === '/api/deliverytime') return jsonResponse(answer);
      return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Leveringstid', () => {
  it('shows three region tables with the days, their dates and the warning and danger styles; -1 blank', async () => {
    renderWithProviders(<DeliveryTimeScreen />, { path: '/delivery-time' });
    const jylland = await screen.findByRole('table', { name: 'Leveringstid Jylland' });
    expect(screen.getByRole('table', { name: 'Leveringstid Fyn' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Leveringstid Sjælland' })).toBeInTheDocument();
    const [header, aarhus, randers] = within(jylland).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Afdeling', 'Udskiftning (dato)', 'Reparation (dato)']);
    const cells = within(aarhus).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['910/06-2025', '106/06-2025']);
    expect(cells[0]).toHaveAttribute('data-level', 'danger');
    expect(cells[1]).not.toHaveAttribute('data-level');
    expect(within(randers).getAllByRole('cell')[0]).toHaveAttribute('data-level', 'warning');

    const odense = within(screen.getByRole('table', { name: 'Leveringstid Fyn' })).getAllByRole('row')[1]!;
    const fyn = within(odense).getAllByRole('cell');
    expect(fyn.map((c) => c.textContent)).toEqual(['', '606/06-2025']);
    expect(fyn[0]).toHaveAttribute('data-level', 'danger');
    expect(fyn[1]).toHaveAttribute('data-level', 'warning');
    expect(screen.getByText(/^Sidst opdateret \d{2}:\d{2}$/)).toBeInTheDocument();
  });
});
