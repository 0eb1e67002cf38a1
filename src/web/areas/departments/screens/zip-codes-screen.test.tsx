import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TZipCodeAvailability } from '@/domain/departments';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, renderWithProviders, resetToastsAndFetch } from '../../../test-utils';
import { demoDepartment } from '../test-fixtures';
import { ZipCodesScreen } from './zip-codes-screen';

const VAN_AARHUS = '77777777-7777-4777-8777-777777777777';
const VAN_VEJLE = '99999999-9999-4999-8999-999999999999';

const departments = [
  demoDepartment({ id: '44444444-4444-4444-8444-444444444444', name: 'Aarhus' }),
  demoDepartment({ id: VAN_AARHUS, name: 'Mobilservice Aarhus', mobileService: true }),
  demoDepartment({ id: VAN_VEJLE, name: 'Mobilservice Vejle', mobileService: true }),
];

const row = (zipCode: string, city: string, departmentId: string, over: Partial<TZipCodeAvailability> = {}): TZipCodeAvailability => ({
  id: `row-${zipCode}-${departmentId.slice(0, 4)}`,
  zipCode,
  city,
  departmentId,
  departmentName: departments.find((d) => d.id === departmentId)!.name,
  navResponsibilityCenter: 'MIDTJYLLAND',
  monday: true,
  tuesday: false,
  wednesday: true,
  thursday: false,
  friday: true,
  saturday: false,
  sunday: false,
  isActive: true,
  ...over,
});

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let answers: Record<string, () => Response> = {};
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  calls = [];
  answers = {};
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method, url, body });
    const own = answers[`${method} ${url}`];
    if (own) return own();
    if (url === '/api/departments/departments') return jsonResponse(departments);
    if (url === `/api/zipcode/department/${VAN_AARHUS}`)
      return jsonResponse([row('8000', 'Aarhus C', VAN_AARHUS), row('8200', 'Aarhus N', VAN_AARHUS)]);
    if (url === '/api/zipcode/8000') return jsonResponse([row('8000', 'Aarhus C', VAN_AARHUS)]);
    if (url === '/api/zipcode/' && method === 'POST') {
      const b = body as Record<string, unknown>;
      return jsonResponse({ ...row(String(b.zipCode), 'Aarhus C', String(b.departmentId)), ...b });
    }
    return jsonResponse([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(resetToastsAndFetch);

const posts = () => calls.filter((c) => c.method === 'POST');

async function chooseVan(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Lokation' }));
  await user.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('Postnummer styring', () => {
  it('offers only mobile-service departments as location and lists the zip codes of the chosen van', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ZipCodesScreen />, { path: '/zipcodes' });
    expect(screen.getByRole('heading', { name: 'Postnummer styring' })).toBeInTheDocument();
    expect(document.title).toBe('Postnummer styring – Rudeplan');
    expect(screen.getByText('Vælg en mobilservice eller søg på et postnummer.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/departments/departments')).toBe(true));
    await user.click(screen.getByRole('combobox', { name: 'Lokation' }));
    const options = await screen.findAllByRole('option', { hidden: true });
    // Danish order: Aa is Å, the last letter.
    expect(options.map((o) => o.textContent)).toEqual(['Mobilservice Vejle', 'Mobilservice Aarhus']);
    await user.click(options[1]!);

    const table = await screen.findByRole('table');
    const header = within(table)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(header).toEqual([
      'Postnummer',
      'By',
      'Afdeling',
      'Mandag',
      'Tirsdag',
      'Onsdag',
      'Torsdag',
      'Fredag',
      'Lørdag',
      'Søndag',
      'Aktiv',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Aarhus N')).toBeInTheDocument();
  });

  it('saves a weekday change of one row at once with the whole row', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ZipCodesScreen />, { path: '/zipcodes' });
    await chooseVan(user, 'Mobilservice Aarhus');
    const tuesday = await screen.findByRole('checkbox', { name: 'Tirsdag 8000 Mobilservice Aarhus' });
    expect(tuesday).not.toBeChecked();
    await user.click(tuesday);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: '/api/zipcode/',
      body: {
        id: `row-8000-${VAN_AARHUS.slice(0, 4)}`,
        zipCode: '8000',
        departmentId: VAN_AARHUS,
        monday: true,
        tuesday: true,
        wednesday: true,
        thursday: false,
        friday: true,
        saturday: false,
        sunday: false,
        isActive: true,
      },
    });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Tirsdag 8000 Mobilservice Aarhus' })).toBeChecked());
  });

  it('searches a typed zip code on Enter and moves its row to another van', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ZipCodesScreen />, { path: '/zipcodes' });
    const zip = screen.getByRole('textbox', { name: 'Postnummer' });
    expect(screen.getByRole('button', { name: 'Søg' })).toBeDisabled();
    await user.type(zip, '8000{Enter}');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/zipcode/8000')).toBe(true));
    const van = await screen.findByRole('combobox', { name: 'Afdeling for 8000' });
    expect(van).toHaveValue('Mobilservice Aarhus');
    await user.click(van);
    // Looked up again: a Select's stand-in hands over to Mantine's field when it is pressed.
    const opened = screen.getByRole('combobox', { name: 'Afdeling for 8000' });
    const listbox = document.getElementById(opened.getAttribute('aria-controls')!)!;
    await user.click(within(listbox).getByRole('option', { name: 'Mobilservice Vejle', hidden: true }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ zipCode: '8000', departmentId: VAN_VEJLE, monday: true, wednesday: true, friday: true });
  });

  it('says so when no van serves the area', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ZipCodesScreen />, { path: '/zipcodes' });
    await user.type(screen.getByRole('textbox', { name: 'Postnummer' }), '6700');
    await user.click(screen.getByRole('button', { name: 'Søg' }));
    expect(await screen.findByText('Der tilbydes ikke mobilservice i dette område.')).toBeInTheDocument();
  });

  it("toasts the spec's messages when the search or a save fails", async () => {
    answers['GET /api/zipcode/9999'] = () =>
      jsonResponse({ status: 500, type: 'GENERIC_ERROR', message: 'Intern fejl', errors: null }, { status: 500 });
    answers['POST /api/zipcode/'] = () =>
      jsonResponse({ status: 400, type: 'GENERIC_ERROR', message: 'Afvist', errors: null }, { status: 400 });
    const user = userEvent.setup();
    // The app's own client, whose error handling shows the toasts.
    renderWithProviders(<ZipCodesScreen />, { path: '/zipcodes', queryClient: createQueryClient() });
    await user.type(screen.getByRole('textbox', { name: 'Postnummer' }), '9999{Enter}');
    expect(await screen.findByText('Invalid Search query')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Postnummer' }));
    await user.type(screen.getByRole('textbox', { name: 'Postnummer' }), '8000{Enter}');
    await user.click(await screen.findByRole('checkbox', { name: 'Aktiv 8000 Mobilservice Aarhus' }));
    expect(await screen.findByText('Error updating zip code department information')).toBeInTheDocument();
    // The row shows what the server has.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Aktiv 8000 Mobilservice Aarhus' })).toBeChecked());
  });
});
