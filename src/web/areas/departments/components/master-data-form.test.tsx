import '@/domain/lib/validation';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, resetToastsAndFetch, testUser } from '../../../test-utils';
import { DepartmentsScreen } from '../screens/departments-screen';
import { demoDepartment } from '../test-fixtures';

const AARHUS = '44444444-4444-4444-8444-444444444444';
/** The address the form shows for Aarhus, as the look-up sends it. */
const ADDRESS = 'Skanderborgvej 190, 8260 Viby J';
const CACHE_KEY = 'rudeplan.coordinates';

// jsdom has no document.fonts, which Mantine's autosize Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
/** What the geocoder answers, by the address asked for; missing: 404. */
let found: Record<string, { lat: number; lng: number }> = {};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  localStorage.clear();
  calls = [];
  found = { [ADDRESS]: { lat: 56.1572199, lng: 10.1513411 }, 'Søndergade 1, 8000 Aarhus C': { lat: 56.153, lng: 10.2039 } };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/user/userinfo') return jsonResponse(testUser('ADM', ['Adminstrator']));
    if (url === '/api/departments/departments' && method === 'GET') return jsonResponse([demoDepartment({ id: AARHUS })]);
    if (url === '/api/departments/departments' && method === 'PUT')
      return jsonResponse({ ...demoDepartment({ id: AARHUS }), ...(body as object) });
    if (url.startsWith('/api/departments/coordinates?')) {
      const input = new URL(url, 'http://localhost').searchParams.get('input') ?? '';
      const answer = found[input];
      return answer
        ? jsonResponse({ ...answer, exact: false })
        : jsonResponse({ status: 404, type: 'NOT_FOUND_ERROR', message: 'Adressen kunne ikke findes', errors: null }, { status: 404 });
    }
    return jsonResponse([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(resetToastsAndFetch);

function renderAarhus() {
  return renderWithProviders(<DepartmentsScreen />, { route: '/departments/:departmentId', path: `/departments/${AARHUS}` });
}

const lookUps = () => calls.filter((c) => c.url.startsWith('/api/departments/coordinates'));
const latitude = () => screen.getByRole('textbox', { name: 'Breddegrad' });
const longitude = () => screen.getByRole('textbox', { name: 'Længdegrad' });
/** Replaces a field's text at once (the form is large: typing key by key is slow). */
async function replace(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}

const cached = () => JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null') as unknown;

describe("Stamdata: 'Find ud fra adressen'", () => {
  it('fills the coordinates from the geocoding call, as an unsaved change that Gem saves', async () => {
    const user = userEvent.setup();
    renderAarhus();
    await screen.findByRole('status', { name: 'Status: gemt' });
    expect(latitude()).toHaveValue('56,129');
    expect(longitude()).toHaveValue('10,158');

    await user.click(screen.getByRole('button', { name: 'Find ud fra adressen' }));
    await waitFor(() => expect(latitude()).toHaveValue('56,15722'));
    expect(longitude()).toHaveValue('10,151341');
    expect(lookUps()).toEqual([
      { method: 'GET', url: `/api/departments/coordinates?input=${encodeURIComponent(ADDRESS)}`, body: undefined },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Ikke gemt');
    // The answer is kept in the browser for the next look-up of the address.
    expect(cached()).toEqual([{ address: ADDRESS, lat: 56.1572199, lng: 10.1513411 }]);

    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ id: AARHUS, lat: 56.15722, lng: 10.151341 });
  });

  it('answers a second look-up of the same address from local storage, without a call', async () => {
    const user = userEvent.setup();
    const view = renderAarhus();
    await user.click(await screen.findByRole('button', { name: 'Find ud fra adressen' }));
    await waitFor(() => expect(latitude()).toHaveValue('56,15722'));
    expect(lookUps()).toHaveLength(1);

    // Typed back by hand, then found again: the same coordinates, from the cache.
    await replace(user, latitude(), '55');
    expect(latitude()).toHaveValue('55');
    await user.click(screen.getByRole('button', { name: 'Find ud fra adressen' }));
    await waitFor(() => expect(latitude()).toHaveValue('56,15722'));
    expect(lookUps()).toHaveLength(1);

    // Another visit to the page: still no call, even with the city written in small letters.
    view.unmount();
    renderAarhus();
    await replace(user, await screen.findByRole('textbox', { name: 'By' }), 'viby j');
    await user.click(screen.getByRole('button', { name: 'Find ud fra adressen' }));
    await waitFor(() => expect(latitude()).toHaveValue('56,15722'));
    expect(lookUps()).toHaveLength(1);
  });

  it('asks again for another address and keeps both in the cache, the newest first', async () => {
    const user = userEvent.setup();
    renderAarhus();
    await user.click(await screen.findByRole('button', { name: 'Find ud fra adressen' }));
    await waitFor(() => expect(lookUps()).toHaveLength(1));
    await replace(user, screen.getByRole('textbox', { name: 'Adresse' }), 'Søndergade 1');
    await replace(user, screen.getByRole('textbox', { name: 'Postnummer' }), '8000');
    await replace(user, screen.getByRole('textbox', { name: 'By' }), 'Aarhus C');
    await user.click(screen.getByRole('button', { name: 'Find ud fra adressen' }));
    await waitFor(() => expect(latitude()).toHaveValue('56,153'));
    expect(longitude()).toHaveValue('10,2039');
    expect(lookUps().map((c) => c.url)).toEqual([
      `/api/departments/coordinates?input=${encodeURIComponent(ADDRESS)}`,
      `/api/departments/coordinates?input=${encodeURIComponent('Søndergade 1, 8000 Aarhus C')}`,
    ]);
    expect((cached() as Array<{ address: string }>).map((e) => e.address)).toEqual(['Søndergade 1, 8000 Aarhus C', ADDRESS]);
  });

  it("shows the server's message for an address it cannot find, and changes and caches nothing", async () => {
    found = {};
    const user = userEvent.setup();
    renderAarhus();
    await user.click(await screen.findByRole('button', { name: 'Find ud fra adressen' }));
    expect(await screen.findByText('Adressen kunne ikke findes')).toBeInTheDocument();
    expect(latitude()).toHaveValue('56,129');
    expect(screen.getByRole('status', { name: 'Status: gemt' })).toBeInTheDocument();
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
  });

  it('is not offered without an address', async () => {
    const user = userEvent.setup();
    renderAarhus();
    for (const label of ['Adresse', 'Postnummer', 'By']) await user.clear(await screen.findByRole('textbox', { name: label }));
    expect(screen.getByRole('button', { name: 'Find ud fra adressen' })).toBeDisabled();
    expect(lookUps()).toEqual([]);
  });
});
