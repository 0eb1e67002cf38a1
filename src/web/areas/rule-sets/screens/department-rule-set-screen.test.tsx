import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RULE_SET_MESSAGES, type TCarRule, type TRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import { ruleName } from '@/domain/rule-sets/rule-sets';
import { createQueryClient } from '../../../lib/query-client';
import { PHONE_QUERY } from '../../../lib/use-is-phone';
import { jsonResponse, renderWithProviders, resetToastsAndFetch } from '../../../test-utils';
import { DepartmentRuleSetScreen } from './department-rule-set-screen';

const AARHUS = '44444444-4444-4444-8444-444444444444';
const ESBJERG = '55555555-5555-4555-8555-555555555555';
const VAN = '77777777-7777-4777-8777-777777777777';

const departments = [
  { id: AARHUS, name: 'Aarhus', mobileService: false },
  { id: ESBJERG, name: 'Esbjerg', mobileService: false },
  { id: VAN, name: 'Mobilservice Aarhus', mobileService: true },
];

function carRule(n: number, over: Partial<TCarRule> = {}): TCarRule {
  const base = { carMake: 'Tesla', carModel: '', isWorkAllowed: false, ...over };
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    ruleName: ruleName(base),
    minimumWorkLength: 0,
    disallowBackWindowWork: false,
    disallowFrontWindowWork: false,
    disallowSideWindowWork: false,
    disallowRoofWindowWork: false,
    updateId: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    ...base,
    ...over,
  };
}

const noTesla = carRule(1);
const golf = carRule(2, {
  carMake: 'Volkswagen',
  carModel: 'Golf VII',
  isWorkAllowed: true,
  minimumWorkLength: 2.5,
  disallowRoofWindowWork: true,
});
/** Twelve rules: two pages of ten. */
const rules = [noTesla, golf, ...Array.from({ length: 10 }, (_, i) => carRule(10 + i, { carMake: `Mærke ${String(i).padStart(2, '0')}` }))];

const esbjergSet: TRuleSet = {
  id: '99999999-0000-4000-8000-000000000001',
  ruleSetName: 'Ingen Tesla i Esbjerg',
  updateId: '99999999-0000-4000-9000-000000000001',
  alertMessage: 'Esbjerg kan ikke tage Tesla.',
  departments: [
    { departmentId: ESBJERG, departmentName: 'Esbjerg' },
    { departmentId: AARHUS, departmentName: 'Aarhus' },
  ],
  rules: [noTesla.id, golf.id],
};

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let answers: Record<string, () => Response> = {};
const fetchMock = vi.fn<typeof fetch>();

function page<T>(items: T[], url: string) {
  const params = new URL(url, 'http://x').searchParams;
  const size = Number(params.get('pageSize'));
  const number = Number(params.get('pageNumber'));
  return { items: items.slice(size * number, size * number + size), totalPages: Math.ceil(items.length / size) };
}

beforeEach(() => {
  calls = [];
  answers = {};
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, url, body });
    const own = answers[`${method} ${url.split('?')[0]}`];
    if (own) return own();
    if (url.startsWith('/api/departmentRuleSet/rules?')) {
      const { items, totalPages } = page(rules, url);
      return jsonResponse({ rules: items, totalPages });
    }
    if (url.startsWith('/api/departmentRuleSet/ruleSet?') && method === 'GET') {
      const { items, totalPages } = page([esbjergSet], url);
      return jsonResponse({ ruleSets: items, totalPages });
    }
    if (url === '/api/departments/departments') return jsonResponse(departments);
    if (url === '/api/car/manufacturers')
      return jsonResponse([
        { manuId: 121, manuName: 'Volkswagen' },
        { manuId: 500, manuName: 'Tesla' },
      ]);
    if (url === '/api/car/models?manuId=500')
      return jsonResponse([{ modelId: 1, modelName: 'Model 3', yearOfConstrFrom: 201701, yearOfConstrTo: 0 }]);
    if (url.startsWith('/api/departmentRuleSet/rule?') && method === 'POST') {
      const input = body as TCarRule;
      return jsonResponse({ ...carRule(99, input), id: new URL(url, 'http://x').searchParams.get('id') || carRule(99).id });
    }
    if (url.startsWith('/api/departmentRuleSet/ruleSet?') && method === 'POST') {
      const input = body as { ruleSetName: string; alertMessage: string; departmentIds: string[]; ruleIds: string[] };
      return jsonResponse({
        id: 'new',
        ruleSetName: input.ruleSetName,
        alertMessage: input.alertMessage,
        departments: [],
        rules: input.ruleIds,
      });
    }
    // A link removal answers the set's next version (the n-th removal: version n).
    if (method === 'DELETE') return jsonResponse({ message: 'Slettet', updateId: removalVersion(deletes().length) });
    return jsonResponse([]);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
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

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.startsWith(path));
const removalVersion = (n: number) => `99999999-0000-4000-a000-${String(n).padStart(12, '0')}`;
const deletes = () => calls.filter((c) => c.method === 'DELETE');

/** Puts a text in a field at once (as a paste): typing it key by key only makes the test slow. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function renderScreen() {
  // The app's own client: its error handling shows the toasts and the exception dialog.
  return renderWithProviders(<DepartmentRuleSetScreen />, { path: '/department-rule-set', queryClient: createQueryClient() });
}

async function rulesTable() {
  const table = await screen.findByRole('table', { name: 'Regler' });
  await within(table).findByText('Work_Not_Allowed_Tesla');
  return table;
}

// Dialogs and dropdowns take a while in jsdom on a busy machine.
describe('Afdeling reglersæt', { timeout: 30_000 }, () => {
  it("lists 'Regler' and 'Reglsæt' ten a page, with number, name with minimum work length, make and model or '-'", async () => {
    const user = userEvent.setup();
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Afdeling reglersæt' })).toBeInTheDocument();
    expect(document.title).toBe('Afdeling reglersæt – Rudeplan');
    const table = await rulesTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Detaljer', 'Nr.', 'Regel', 'Bilmærke', 'Model', 'Handlinger']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', '1', 'Work_Not_Allowed_TeslaIkke tilladt', 'Tesla', '-', '']);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', '2', 'Work_Allowed_Volkswagen_Golf VII (min. 2,5 timer)Tilladt', 'Volkswagen', 'Golf VII', '']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(calls.some((c) => c.url === '/api/departmentRuleSet/rules?pageSize=10&pageNumber=0')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Regler, side 2' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(calls.some((c) => c.url === '/api/departmentRuleSet/rules?pageSize=10&pageNumber=1')).toBe(true);
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[1]).toHaveTextContent('11');

    const sets = screen.getByRole('table', { name: 'Reglsæt' });
    expect(
      within(sets)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Detaljer', 'Nr.', 'Navn', 'Handlinger']);
    expect(within(sets).getByText('Ingen Tesla i Esbjerg')).toBeInTheDocument();
    expect(within(sets).getByText('2 afdelinger · 2 regler')).toBeInTheDocument();
  });

  it("expands a rule to 'Arbejde er tilladt' and 'Minimum arbejdstid', and a set to its departments and rules", async () => {
    const user = userEvent.setup();
    renderScreen();
    await rulesTable();
    const toggle = screen.getByRole('button', { name: 'Vis detaljer for Work_Allowed_Volkswagen_Golf VII' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const details = document.getElementById(`regel-${golf.id}`)!;
    expect(screen.getByRole('button', { name: 'Skjul detaljer for Work_Allowed_Volkswagen_Golf VII' })).toHaveAttribute(
      'aria-controls',
      details.id,
    );
    expect(within(details).getByText('Arbejde er tilladt')).toBeInTheDocument();
    expect(within(details).getByText('Minimum arbejdstid').nextSibling).toHaveTextContent('2,5 timer');
    expect(within(details).getByText('Tagrude')).toBeInTheDocument();
    expect(within(details).getByText('Ingen Tesla i Esbjerg')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vis detaljer for Work_Not_Allowed_Tesla' }));
    expect(within(document.getElementById(`regel-${noTesla.id}`)!).getByText('Arbejde er ikke tilladt')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vis detaljer for Ingen Tesla i Esbjerg' }));
    const set = document.getElementById(`reglsaet-${esbjergSet.id}`)!;
    const departmentsList = within(set).getByText('Udvalgte afdelinger').nextElementSibling as HTMLElement;
    // Danish order: Aa is Å, the last letter.
    expect(
      within(departmentsList)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Esbjerg', 'Aarhus']);
    const rulesList = within(set).getByText('Udvalgte regler').nextElementSibling as HTMLElement;
    expect(
      within(rulesList)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Work_Not_Allowed_Tesla', 'Work_Allowed_Volkswagen_Golf VII (min. 2,5 timer)']);
    expect(within(set).getByText('Esbjerg kan ikke tage Tesla.')).toBeInTheDocument();
  });

  it('creates a rule: the create button appears with a make, the checkbox reveals the minimum and the windows', async () => {
    const user = userEvent.setup();
    renderScreen();
    await rulesTable();
    await user.click(screen.getByRole('button', { name: 'Opret ny regl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret ny regl' });
    expect(within(dialog).queryByRole('button', { name: 'Opret' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Minimum arbejdstid' })).toBeNull();

    await user.click(within(dialog).getByRole('combobox', { name: 'Bilmærke' }));
    await user.click(await screen.findByRole('option', { name: 'Tesla', hidden: true }));
    expect(within(dialog).getByRole('button', { name: 'Opret' })).toBeInTheDocument();
    expect(within(dialog).getByText('Work_Not_Allowed_Tesla')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Model' }));
    await user.click(await screen.findByRole('option', { name: 'Model 3', hidden: true }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Arbejde er tilladt/ }));
    expect(within(dialog).getByText('Work_Allowed_Tesla_Model 3')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Minimum arbejdstid/ }), '1,5');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tagrude' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opret' }));

    await waitFor(() => expect(posts('/api/departmentRuleSet/rule?')).toHaveLength(1));
    expect(posts('/api/departmentRuleSet/rule?')[0]).toMatchObject({
      url: '/api/departmentRuleSet/rule?id=',
      body: {
        carMake: 'Tesla',
        carModel: 'Model 3',
        isWorkAllowed: true,
        minimumWorkLength: 1.5,
        disallowFrontWindowWork: false,
        disallowBackWindowWork: false,
        disallowSideWindowWork: false,
        disallowRoofWindowWork: true,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Opret ny regl' })).toBeNull());
    expect(await screen.findByText('Reglen Work_Allowed_Tesla_Model 3 er oprettet')).toBeInTheDocument();
  });

  it("edits a rule with its make locked, and keeps the dialog open with the server's words when the save fails", async () => {
    answers['POST /api/departmentRuleSet/rule'] = () =>
      jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: RULE_SET_MESSAGES.ruleNotFound, errors: null }, { status: 404 });
    const user = userEvent.setup();
    renderScreen();
    await rulesTable();
    await user.click(screen.getByRole('button', { name: 'Rediger Work_Allowed_Volkswagen_Golf VII' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rediger regel' });
    expect(within(dialog).getByRole('combobox', { name: 'Bilmærke' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Bilmærke' })).toHaveValue('Volkswagen');
    expect(within(dialog).getByRole('combobox', { name: 'Model' })).toHaveValue('Golf VII');
    expect(within(dialog).getByRole('textbox', { name: /^Minimum arbejdstid/ })).toHaveValue('2,5');
    expect(within(dialog).getByRole('checkbox', { name: 'Tagrude' })).toBeChecked();
    // Work not allowed: no minimum, no windows are sent.
    await user.click(within(dialog).getByRole('checkbox', { name: /^Arbejde er tilladt/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(posts('/api/departmentRuleSet/rule?')).toHaveLength(1));
    expect(posts('/api/departmentRuleSet/rule?')[0]).toMatchObject({
      url: `/api/departmentRuleSet/rule?id=${golf.id}`,
      body: { carMake: 'Volkswagen', carModel: 'Golf VII', isWorkAllowed: false, minimumWorkLength: 0, disallowRoofWindowWork: false },
    });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Reglen blev ikke gemt');
    expect(alert).toHaveTextContent(RULE_SET_MESSAGES.ruleNotFound);
    expect(screen.getByRole('dialog', { name: 'Rediger regel' })).toBeInTheDocument();
  });

  it("asks for every value of a new set with the spec's alert, then sends the chosen departments and rules", async () => {
    const user = userEvent.setup();
    renderScreen();
    await rulesTable();
    await user.click(screen.getByRole('button', { name: 'Opret ny reglsæt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret ny reglsæt' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Navn' }), 'Ingen Tesla i Aarhus');
    await user.click(within(dialog).getByRole('button', { name: 'Opret' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(RULE_SET_MESSAGES.missingValues);
    expect(posts('/api/departmentRuleSet/ruleSet?')).toHaveLength(0);

    await fill(user, within(dialog).getByRole('textbox', { name: /^Advarselstekst/ }), 'Tesla tages i Esbjerg');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Aarhus' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Mobilservice Aarhus (mobilservice)' })).not.toBeChecked();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Søg i regler' }), 'tesla');
    expect(within(dialog).queryByRole('checkbox', { name: /Volkswagen/ })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Work_Not_Allowed_Tesla' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Opret' }));

    await waitFor(() => expect(posts('/api/departmentRuleSet/ruleSet?')).toHaveLength(1));
    expect(posts('/api/departmentRuleSet/ruleSet?')[0]).toEqual({
      method: 'POST',
      url: '/api/departmentRuleSet/ruleSet?id=',
      body: { ruleSetName: 'Ingen Tesla i Aarhus', alertMessage: 'Tesla tages i Esbjerg', departmentIds: [AARHUS], ruleIds: [noTesla.id] },
    });
    expect(await screen.findByText('Reglsættet Ingen Tesla i Aarhus er oprettet')).toBeInTheDocument();
  });

  it('removes a department or a rule from a saved set on the server at once, then saves the rest', async () => {
    const user = userEvent.setup();
    renderScreen();
    await rulesTable();
    await user.click(await screen.findByRole('button', { name: 'Rediger Ingen Tesla i Esbjerg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rediger reglsæt' });
    const aarhus = await within(dialog).findByRole('checkbox', { name: 'Aarhus' });
    expect(aarhus).toBeChecked();
    await user.click(aarhus);
    await waitFor(() => expect(deletes()).toHaveLength(1));
    // Each removal names the version the form holds: the set's as opened, then the one the removal before answered.
    expect(deletes()[0]!.url).toBe(
      `/api/departmentRuleSet/ruleSet/${esbjergSet.id}/removeDepartment?departmentId=${AARHUS}&updateId=${esbjergSet.updateId}`,
    );
    expect(await within(dialog).findByText('Afdelingen Aarhus er fjernet fra reglsættet.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Work_Allowed_Volkswagen_Golf VII (min. 2,5 timer)' }));
    await waitFor(() => expect(deletes()).toHaveLength(2));
    expect(deletes()[1]!.url).toBe(
      `/api/departmentRuleSet/ruleSet/${esbjergSet.id}/removeRule?ruleId=${golf.id}&updateId=${removalVersion(1)}`,
    );

    // A department added and taken away again was never linked: nothing to remove.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mobilservice Aarhus (mobilservice)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mobilservice Aarhus (mobilservice)' }));
    expect(deletes()).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(posts('/api/departmentRuleSet/ruleSet?')).toHaveLength(1));
    expect(posts('/api/departmentRuleSet/ruleSet?')[0]).toMatchObject({
      url: `/api/departmentRuleSet/ruleSet?id=${esbjergSet.id}`,
      body: {
        ruleSetName: esbjergSet.ruleSetName,
        alertMessage: esbjergSet.alertMessage,
        departmentIds: [ESBJERG],
        ruleIds: [noTesla.id],
        updateId: removalVersion(2),
      },
    });
  });

  it("shows the spec's alerts when a rule or a set cannot be deleted", async () => {
    answers['DELETE /api/departmentRuleSet/rule'] = () =>
      jsonResponse({ status: 409, type: 'GENERIC_ERROR', message: RULE_SET_MESSAGES.ruleInUse, errors: null }, { status: 409 });
    answers['DELETE /api/departmentRuleSet/ruleSet'] = () =>
      jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Regelsættet findes ikke', errors: null }, { status: 404 });
    const user = userEvent.setup();
    renderScreen();
    await rulesTable();
    await user.click(screen.getByRole('button', { name: 'Slet Work_Not_Allowed_Tesla' }));
    const confirm = await screen.findByRole('dialog', { name: 'Slet regel' });
    expect(confirm).toHaveTextContent('Du er ved at slette reglen Work_Not_Allowed_Tesla. Er du sikker?');
    await user.click(within(confirm).getByRole('button', { name: 'Slet' }));
    await waitFor(() => expect(deletes()[0]?.url).toBe(`/api/departmentRuleSet/rule?id=${noTesla.id}`));
    const alert = await screen.findByRole('dialog', { name: 'Reglen blev ikke slettet' });
    expect(within(alert).getByRole('alert')).toHaveTextContent(RULE_SET_MESSAGES.ruleInUse);
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reglen blev ikke slettet' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Slet Ingen Tesla i Esbjerg' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Slet reglsæt' })).getByRole('button', { name: 'Slet' }));
    const setAlert = await screen.findByRole('dialog', { name: 'Reglsættet blev ikke slettet' });
    expect(within(setAlert).getByRole('alert')).toHaveTextContent(RULE_SET_MESSAGES.ruleSetNotDeleted);
  });

  it('is a list of cards on a phone, each expandable', async () => {
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
    const user = userEvent.setup();
    renderScreen();
    const cards = await screen.findByRole('list', { name: 'Regler' });
    expect(screen.queryByRole('table')).toBeNull();
    const golfCard = await within(cards).findByRole('listitem', { name: 'Work_Allowed_Volkswagen_Golf VII' });
    expect(golfCard).toHaveTextContent('Volkswagen · Model: Golf VII');
    await user.click(within(golfCard).getByRole('button', { name: 'Vis detaljer for Work_Allowed_Volkswagen_Golf VII' }));
    expect(within(golfCard).getByText('Arbejde er tilladt')).toBeInTheDocument();
    expect(
      within(await screen.findByRole('list', { name: 'Reglsæt' })).getByRole('listitem', { name: 'Ingen Tesla i Esbjerg' }),
    ).toBeInTheDocument();
  });
});
