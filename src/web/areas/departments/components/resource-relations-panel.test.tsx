import '@/domain/lib/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDepartment, TResourceRelation } from '@/domain/departments/department.schemas';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, renderWithProviders, resetToastsAndFetch, testUser } from '../../../test-utils';
import { DepartmentsScreen } from '../screens/departments-screen';
import { demoDepartment } from '../test-fixtures';

/** The signed-in user's own department (testUser's departmentGuid). */
const AARHUS = '44444444-4444-4444-8444-444444444444';
const RANDERS = '55555555-5555-4555-8555-555555555555';
const AALBORG = '66666666-6666-4666-8666-666666666666';
const HORSENS = '99999999-9999-4999-8999-999999999999';

function departments(): TDepartment[] {
  return [
    demoDepartment({ id: AARHUS }),
    demoDepartment({ id: RANDERS, name: 'Randers', navLocationCode: 'RAN' }),
    demoDepartment({ id: HORSENS, name: 'Horsens', navLocationCode: 'HOR' }),
    // Another responsibility centre: not TimeManagement's to see.
    demoDepartment({ id: AALBORG, name: 'Aalborg', navLocationCode: 'AAL', navResponsibilityCenter: 'NORDJYLLAND' }),
  ];
}

const relation = (id: string, resourceId: string, resourceName: string): TResourceRelation => ({
  id,
  departmentId: AARHUS,
  resourceId,
  resourceName,
});

// jsdom has no document.fonts, which Mantine's autosize Textarea listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let roles: string[] = [];
let relations: TResourceRelation[] = [];
let refuseAdd = false;

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  calls = [];
  roles = ['Adminstrator'];
  relations = [relation('r1', RANDERS, 'Randers')];
  refuseAdd = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/user/userinfo') return jsonResponse(testUser('XX', roles));
    if (url === '/api/departments/departments') return jsonResponse(departments());
    if (url === `/api/DepartmentResourceRelation/get/${AARHUS}`) return jsonResponse(relations);
    if (url === '/api/DepartmentResourceRelation/add' && method === 'POST') {
      if (refuseAdd)
        return jsonResponse({ status: 409, type: 'GENERIC_ERROR', message: 'Relationen findes allerede', errors: null }, { status: 409 });
      const { resourceId } = body as { resourceId: string };
      relations = [...relations, relation('r2', resourceId, departments().find((d) => d.id === resourceId)!.name)];
      return jsonResponse(relations);
    }
    if (url.startsWith('/api/DepartmentResourceRelation/delete/') && method === 'DELETE') {
      relations = relations.filter((r) => r.id !== url.split('/').at(-1));
      return jsonResponse({ message: 'Relationen er slettet' });
    }
    return jsonResponse([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(resetToastsAndFetch);

function renderAarhus() {
  // The app's own client: a failed call toasts its message.
  renderWithProviders(<DepartmentsScreen />, {
    route: '/departments/:departmentId',
    path: `/departments/${AARHUS}?fane=ressourcer`,
    queryClient: createQueryClient(),
  });
}

const writes = () => calls.filter((c) => c.method !== 'GET');
const resources = () => screen.findByRole('list', { name: 'Ressourcer' });

const picker = () => screen.getByRole('combobox', { name: 'Tilføj ressource' });

/** The options of the 'Tilføj ressource' dropdown (the page's department picker has options of its own). */
async function openOptions(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement[]> {
  await user.click(picker());
  await waitFor(() => expect(picker()).toHaveAttribute('aria-controls'));
  const listbox = document.getElementById(picker().getAttribute('aria-controls')!)!;
  return within(listbox).findAllByRole('option', { hidden: true });
}

/** The names the 'Tilføj ressource' dropdown offers. */
async function offered(user: ReturnType<typeof userEvent.setup>): Promise<string[]> {
  const names = (await openOptions(user)).map((o) => o.textContent ?? '');
  await user.keyboard('{Escape}');
  return names;
}

async function choose(user: ReturnType<typeof userEvent.setup>, name: string) {
  const option = (await openOptions(user)).find((o) => o.textContent === name);
  if (!option) throw new Error(`${name} is not offered`);
  await user.click(option);
}

describe('Ressourcer', () => {
  it('adds a relation to a department chosen in the list and shows it', async () => {
    const user = userEvent.setup();
    renderAarhus();
    expect(
      within(await resources())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Randers']);
    const add = screen.getByRole('button', { name: 'Tilføj' });
    expect(add).toBeDisabled();
    // Neither the department itself nor one already related is offered.
    expect(await offered(user)).toEqual(['Horsens', 'Aalborg']);

    await choose(user, 'Horsens');
    expect(add).toBeEnabled();
    await user.click(add);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      url: '/api/DepartmentResourceRelation/add',
      body: { departmentId: AARHUS, resourceId: HORSENS },
    });
    // The answer is the department's relations, in Danish order.
    await waitFor(async () =>
      expect(
        within(await resources())
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Horsens', 'Randers']),
    );
    expect(picker()).toHaveValue('');
    expect(add).toBeDisabled();
    expect(await offered(user)).toEqual(['Aalborg']);
  });

  it('removes a relation with its button', async () => {
    const user = userEvent.setup();
    renderAarhus();
    const list = await resources();
    await user.click(within(list).getByRole('button', { name: 'Fjern ressourcen Randers' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'DELETE', url: '/api/DepartmentResourceRelation/delete/r1' });
    expect(await screen.findByText('Afdelingen bruger ingen andre afdelingers ressourcer.')).toBeInTheDocument();
    // Randers can be added again.
    expect(await offered(user)).toEqual(['Horsens', 'Randers', 'Aalborg']);
  });

  it('toasts a refused addition and keeps the list as it was', async () => {
    refuseAdd = true;
    const user = userEvent.setup();
    renderAarhus();
    await resources();
    await choose(user, 'Horsens');
    await user.click(screen.getByRole('button', { name: 'Tilføj' }));
    expect(await screen.findByText('Ressourcen kunne ikke tilføjes')).toBeInTheDocument();
    expect(
      within(await resources())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Randers']);
  });

  it('offers TimeManagement only the departments of its own responsibility centre', async () => {
    roles = ['TimeManagement'];
    const user = userEvent.setup();
    renderAarhus();
    await resources();
    expect(await offered(user)).toEqual(['Horsens']);
  });
});
