import '@/domain/lib/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDepartment } from '@/domain/departments/department.schemas';
import { LOAN_CAR_MESSAGES, type TLoanCar } from '@/domain/loan-cars/loan-car.schemas';
import { jsonResponse, renderWithProviders, resetToastsAndFetch, testUser } from '../../../test-utils';
import { DepartmentsScreen } from '../screens/departments-screen';
import { demoDepartment } from '../test-fixtures';

/** The signed-in user's own department (testUser's departmentGuid), and a van that lends its cars. */
const AARHUS = '44444444-4444-4444-8444-444444444444';
const VAN = '77777777-7777-4777-8777-777777777777';
const CAR = 'c0000000-0000-4000-8000-000000000001';
const NEW_CAR = 'c0000000-0000-4000-8000-000000000002';

function departments(): TDepartment[] {
  return [
    demoDepartment({ id: AARHUS }),
    demoDepartment({ id: VAN, name: 'Mobilservice Aarhus', navLocationCode: 'MARH', mobileService: true, parentDepartmentId: AARHUS }),
  ];
}

const car = (over: Partial<TLoanCar> = {}): TLoanCar => ({
  id: CAR,
  departmentId: AARHUS,
  regNumber: 'AB12345',
  make: 'Volkswagen',
  model: 'ID.3',
  colour: 'Hvid',
  fuelType: 'El',
  damages: [{ id: 'd1', x: 30, y: 40, description: 'Ridse', date: '2026-11-02T09:15:00' }],
  ...over,
});

// jsdom has no document.fonts, which Mantine's autosize Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let roles: string[] = [];
/** The loan cars the server holds, by department asked for. */
let cars: Record<string, TLoanCar[]> = {};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  calls = [];
  roles = ['Adminstrator'];
  cars = { [AARHUS]: [car()], [VAN]: [car()] };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/user/userinfo') return jsonResponse(testUser('XX', roles));
    if (url === '/api/departments/departments') return jsonResponse(departments());
    const list = /^\/api\/DepartmentLoanCar\/([0-9a-f-]{36})$/.exec(url);
    if (list && method === 'GET') return jsonResponse(cars[list[1]!] ?? []);
    const add = /^\/api\/DepartmentLoanCar\/([0-9a-f-]{36})\/([A-Z0-9]+)$/.exec(url);
    if (add && method === 'POST') {
      const added = car({ id: NEW_CAR, departmentId: add[1]!, regNumber: add[2]!, ...(body as object), damages: [] });
      cars[add[1]!] = [...(cars[add[1]!] ?? []), added];
      return jsonResponse(added);
    }
    if (list && method === 'DELETE') {
      cars[AARHUS] = (cars[AARHUS] ?? []).filter((c) => c.id !== list[1]);
      return jsonResponse({ message: 'Lånebilen er slettet' });
    }
    if (url === `/api/DepartmentLoanCar/damage/add/${CAR}/` && method === 'POST') {
      const { x, y, description } = body as { x: number; y: number; description: string };
      const marked = {
        ...cars[AARHUS]![0]!,
        damages: [...cars[AARHUS]![0]!.damages, { id: 'd2', x, y, description, date: '2026-11-20T10:30:00' }],
      };
      cars[AARHUS] = [marked];
      return jsonResponse(marked);
    }
    if (url.startsWith(`/api/DepartmentLoanCar/damage/remove/${CAR}/`) && method === 'DELETE') {
      const damageId = url.split('/').at(-1);
      const cleaned = { ...cars[AARHUS]![0]!, damages: cars[AARHUS]![0]!.damages.filter((d) => d.id !== damageId) };
      cars[AARHUS] = [cleaned];
      return jsonResponse(cleaned);
    }
    return jsonResponse([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(resetToastsAndFetch);

function renderAt(departmentId: string) {
  renderWithProviders(<DepartmentsScreen />, { route: '/departments/:departmentId', path: `/departments/${departmentId}?fane=laanebiler` });
}

const writes = () => calls.filter((c) => c.method !== 'GET');
const ownCars = () => screen.findByRole('list', { name: 'Afdelingens lånebiler' });

describe('Lånebiler: adding and deleting', () => {
  it('lists the cars with their damages, adds a car from the form and shows it', async () => {
    const user = userEvent.setup();
    renderAt(AARHUS);
    const card = within(await ownCars()).getByRole('listitem', { name: 'Lånebil AB 12 345' });
    expect(card).toHaveTextContent('Volkswagen ID.3');
    expect(card).toHaveTextContent('Hvid · El');
    expect(card).toHaveTextContent('Skader (1)');
    expect(within(card).getByRole('list', { name: 'Skader på AB 12 345' })).toHaveTextContent('02/11-2026 09:15 · x 30 %, y 40 % · Ridse');

    const form = screen.getByRole('form', { name: 'Tilføj lånebil' });
    // The plate is written in capitals as it is typed, and sent without spaces in the path.
    await user.type(within(form).getByRole('textbox', { name: /^Reg\.nr\./ }), 'cd 98 765');
    expect(within(form).getByRole('textbox', { name: /^Reg\.nr\./ })).toHaveValue('CD 98 765');
    await user.type(within(form).getByRole('textbox', { name: 'Mærke' }), 'Tesla');
    await user.type(within(form).getByRole('textbox', { name: 'Model' }), 'Model 3');
    await user.type(within(form).getByRole('textbox', { name: 'Farve' }), 'Sort');
    await user.click(within(form).getByRole('button', { name: 'Tilføj lånebil' }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      url: `/api/DepartmentLoanCar/${AARHUS}/CD98765`,
      body: { make: 'Tesla', model: 'Model 3', colour: 'Sort', fuelType: 'El' },
    });
    expect(await screen.findByText('Lånebilen CD 98 765 er tilføjet')).toBeInTheDocument();
    const added = await within(await ownCars()).findByRole('listitem', { name: 'Lånebil CD 98 765' });
    expect(added).toHaveTextContent('Tesla Model 3');
    expect(added).toHaveTextContent('Ingen skader markeret.');
    // The form is empty for the next car.
    expect(within(form).getByRole('textbox', { name: /^Reg\.nr\./ })).toHaveValue('');
  });

  it('refuses a plate that is no plate at the field and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt(AARHUS);
    await ownCars();
    const form = screen.getByRole('form', { name: 'Tilføj lånebil' });
    await user.type(within(form).getByRole('textbox', { name: /^Reg\.nr\./ }), 'X');
    await user.click(within(form).getByRole('button', { name: 'Tilføj lånebil' }));
    expect(await within(form).findByText(LOAN_CAR_MESSAGES.regNumber)).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('asks before deleting a car, deletes it and takes it off the list', async () => {
    const user = userEvent.setup();
    renderAt(AARHUS);
    const list = await ownCars();
    await user.click(within(list).getByRole('button', { name: 'Slet lånebil AB 12 345' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slet lånebil' });
    expect(dialog).toHaveTextContent('Du er ved at slette lånebilen AB 12 345 (Volkswagen ID.3). Er du sikker?');
    expect(writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Slet' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'DELETE', url: `/api/DepartmentLoanCar/${CAR}` });
    expect(await screen.findByText('Lånebilen AB 12 345 er slettet')).toBeInTheDocument();
    expect(await screen.findByText('Afdelingen har ingen lånebiler.')).toBeInTheDocument();
  });

  it("shows a van's borrowed cars read-only, naming the workshop they belong to", async () => {
    renderAt(VAN);
    const borrowed = await screen.findByRole('list', { name: 'Lånte lånebiler' });
    expect(screen.getByText(/bruger lånebilerne fra Aarhus/)).toBeInTheDocument();
    expect(within(borrowed).getByRole('listitem', { name: 'Lånebil AB 12 345' })).toBeInTheDocument();
    expect(within(borrowed).queryByRole('button')).not.toBeInTheDocument();
    expect(within(borrowed).getByRole('img', { name: 'Skader på AB 12 345: 1' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Afdelingens lånebiler' })).not.toBeInTheDocument();
  });
});

describe('Lånebiler: damage markers by role', () => {
  it('lets a role of the worksheet mark a damage on the car and remove one', async () => {
    const user = userEvent.setup();
    renderAt(AARHUS);
    const card = within(await ownCars()).getByRole('listitem', { name: 'Lånebil AB 12 345' });
    expect(screen.getByText('Klik på bilen for at markere en skade; klik på en markering for at fjerne den.')).toBeInTheDocument();
    const drawing = within(card).getByRole('application', { name: /^Skader på AB 12 345: 1\. Klik på bilen/ });
    // The marker on the drawing is a button that removes it.
    expect(within(drawing).getByRole('button', { name: 'Fjern skade 1, markeret 02/11-2026 09:15: Ridse' })).toBeInTheDocument();

    // With the keyboard: the cross starts in the middle, an arrow moves it, Enter marks there.
    drawing.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      url: `/api/DepartmentLoanCar/damage/add/${CAR}/`,
      body: { x: 52, y: 50, description: '' },
    });
    await waitFor(() => expect(card).toHaveTextContent('Skader (2)'));
    expect(within(card).getByRole('list', { name: 'Skader på AB 12 345' })).toHaveTextContent('20/11-2026 10:30 · x 52 %, y 50 %');
    expect(within(card).getByRole('application', { name: /^Skader på AB 12 345: 2\./ })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Fjern skade 1 på AB 12 345' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toMatchObject({ method: 'DELETE', url: `/api/DepartmentLoanCar/damage/remove/${CAR}/d1` });
    await waitFor(() => expect(card).toHaveTextContent('Skader (1)'));
    expect(card).not.toHaveTextContent('Ridse');

    // A click on the marker on the drawing removes it too.
    await user.click(within(card).getByRole('button', { name: 'Fjern skade 1, markeret 20/11-2026 10:30' }));
    await waitFor(() => expect(writes()).toHaveLength(3));
    expect(writes()[2]).toMatchObject({ method: 'DELETE', url: `/api/DepartmentLoanCar/damage/remove/${CAR}/d2` });
    expect(await within(card).findByText('Ingen skader markeret.')).toBeInTheDocument();
  });

  it("lets TimeManagement mark and remove damages on its own department's cars (issue 37)", async () => {
    roles = ['TimeManagement'];
    const user = userEvent.setup();
    renderAt(AARHUS);
    const card = within(await ownCars()).getByRole('listitem', { name: 'Lånebil AB 12 345' });
    expect(screen.getByText('Klik på bilen for at markere en skade; klik på en markering for at fjerne den.')).toBeInTheDocument();
    const drawing = within(card).getByRole('application', { name: /^Skader på AB 12 345: 1\. Klik på bilen/ });
    drawing.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'POST', url: `/api/DepartmentLoanCar/damage/add/${CAR}/` });
    await waitFor(() => expect(card).toHaveTextContent('Skader (2)'));
    await user.click(within(card).getByRole('button', { name: 'Fjern skade 1 på AB 12 345' }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]).toMatchObject({ method: 'DELETE', url: `/api/DepartmentLoanCar/damage/remove/${CAR}/d1` });
    // The department's cars are still the user's to add and delete.
    expect(within(card).getByRole('button', { name: 'Slet lånebil AB 12 345' })).toBeInTheDocument();
  });

  it('lets TimeManagement with a role of the worksheet (Operation) mark damages', async () => {
    roles = ['TimeManagement', 'Operation'];
    renderAt(AARHUS);
    const card = within(await ownCars()).getByRole('listitem', { name: 'Lånebil AB 12 345' });
    expect(within(card).getByRole('application', { name: /^Skader på AB 12 345: 1\./ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Fjern skade 1 på AB 12 345' })).toBeInTheDocument();
  });
});
