import '@/domain/lib/validation';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDepartment } from '@/domain/departments/department.schemas';
import { DEPARTMENT_MESSAGES } from '@/domain/departments/department.schemas';
import { AppProviders } from '../../../app/providers';
import { createTestQueryClient, jsonResponse, resetToastsAndFetch, testUser } from '../../../test-utils';
import { demoDepartment, slot } from '../test-fixtures';
import { SLOT_SAVE_DELAY_MS } from '../components/slot-editor';
import { DepartmentsScreen } from './departments-screen';

const AARHUS = '44444444-4444-4444-8444-444444444444';
const RANDERS = '55555555-5555-4555-8555-555555555555';
const AALBORG = '66666666-6666-4666-8666-666666666666';
const VAN = '77777777-7777-4777-8777-777777777777';

function departments(): TDepartment[] {
  return [
    demoDepartment({
      id: AARHUS,
      windowReplaceTimeSlots: [slot('w1', { maxBookings: 2 }), slot('w2', { from: 10, to: 12, maxBookings: 3 })],
    }),
    demoDepartment({ id: RANDERS, name: 'Randers', navLocationCode: 'RAN', windowReplaceTimeSlots: [], stoneChipTimeSlots: [] }),
    demoDepartment({ id: AALBORG, name: 'Aalborg', navLocationCode: 'AAL', navResponsibilityCenter: 'NORDJYLLAND' }),
    demoDepartment({ id: VAN, name: 'Mobilservice Aarhus', navLocationCode: 'MARH', mobileService: true, parentDepartmentId: AARHUS }),
  ];
}

// jsdom has no document.fonts, which Mantine's autosize Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let roles: string[] = ['Adminstrator'];
let answers: Record<string, (body: unknown) => Response> = {};
let slotSaves = 0;

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  calls = [];
  answers = {};
  slotSaves = 0;
  roles = ['Adminstrator'];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, url, body });
    const own = answers[`${method} ${url}`];
    if (own) return own(body);
    if (url === '/api/user/userinfo') return jsonResponse(testUser(roles.includes('Adminstrator') ? 'ADM' : 'TM', roles));
    // As the server answers (issue 37): TimeManagement alone reads its own centre's departments, every name in the picker list.
    if (url === '/api/departments/departments' && method === 'GET')
      return jsonResponse(departments().filter((d) => roles.includes('Adminstrator') || d.id !== AALBORG));
    if (url === '/api/departments/names')
      return jsonResponse(
        departments().map(({ id, name, mobileService, navLocationCode, inActive }) => ({
          id,
          name,
          mobileService,
          navLocationCode,
          inActive,
        })),
      );
    if (url === '/api/departments/departments' && method === 'PUT')
      return jsonResponse({
        ...departments()[0],
        ...(body as object),
        id: (body as { id?: string }).id || '88888888-8888-4888-8888-888888888888',
      });
    if (url.startsWith('/api/departments/alreadyUsedTimeslots/')) return jsonResponse({ w2: 2 });
    if (url.startsWith('/api/departments/addOrUpdateTimeslot/')) {
      // As the server: every save gives the slot a new version.
      const input = body as Record<string, unknown>;
      slotSaves += 1;
      const updateId = `0b5e7c1a-3333-4333-8333-${String(slotSaves).padStart(12, '0')}`;
      return jsonResponse({
        ...slot(String(input.id ?? 'new')),
        ...input,
        originalId: null,
        parentSlotId: null,
        date: input.date ? `${String(input.date)}T00:00:00` : null,
        updateId,
      });
    }
    return jsonResponse([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(resetToastsAndFetch);

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/departments', element: <DepartmentsScreen /> },
      { path: '/departments/:departmentId', element: <DepartmentsScreen /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const writes = () => calls.filter((c) => c.method !== 'GET');

describe('Afdelinger for TimeManagement', () => {
  beforeEach(() => {
    roles = ['TimeManagement'];
  });

  it("lists only the user's own department and those of its responsibility centre", async () => {
    renderAt('/departments');
    const table = await screen.findByRole('table', { name: 'Afdelinger' });
    // Danish order: Aa is Å, the last letter.
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Mobilservice Aarhus', 'Randers', 'Aarhus']);
    expect(screen.queryByText('Aalborg')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opret afdeling' })).not.toBeInTheDocument();
    expect(document.title).toBe('Afdelinger – Rudeplan');
  });

  it("refuses another centre's department without showing it", async () => {
    renderAt(`/departments/${AALBORG}`);
    expect(await screen.findByText('Ingen adgang til afdelingen')).toBeInTheDocument();
    expect(screen.getByText(`${DEPARTMENT_MESSAGES.notYourDepartment}.`)).toBeInTheDocument();
    expect(screen.queryByText(/Aalborg/)).not.toBeInTheDocument();
  });

  it('edits opening hours and slots but not master data, and cannot delete the department', async () => {
    renderAt(`/departments/${AARHUS}`);
    expect(await screen.findByRole('heading', { name: 'Afdelinger – Aarhus' })).toBeInTheDocument();
    expect(document.title).toBe('Afdelinger – Aarhus – Rudeplan');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Åbningstider',
      'Tider for rudeskift',
      'Tider for stenslag',
      'Lånebiler',
      'Ressourcer',
    ]);
    expect(screen.queryByRole('button', { name: 'Slet afdeling' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Åbningstider' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Afdelinger for Adminstrator: the master data form', () => {
  it('is SAVED until a change, enables Gem only then, and saves every field with the change', async () => {
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}`);
    const status = await screen.findByRole('status', { name: 'Status: gemt' });
    expect(status).toHaveTextContent('Gemt');
    const save = screen.getByRole('button', { name: 'Gem' });
    expect(save).toBeDisabled();

    const phone = screen.getByRole('textbox', { name: 'Telefon' });
    await user.clear(phone);
    await user.type(phone, '70101010');
    expect(screen.getByRole('status')).toHaveTextContent('Ikke gemt');
    expect(save).toBeEnabled();

    await user.click(save);
    await waitFor(() => expect(writes()).toHaveLength(1));
    const put = writes()[0]!;
    expect(put).toMatchObject({ method: 'PUT', url: '/api/departments/departments' });
    expect(put.body).toMatchObject({
      id: AARHUS,
      phone: '70101010',
      name: 'Aarhus',
      region: 'Jylland',
      deliveringDays: '1,2,3,4,5',
      openingHours: [{ day: 1 }, { day: 2 }],
    });
    expect(await screen.findByRole('status', { name: 'Status: gemt' })).toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it('on a save refused as a stale copy, shows what the other administrator changed and reloads Aarhus as saved', async () => {
    const message = 'Afdelingen er ændret af en anden, siden du åbnede den. Genindlæs for at se ændringerne.';
    const theirs = { ...departments()[0]!, phone: '86000000', coffee: false, updateId: '0b5e7c1a-1111-4111-8111-000000000002' };
    answers['PUT /api/departments/departments'] = () => {
      // Meanwhile the other administrator's save is what the list answers.
      answers['GET /api/departments/departments'] = () => jsonResponse([theirs, ...departments().slice(1)]);
      return jsonResponse(
        { status: 409, type: 'GENERIC_ERROR', message, errors: { updateId: [message] }, stackTrace: null },
        { status: 409 },
      );
    };
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}`);
    await screen.findByRole('status', { name: 'Status: gemt' });
    const obs = screen.getByRole('textbox', { name: 'OBS' });
    await user.type(obs, 'Ny OBS');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ updateId: departments()[0]!.updateId, obs: 'Ny OBS' });

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText(message)).toBeInTheDocument();
    const row = (label: string) =>
      within(within(notice).getByRole('row', { name: new RegExp(`^${label}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('Telefon')).toEqual(['86141520', '86000000']);
    expect(row('Kaffe')).toEqual(['Ja', 'Nej']);
    expect(within(notice).queryByRole('row', { name: /^OBS/ })).not.toBeInTheDocument();

    await user.click(within(notice).getByRole('button', { name: 'Genindlæs' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Telefon' })).toHaveValue('86000000');
    expect(screen.getByRole('textbox', { name: 'OBS' })).toHaveValue(departments()[0]!.obs);
    expect(screen.getByRole('status', { name: 'Status: gemt' })).toBeInTheDocument();
  });

  it('shows the field messages of the domain schema and saves nothing', async () => {
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}`);
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'ikke-en-mail');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Feltet skal være en email')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('offers a parent department only with mobile service, and unsetting mobile service clears it', async () => {
    const user = userEvent.setup();
    renderAt(`/departments/${VAN}`);
    expect(await screen.findByRole('combobox', { name: 'Overordnet afdeling' })).toHaveValue('Aarhus');
    await user.click(screen.getByRole('switch', { name: /^Mobilservice/ }));
    expect(screen.queryByRole('combobox', { name: 'Overordnet afdeling' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ mobileService: false, parentDepartmentId: '' });
  });

  it('writes delivering days from the weekday boxes', async () => {
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}`);
    const days = await screen.findByRole('group', { name: 'Leveringsdage' });
    await user.click(within(days).getByRole('checkbox', { name: 'Fredag' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Lørdag' }));
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ deliveringDays: '1,2,3,4,6' });
  });

  it('creates a department from name, region and responsibility centre and opens it', async () => {
    const user = userEvent.setup();
    const router = renderAt('/departments');
    await user.click(await screen.findByRole('button', { name: 'Opret afdeling' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret afdeling' });
    await user.click(within(dialog).getByRole('button', { name: 'Opret afdeling' }));
    expect(within(dialog).getAllByText('Feltet er påkrævet').length).toBeGreaterThanOrEqual(2);
    expect(writes()).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Navn' }), 'Rudeplan Grenaa');
    await user.click(within(dialog).getByRole('combobox', { name: 'Region' }));
    await user.click(await screen.findByRole('option', { name: 'Jylland', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Ansvarscenter' }), 'gre');
    await user.click(within(dialog).getByRole('button', { name: 'Opret afdeling' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({ name: 'Rudeplan Grenaa', region: 'Jylland', navResponsibilityCenter: 'GRE', openingHours: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/departments/88888888-8888-4888-8888-888888888888'));
  });

  it("shows the server's refusal when a department with bookings is deleted", async () => {
    answers[`DELETE /api/departments/departments/${AARHUS}`] = () =>
      jsonResponse({ status: 409, type: 'GENERIC_ERROR', message: DEPARTMENT_MESSAGES.hasBookings, errors: null }, { status: 409 });
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}`);
    await user.click(await screen.findByRole('button', { name: 'Slet afdeling' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slet afdeling' });
    expect(dialog).toHaveTextContent('Du er ved at slette afdelingen Aarhus.');
    await user.click(within(dialog).getByRole('button', { name: 'Slet' }));
    expect(await screen.findByText(DEPARTMENT_MESSAGES.hasBookings)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Afdelinger – Aarhus' })).toBeInTheDocument();
  });
});

describe('opening hours', () => {
  it('asks before a standard opening time is deleted, and the deletion is unsaved until Gem', async () => {
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}?fane=aabningstider`);
    const monday = await screen.findByRole('listitem', { name: 'Mandag' });
    expect(within(monday).getByRole('textbox', { name: 'Fra Mandag' })).toHaveValue('07:30');
    await user.click(within(monday).getByRole('button', { name: 'Slet åbningstid mandag 07:30–16:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slet åbningstid' });
    expect(dialog).toHaveTextContent('Du er ved at slette åbningstiden mandag 07:30–16:00. Er du sikker?');
    await user.click(within(dialog).getByRole('button', { name: 'Slet' }));
    await waitFor(() => expect(within(monday).getByText('Lukket')).toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Ikke gemt');
    expect(writes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect((writes()[0]!.body as { openingHours: Array<{ day: number }> }).openingHours.map((h) => h.day)).toEqual([2]);
  });

  it('takes hours as HH:mm and saves decimal hours; an end before the start is refused by the schema', async () => {
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}?fane=aabningstider`);
    const tuesday = await screen.findByRole('listitem', { name: 'Tirsdag' });
    const to = within(tuesday).getByRole('textbox', { name: 'Til Tirsdag' });
    await user.clear(to);
    await user.type(to, '0700');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText(DEPARTMENT_MESSAGES.fromBeforeTo)).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await user.clear(to);
    await user.type(to, '17:30');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect((writes()[0]!.body as { openingHours: Array<{ day: number; to: number }> }).openingHours.find((h) => h.day === 2)!.to).toBe(
      17.5,
    );
  });

  it("adds a date-specific row with 'Lukket'", async () => {
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}?fane=aabningstider`);
    const date = await screen.findByRole('textbox', { name: 'Dato' });
    await user.type(date, '31/12-2099');
    await user.click(screen.getByRole('button', { name: 'Tilføj dato' }));
    const rows = within(screen.getByRole('table', { name: 'Særlige åbningstider' })).getAllByRole('row');
    const added = rows.find((r) => r.textContent?.includes('31/12-2099'))!;
    // 31/12-2099 is a Thursday; Aarhus has no Thursday hours in this test, so the date starts closed.
    expect(within(added).getByRole('checkbox', { name: /^Lukket/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect((writes()[0]!.body as { specificOpeningHours: unknown[] }).specificOpeningHours).toContainEqual({
      day: null,
      date: '2099-12-31',
      from: 0,
      to: 0,
      closed: true,
    });
  });
});

describe('time slots', () => {
  /** With fake timers (Testing Library's waitFor needs real ones): lets requests and their answers settle until `check` holds. */
  async function settleUntil(check: () => boolean) {
    for (let i = 0; i < 200 && !check(); i++) await act(() => vi.advanceTimersByTimeAsync(0));
  }

  it('saves a changed slot once, 500 ms after the last change', async () => {
    renderAt(`/departments/${AARHUS}?fane=rudeskift`);
    const table = await screen.findByRole('table', { name: 'Mandags tider for rudeskift' });
    const first = within(table).getByRole('row', { name: 'Tid 08:00–10:00' });
    // The save's timer runs in fake time from here; a change every 100 ms, so the typing outlasts the 500 ms.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const places = within(first).getByRole('textbox', { name: 'Pladser' });
      const repair = within(first).getByRole('textbox', { name: 'Reparationstid (timer)' });
      for (const [field, value] of [
        [places, ''],
        [places, '4'],
        [repair, ''],
        [repair, '1'],
        [repair, '1,'],
        [repair, '1,5'],
      ] as const) {
        fireEvent.change(field, { target: { value } });
        await act(() => vi.advanceTimersByTimeAsync(100));
      }
      expect(writes()).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(SLOT_SAVE_DELAY_MS - 101));
      expect(writes()).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(1));
      await settleUntil(() => writes().length > 0);
      expect(writes()).toHaveLength(1);
      expect(writes()[0]).toMatchObject({
        method: 'POST',
        url: `/api/departments/addOrUpdateTimeslot/${AARHUS}/WINDOW_REPLACE`,
        body: { id: 'w1', day: 1, date: null, from: 8, to: 10, maxBookings: 4, reperationTime: 1.5, hasFreeCar: false },
      });
      // Its answer is in ('Gemt'), and every timer set since has run: no second save.
      await settleUntil(() => within(first).getByRole('status').textContent === 'Gemt');
      expect(within(first).getByRole('status')).toHaveTextContent('Gemt');
      await act(() => vi.advanceTimersByTimeAsync(10 * SLOT_SAVE_DELAY_MS));
      expect(writes()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows 'Gemmer' while a change is saved and 'Gemt' once it is, and each save sends the version the last one answered (issues 37, 39)", async () => {
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}?fane=rudeskift`);
    const first = await screen.findByRole('row', { name: 'Tid 08:00–10:00' });
    const state = within(first).getByRole('status');
    expect(state).toHaveTextContent('');
    const places = within(first).getByRole('textbox', { name: 'Pladser' });
    await user.clear(places);
    await user.type(places, '4');
    expect(state).toHaveTextContent('Gemmer');
    await waitFor(() => expect(state).toHaveTextContent('Gemt'), { timeout: 3000 });
    expect(writes()[0]!.body).toMatchObject({ id: 'w1', maxBookings: 4, updateId: slot('w1').updateId });

    // The next change is not saved yet: no 'Gemt' until it is, and it names the version the first save answered.
    await user.clear(places);
    await user.type(places, '5');
    expect(state).not.toHaveTextContent('Gemt');
    await waitFor(() => expect(state).toHaveTextContent('Gemt'), { timeout: 3000 });
    expect(writes()).toHaveLength(2);
    expect(writes()[1]!.body).toMatchObject({ maxBookings: 5, updateId: '0b5e7c1a-3333-4333-8333-000000000001' });
  });

  it('on a save refused as a stale copy, keeps the values, shows what the other changed, and Genindlæs loads the saved slot (issue 37)', async () => {
    const message = 'Tiden er ændret af en anden, siden du åbnede den. Genindlæs for at se ændringerne.';
    const theirs = slot('w1', { maxBookings: 2, from: 8, to: 11, updateId: '0b5e7c1a-4444-4444-8444-000000000002' });
    answers[`POST /api/departments/addOrUpdateTimeslot/${AARHUS}/WINDOW_REPLACE`] = () => {
      // Meanwhile the other's save is what the list answers.
      answers['GET /api/departments/departments'] = () =>
        jsonResponse([
          { ...departments()[0]!, windowReplaceTimeSlots: [theirs, departments()[0]!.windowReplaceTimeSlots[1]!] },
          ...departments().slice(1),
        ]);
      return jsonResponse(
        { status: 409, type: 'GENERIC_ERROR', message, errors: { updateId: [message] }, stackTrace: null },
        { status: 409 },
      );
    };
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}?fane=rudeskift`);
    const first = await screen.findByRole('row', { name: 'Tid 08:00–10:00' });
    const places = within(first).getByRole('textbox', { name: 'Pladser' });
    await user.clear(places);
    await user.type(places, '4');

    const notice = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(within(notice).getByText(message)).toBeInTheDocument();
    const row = (label: string) =>
      within(within(notice).getByRole('row', { name: new RegExp(`^${label}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('Til')).toEqual(['10:00', '11:00']);
    expect(within(notice).queryByRole('row', { name: /^Pladser/ })).not.toBeInTheDocument();
    // Luk would keep them: the values typed stay on screen, not saved.
    expect(places).toHaveValue('4');
    expect(within(first).getByRole('status')).not.toHaveTextContent('Gemt');

    await user.click(within(notice).getByRole('button', { name: 'Genindlæs' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const reloaded = screen.getByRole('row', { name: 'Tid 08:00–11:00' });
    expect(within(reloaded).getByRole('textbox', { name: 'Pladser' })).toHaveValue('2');

    // The next change builds on the saved copy: it names the other's version.
    delete answers[`POST /api/departments/addOrUpdateTimeslot/${AARHUS}/WINDOW_REPLACE`];
    const again = within(reloaded).getByRole('textbox', { name: 'Pladser' });
    await user.clear(again);
    await user.type(again, '3');
    await waitFor(() => expect(within(reloaded).getByRole('status')).toHaveTextContent('Gemt'), { timeout: 3000 });
    expect(writes().at(-1)!.body).toMatchObject({ id: 'w1', maxBookings: 3, to: 11, updateId: theirs.updateId });
  });

  it('makes a free-loan-car slot one place', async () => {
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}?fane=rudeskift`);
    const row = await screen.findByRole('row', { name: 'Tid 08:00–10:00' });
    await user.click(within(row).getByRole('checkbox', { name: 'Gratis lånebil' }));
    expect(within(row).getByRole('textbox', { name: 'Pladser' })).toHaveValue('1');
    await waitFor(() => expect(writes()).toHaveLength(1), { timeout: 3000 });
    expect(writes()[0]!.body).toMatchObject({ hasFreeCar: true, maxBookings: 1 });
  });

  it('locks a slot with bookings: the tooltip says bookings are linked, it cannot be deleted, and it opens only its places', async () => {
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}?fane=rudeskift`);
    const booked = await screen.findByRole('row', { name: 'Tid 10:00–12:00' });
    const lock = await within(booked).findByRole('button', { name: /^Lås op tiden 10:00–12:00/ });
    expect(lock).toHaveAttribute('aria-pressed', 'true');
    expect(lock).toHaveAccessibleName('Lås op tiden 10:00–12:00. Der er 2 bookinger knyttet til tiden');
    await user.hover(lock);
    // The tooltip (jsdom cannot place it, so it is found by its text).
    expect(await screen.findByText('Der er 2 bookinger knyttet til tiden')).toBeInTheDocument();
    expect(within(booked).getByRole('button', { name: 'Slet tiden 10:00–12:00' })).toBeDisabled();
    expect(within(booked).getByRole('textbox', { name: 'Pladser' })).toBeDisabled();

    await user.click(lock);
    expect(within(booked).getByRole('textbox', { name: 'Pladser' })).toBeEnabled();
    expect(within(booked).getByRole('textbox', { name: 'Fra' })).toBeDisabled();
    expect(within(booked).getByRole('button', { name: 'Slet tiden 10:00–12:00' })).toBeDisabled();
    // The free slot can be deleted.
    const free = screen.getByRole('row', { name: 'Tid 08:00–10:00' });
    expect(within(free).queryByRole('button', { name: /^Lås/ })).not.toBeInTheDocument();
    expect(within(free).getByRole('button', { name: 'Slet tiden 08:00–10:00' })).toBeEnabled();
  });

  it("puts a refused change back and shows the server's reason", async () => {
    answers[`POST /api/departments/addOrUpdateTimeslot/${AARHUS}/WINDOW_REPLACE`] = () =>
      jsonResponse({ status: 409, type: 'GENERIC_ERROR', message: DEPARTMENT_MESSAGES.belowBookings(2), errors: null }, { status: 409 });
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}?fane=rudeskift`);
    const booked = await screen.findByRole('row', { name: 'Tid 10:00–12:00' });
    await user.click(await within(booked).findByRole('button', { name: /^Lås op/ }));
    const places = within(booked).getByRole('textbox', { name: 'Pladser' });
    await user.clear(places);
    await user.type(places, '1');
    await waitFor(() => expect(writes()).toHaveLength(1), { timeout: 3000 });
    expect(writes()[0]!.body).toMatchObject({ id: 'w2', maxBookings: 1 });
    expect(await screen.findByText(DEPARTMENT_MESSAGES.belowBookings(2), {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(places).toHaveValue('3'));
  });

  it('adds a slot after the last one and copies a weekday to a date', async () => {
    answers['POST /api/departments/copyTimeslot'] = (body) =>
      jsonResponse([slot('c1', { day: null, date: `${(body as { copyToDate: string }).copyToDate}T00:00:00`, originalId: 'w1' })]);
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}?fane=rudeskift`);
    const panel = (await screen.findAllByRole('tabpanel'))[0]!;
    await user.click(within(panel).getAllByRole('button', { name: 'Tilføj tid' })[0]!);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ day: 1, date: null, from: 12, to: 14, maxBookings: 1 });
    expect(await screen.findByRole('row', { name: 'Tid 12:00–14:00' })).toBeInTheDocument();

    // 07/12-2099 is a Monday without slots of its own: it follows Monday's plan until Monday is copied to it.
    await user.type(within(panel).getByRole('textbox', { name: 'Vis dato' }), '07/12-2099');
    expect(await within(panel).findByText(/Datoen følger mandagens standardtider \(3\)/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Kopier mandagens standardtider' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toMatchObject({
      url: '/api/departments/copyTimeslot',
      body: { departmentId: AARHUS, dayOfWeek: 1, copyToDate: '2099-12-07', timeslotType: 'WINDOW_REPLACE' },
    });
    expect(await screen.findByRole('table', { name: 'Tider for rudeskift Mandag 07/12-2099' })).toBeInTheDocument();
  });
});

describe('copying a weekday', () => {
  it("asks for a date and makes the weekday's slots that date's own", async () => {
    answers['POST /api/departments/copyTimeslot'] = (body) =>
      jsonResponse([slot('c1', { day: null, date: `${(body as { copyToDate: string }).copyToDate}T00:00:00`, originalId: 'w1' })]);
    const user = userEvent.setup();
    renderAt(`/departments/${AARHUS}?fane=stenslag`);
    await user.click(await screen.findByRole('tab', { name: 'Tirsdag (1)' }));
    await user.click(screen.getByRole('button', { name: 'Kopier til dato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kopier tirsdagens tider til en dato' });
    expect(within(dialog).getByRole('button', { name: 'Kopier' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Dato' }), '08/12-2099');
    await user.click(within(dialog).getByRole('button', { name: 'Kopier' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      url: '/api/departments/copyTimeslot',
      body: { departmentId: AARHUS, dayOfWeek: 2, copyToDate: '2099-12-08', timeslotType: 'STONE_CHIP' },
    });
    expect(await screen.findByRole('table', { name: 'Tider for stenslag Tirsdag 08/12-2099' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Kopier tirsdagens tider til en dato' })).not.toBeInTheDocument());
  });
});

describe('leaving', () => {
  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    const router = renderAt(`/departments/${AARHUS}`);
    await user.type(await screen.findByRole('textbox', { name: 'By' }), ' Syd');
    await act(() => router.navigate(`/departments/${RANDERS}`));
    const dialog = await screen.findByRole('dialog', { name: 'Forlad siden' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuller' }));
    expect(router.state.location.pathname).toBe(`/departments/${AARHUS}`);
    expect(screen.getByRole('textbox', { name: 'By' })).toHaveValue('Viby J Syd');
  });
});
