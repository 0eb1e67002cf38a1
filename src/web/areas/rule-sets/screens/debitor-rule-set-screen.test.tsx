import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDebitorRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import { createQueryClient } from '../../../lib/query-client';
import { PHONE_QUERY } from '../../../lib/use-is-phone';
import { jsonResponse, renderWithProviders, resetToastsAndFetch } from '../../../test-utils';
import { DEBITOR_RULE_TOASTS } from '../api';
import { DebitorRuleSetScreen } from './debitor-rule-set-screen';

const ayvensRow: TDebitorRuleSet = {
  id: '11111111-0000-4000-8000-000000000001',
  type: 'LEASING',
  user: '',
  owner: 'Ayvens Danmark A/S',
  leasing: '',
  insurrance: '',
  debitor: 'CD67890',
  isMandatory: true,
  updateId: '22222222-0000-4000-8000-000000000001',
};
const trygRow: TDebitorRuleSet = {
  id: '11111111-0000-4000-8000-000000000002',
  type: 'INSURANCE',
  user: 'Bent Hansen',
  owner: '',
  leasing: '',
  insurrance: 'Tryg',
  debitor: '',
  isMandatory: false,
  updateId: '22222222-0000-4000-8000-000000000002',
};
const ayvens = { no: 'CD67890', debitorName: 'Ayvens Danmark A/S', address: '', zipCode: '', city: '', phone: '', email: '', cvr: '' };

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let answers: Record<string, () => Response> = {};
let rows: TDebitorRuleSet[] = [];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  calls = [];
  answers = {};
  rows = [ayvensRow, trygRow];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, url, body });
    const own = answers[`${method} ${url}`];
    if (own) return own();
    if (url === '/api/debitorruleset/all') return jsonResponse(rows);
    if (url === '/api/debitorruleset/save') {
      const row = body as TDebitorRuleSet;
      return jsonResponse({ ...row, id: row.id || '11111111-0000-4000-8000-000000000003' });
    }
    if (url.startsWith('/api/debitor/search/NAV?query=CD67890') || url === '/api/debitor/search/NAME?query=Ayve')
      return jsonResponse([ayvens]);
    if (method === 'DELETE') return jsonResponse({ message: 'Slettet' });
    return jsonResponse([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  resetToastsAndFetch();
  vi.mocked(window.matchMedia).mockImplementation(
    (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(() => false),
      }) as MediaQueryList,
  );
});

const saves = () => calls.filter((c) => c.url === '/api/debitorruleset/save');

function renderScreen() {
  return renderWithProviders(<DebitorRuleSetScreen />, { path: '/debitor-rule-set', queryClient: createQueryClient() });
}

async function table() {
  const found = await screen.findByRole('table', { name: 'Debitor regelsæt' });
  await within(found).findByDisplayValue('Ayvens Danmark A/S');
  return found;
}

const field = (column: string, row: number) => screen.getByRole('textbox', { name: `${column}, række ${row}` });

// Dialogs and dropdowns take a while in jsdom on a busy machine.
describe('Debitor regelsæt', { timeout: 30_000 }, () => {
  it('shows every row with its columns, tinted by type, and the debitor by name', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Debitor regelsæt' })).toBeInTheDocument();
    expect(document.title).toBe('Debitor regelsæt – Rudeplan');
    const found = await table();
    const headers = within(found)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(headers.map((h) => h!.replace(/\(.*\)$/, ''))).toEqual([
      'Type',
      'Bruger',
      'Ejer',
      'Leasing',
      'Forsikring',
      'Debitor',
      'Obligatorisk?',
      'Slet',
    ]);
    const [, first, second] = within(found).getAllByRole('row');
    expect(first).toHaveAttribute('data-type', 'LEASING');
    expect(first).toHaveStyle({ backgroundColor: 'var(--mantine-color-yellow-0)' });
    expect(second).toHaveAttribute('data-type', 'INSURANCE');
    expect(screen.getByRole('combobox', { name: 'Type, række 1' })).toHaveValue('Leasing');
    expect(screen.getByRole('combobox', { name: 'Type, række 2' })).toHaveValue('Forsikring');
    expect(field('Forsikring', 2)).toHaveValue('Tryg');
    expect(screen.getByRole('checkbox', { name: 'Obligatorisk?, række 1' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Debitor, række 1' })).toHaveValue('CD67890 – Ayvens Danmark A/S'));
    expect(screen.getByRole('status')).toHaveTextContent('Alle ændringer er gemt');
  });

  it('saves a typed text 500 ms after the last keystroke, the whole row once', async () => {
    renderScreen();
    await table();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const user = field('Bruger', 1);
    for (const text of ['J', 'Je', 'Jen', 'Jens']) {
      fireEvent.change(user, { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(300));
    }
    expect(saves()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(saves()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.body).toEqual({ ...ayvensRow, user: 'Jens' });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(saves()).toHaveLength(1);
    expect(user).toHaveValue('Jens');
  });

  it('saves at once when the field is left, and a choice at once', async () => {
    const user = userEvent.setup();
    renderScreen();
    await table();
    await user.click(field('Ejer', 2));
    await user.paste('Hansen ApS');
    await user.tab();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({ id: trygRow.id, owner: 'Hansen ApS', insurrance: 'Tryg' });

    await user.click(screen.getByRole('checkbox', { name: 'Obligatorisk?, række 2' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()[1]!.body).toMatchObject({ id: trygRow.id, owner: 'Hansen ApS', isMandatory: true });

    const type = screen.getByRole('combobox', { name: 'Type, række 2' });
    await user.click(type);
    const listbox = document.getElementById(type.getAttribute('aria-controls')!)!;
    await user.click(within(listbox).getByRole('option', { name: 'Blandet', hidden: true }));
    await waitFor(() => expect(saves()).toHaveLength(3));
    expect(saves()[2]!.body).toMatchObject({ id: trygRow.id, type: 'MIXED', isMandatory: true });
    expect(screen.getByRole('combobox', { name: 'Type, række 2' }).closest('tr')).toHaveAttribute('data-type', 'MIXED');
  });

  it('chooses a debitor by searching its name', async () => {
    const user = userEvent.setup();
    renderScreen();
    await table();
    // Looked up each time: a Select's stand-in hands over to Mantine's field when it is pressed.
    const picker = () => screen.getByRole('combobox', { name: 'Debitor, række 2' });
    await user.click(picker());
    expect(await screen.findByText('Skriv mindst 4 tegn af navn eller nummer')).toBeInTheDocument();
    await user.type(picker(), 'Ayve');
    const listbox = document.getElementById(picker().getAttribute('aria-controls')!)!;
    await user.click(await within(listbox).findByRole('option', { name: 'CD67890 – Ayvens Danmark A/S', hidden: true }, { timeout: 3000 }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({ id: trygRow.id, debitor: 'CD67890' });
    expect(calls.some((c) => c.url === '/api/debitor/search/NAV?query=Ayve')).toBe(true);
  });

  it('adds an empty row and puts the cursor in it; sorts by a column', async () => {
    const user = userEvent.setup();
    renderScreen();
    const found = await table();
    await user.click(screen.getByRole('button', { name: 'Tilføj' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toEqual({
      id: '',
      type: '',
      user: '',
      owner: '',
      leasing: '',
      insurrance: '',
      debitor: '',
      isMandatory: false,
    });
    await waitFor(() => expect(field('Bruger', 3)).toHaveFocus());

    const byUser = within(found).getByRole('button', { name: /^Bruger/ });
    await user.click(byUser);
    expect(byUser.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    // Bent Hansen first; empty cells last.
    expect(field('Bruger', 1)).toHaveValue('Bent Hansen');
    await user.click(byUser);
    expect(byUser.closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(field('Bruger', 1)).toHaveValue('Bent Hansen');
    await user.click(within(found).getByRole('button', { name: /^Forsikring/ }));
    expect(field('Forsikring', 1)).toHaveValue('Tryg');
    await user.click(within(found).getByRole('button', { name: /^Type/ }));
    expect(screen.getByRole('combobox', { name: 'Type, række 1' })).toHaveValue('Forsikring');
    expect(screen.getByRole('combobox', { name: 'Type, række 2' })).toHaveValue('Leasing');
  });

  it('deletes a row after asking', async () => {
    const user = userEvent.setup();
    renderScreen();
    const found = await table();
    await user.click(screen.getByRole('button', { name: 'Slet række 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Slet række' });
    expect(confirm).toHaveTextContent('Du er ved at slette række 2 (Forsikring, Bent Hansen, Tryg). Er du sikker?');
    await user.click(within(confirm).getByRole('button', { name: 'Slet' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/debitorruleset/${trygRow.id}`)).toBe(true));
    await waitFor(() => expect(within(found).getAllByRole('row')).toHaveLength(2));
  });

  it("toasts the spec's messages when getting, saving or deleting fails", async () => {
    answers['POST /api/debitorruleset/save'] = () =>
      jsonResponse({ status: 503, type: 'GENERIC_ERROR', message: 'Databasen svarer ikke', errors: null }, { status: 503 });
    answers[`DELETE /api/debitorruleset/${trygRow.id}`] = () =>
      jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Rækken findes ikke', errors: null }, { status: 404 });
    const user = userEvent.setup();
    renderScreen();
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Obligatorisk?, række 2' }));
    expect(await screen.findByText(DEBITOR_RULE_TOASTS.save)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Række 2 blev ikke gemt: Databasen svarer ikke'));
    expect(
      within(screen.getByRole('checkbox', { name: 'Obligatorisk?, række 2' }).closest('tr')!).getByText('Ikke gemt'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Slet række 2' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Slet række' })).getByRole('button', { name: 'Slet' }));
    expect(await screen.findByText(DEBITOR_RULE_TOASTS.delete)).toBeInTheDocument();
    expect(field('Bruger', 2)).toHaveValue('Bent Hansen');
  });

  it("toasts 'Get debitor ruleset failed' when the rows cannot be fetched", async () => {
    answers['GET /api/debitorruleset/all'] = () =>
      jsonResponse({ status: 503, type: 'GENERIC_ERROR', message: 'Nede', errors: null }, { status: 503 });
    renderScreen();
    expect(await screen.findByText(DEBITOR_RULE_TOASTS.get)).toBeInTheDocument();
    expect(await screen.findByText('Debitor regelsæt kunne ikke hentes')).toBeInTheDocument();
  });

  it('is a list of cards on a phone, every field labelled', async () => {
    vi.mocked(window.matchMedia).mockImplementation(
      (query: string) =>
        ({
          matches: query === PHONE_QUERY,
          media: query,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: vi.fn(() => false),
        }) as MediaQueryList,
    );
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Debitor regelsæt' });
    const card = within(list).getByRole('listitem', { name: 'Række 1' });
    expect(within(card).getByRole('textbox', { name: 'Ejer' })).toHaveValue('Ayvens Danmark A/S');
    expect(within(card).getByRole('checkbox', { name: 'Obligatorisk?' })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Slet række 1' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
