import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAVE_CONFIRMATION_TEXT } from '../../../lib/use-leave-confirmation';
import { jsonResponse, renderWithProviders } from '../../../test-utils';
import { ReasonsScreen } from './reasons-screen';

const LOG_LISTS: Record<string, string[]> = {
  MOVED: ['Kunden ønsker en anden tid', 'Montør syg', 'Andet'],
  STONECHIPMOVED: ['Vejret', 'Andet'],
  WINDOWREPLACEMOVED: ['Rude ikke leveret', 'Andet'],
  CANCELLED: ['Kunden har fortrudt', 'Andet'],
  MAINITEMCHANGED: ['Forkert rude bestilt', 'Andet'],
  SALE: ['Viskerblade', 'Andet'],
};
const reasons = (texts: string[], prefix: string) => texts.map((text, i) => ({ id: `${prefix}${i}`, text }));

const fetchMock = vi.fn<typeof fetch>();

// Mantine's growing text areas listen for web fonts loading; jsdom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const log = /^\/api\/log\/reasons\/(\w+)$/.exec(url);
    if (log && method === 'GET') return jsonResponse(reasons(LOG_LISTS[log[1]!]!, log[1]!));
    if (log && method === 'PUT') {
      const body = JSON.parse(String(init!.body)) as Array<{ text: string }>;
      return jsonResponse(
        reasons(
          body.map((b) => b.text),
          'new',
        ),
      );
    }
    if (url === '/api/complaint/reasons' && method === 'GET') {
      return jsonResponse({ internal: reasons(['Montagefejl', 'Andet'], 'i'), customer: reasons(['Vindstøj', 'Andet'], 'c') });
    }
    if (url === '/api/complaint/reasons' && method === 'PUT') {
      const body = JSON.parse(String(init!.body)) as { internal: Array<{ text: string }>; customer: Array<{ text: string }> };
      return jsonResponse({
        internal: reasons(
          body.internal.map((b) => b.text),
          'i',
        ),
        customer: reasons(
          body.customer.map((b) => b.text),
          'c',
        ),
      });
    }
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function putBodies(url: string): unknown[] {
  return fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));
}

async function openList(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('tab', { name: title }));
  return screen.findByRole('region', { name: title });
}

describe('Årsagslister', () => {
  it('shows one tab per list with Danish titles', async () => {
    renderWithProviders(<ReasonsScreen />);
    expect(await screen.findByRole('heading', { name: 'Årsagslister', level: 1 })).toBeInTheDocument();
    const tabs = within(await screen.findByRole('tablist', { name: 'Årsagslister' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Annullering',
      'Flyttet',
      'Rudeskift flyttet',
      'Stenslag flyttet',
      'Hovedvare ændret',
      'Mersalg',
      'Reklamation – interne årsager',
      'Reklamation – kundeårsager',
    ]);
  });

  it('edits, adds, removes and moves reasons, and saves the list with PUT, Andet last', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReasonsScreen />);
    const list = await openList(user, 'Flyttet');
    expect(within(list).getByRole('button', { name: 'Gem' })).toBeDisabled();

    // 'Andet' is fixed at the end and cannot be removed.
    const other = within(list).getByRole('textbox', { name: 'Årsag 3' });
    expect(other).toHaveValue('Andet');
    expect(other).toHaveAttribute('readonly');
    expect(within(list).queryByRole('button', { name: 'Fjern Andet' })).not.toBeInTheDocument();

    const first = within(list).getByRole('textbox', { name: 'Årsag 1' });
    await user.clear(first);
    await user.type(first, 'Kunden ønsker ny tid');
    await user.click(within(list).getByRole('button', { name: 'Fjern Montør syg' }));
    await user.click(within(list).getByRole('button', { name: 'Tilføj årsag' }));
    await user.type(within(list).getByRole('textbox', { name: 'Årsag 2' }), 'Bilen ikke klar');
    await user.click(within(list).getByRole('button', { name: 'Flyt Bilen ikke klar op' }));
    expect(within(list).getByText('Ikke gemt')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(putBodies('/api/log/reasons/MOVED')).toHaveLength(1));
    expect(putBodies('/api/log/reasons/MOVED')[0]).toEqual([
      { text: 'Bilen ikke klar' },
      { text: 'Kunden ønsker ny tid' },
      { text: 'Andet' },
    ]);
    expect(await screen.findByText('Årsagerne til Flyttet er gemt')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText('Ikke gemt')).not.toBeInTheDocument());
  });

  it('refuses empty and repeated texts, and a list with only Andet, without calling the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReasonsScreen />);
    const list = await openList(user, 'Mersalg');
    await user.click(within(list).getByRole('button', { name: 'Tilføj årsag' }));
    await user.click(within(list).getByRole('button', { name: 'Tilføj årsag' }));
    await user.type(within(list).getByRole('textbox', { name: 'Årsag 3' }), ' viskerblade ');
    await user.click(within(list).getByRole('button', { name: 'Gem' }));
    expect(await within(list).findByText('Feltet er påkrævet')).toBeInTheDocument();
    expect(within(list).getByText('Den samme årsag står flere gange')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Fjern viskerblade' }));
    await user.click(within(list).getByRole('button', { name: 'Fjern årsag 2' }));
    await user.click(within(list).getByRole('button', { name: 'Fjern Viskerblade' }));
    await user.click(within(list).getByRole('button', { name: 'Gem' }));
    expect(await within(list).findByRole('alert')).toHaveTextContent('Listen skal have mindst én årsag');
    expect(putBodies('/api/log/reasons/SALE')).toHaveLength(0);
  });

  it('saves a complaint list together with the other complaint list as saved', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ReasonsScreen />);
    const list = await openList(user, 'Reklamation – kundeårsager');
    await user.click(within(list).getByRole('button', { name: 'Tilføj årsag' }));
    await user.type(within(list).getByRole('textbox', { name: 'Årsag 2' }), 'Ridser i ruden');
    await user.click(within(list).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(putBodies('/api/complaint/reasons')).toHaveLength(1));
    expect(putBodies('/api/complaint/reasons')[0]).toEqual({
      internal: [{ text: 'Montagefejl' }, { text: 'Andet' }],
      customer: [{ text: 'Vindstøj' }, { text: 'Ridser i ruden' }, { text: 'Andet' }],
    });
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<ReasonsScreen />, { path: '/reasons' });
    const list = await openList(user, 'Annullering');
    await user.type(within(list).getByRole('textbox', { name: 'Årsag 1' }), '!');
    await act(() => router.navigate('/users'));
    expect(await screen.findByText(LEAVE_CONFIRMATION_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuller' }));
    expect(router.state.location.pathname).toBe('/reasons');
  });
});
