import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDebitor } from '@/domain/parties/party.schemas';
import { jsonResponse, renderWithProviders } from '../../../test-utils';
import { CustomerSearch } from './customer-search';

const HANSEN: TDebitor = {
  no: '30001',
  debitorName: 'Hansen Transport ApS',
  address: 'Vestergade 2',
  zipCode: '8000',
  city: 'Aarhus C',
  phone: '12345678',
  email: 'info@hansen.dk',
  cvr: '87654321',
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/debitor/search/PHONE?query=1234')) return jsonResponse([HANSEN]);
      return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CustomerSearch', () => {
  it('keeps no closed list in the page, names the opened one for screen readers and chooses from it', async () => {
    const user = userEvent.setup();
    const chosen: TDebitor[] = [];
    renderWithProviders(<CustomerSearch onChoose={(debitor) => chosen.push(debitor)} />);
    const input = screen.getByRole('textbox', { name: 'Kunde eller firma' });
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();

    await user.click(input);
    await waitFor(() => expect(input).toHaveAttribute('aria-controls'));
    expect(document.getElementById(input.getAttribute('aria-controls')!)).toHaveAttribute('role', 'listbox');

    await user.type(input, '1234');
    await waitFor(() =>
      expect(document.getElementById(input.getAttribute('aria-controls') ?? '')).toHaveTextContent('Hansen Transport ApS'),
    );
    // In jsdom the opened dropdown keeps Mantine's 'display: none' (its opening transition does not run here).
    await user.click(screen.getByRole('option', { name: /Hansen Transport ApS/, hidden: true }));
    expect(chosen.map((d) => d.no)).toEqual(['30001']);
    await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).toBeNull());
    expect(input).not.toHaveAttribute('aria-controls');
  });
});
