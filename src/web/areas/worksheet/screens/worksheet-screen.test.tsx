import type { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOrderStatus, TOrderType } from '@/domain/orders/order-enums';
import type { TOrder } from '@/domain/orders/order.schemas';
import { emptyOrder, ZComplaint, ZOrderItem } from '@/domain/orders/order.schemas';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { AppProviders } from '../../../app/providers';
import { PHONE_QUERY } from '../../../lib/use-is-phone';
import { createTestQueryClient, jsonResponse, testUser, waitForQueriesSettled } from '../../../test-utils';
import { orderQueryKey } from '../order-query';
import { WorksheetScreen } from './worksheet-screen';

const ORDER_ID = '55555555-5555-4555-8555-555555555555';
const FITTER_ID = '66666666-6666-4666-8666-666666666666';
const SLOT_ID = '77777777-7777-4777-8777-777777777777';
const OTHER_FITTER_ID = '88888888-8888-4888-8888-888888888888';
const DEPARTMENT_ID = '11111111-1111-4111-8111-111111111111';

function orderWith(status: TOrderStatus, type: TOrderType = 'REPLACE_FRONT', change: (o: TOrder) => void = () => {}): TOrder {
  const order = emptyOrder();
  order.additionalData = {
    ...order.additionalData,
    orderId: ORDER_ID,
    orderNr: '100123',
    orderStatus: status,
    orderType: type,
    createdBy: 'KS',
  };
  order.timeAndPlace = {
    ...order.timeAndPlace,
    date: '2026-11-23T00:00:00',
    from: '2026-11-23T08:00:00',
    to: '2026-11-23T10:00:00',
    timeSlotId: SLOT_ID,
  };
  order.timeAndPlace.department = { ...order.timeAndPlace.department, id: DEPARTMENT_ID, name: 'Aarhus', navLocationCode: 'ARH' };
  order.car = { ...order.car, registrationNumber: 'AB12345', make: 'Volkswagen', model: 'Golf VII' };
  order.customer = { ...order.customer, name: 'Jens Jensen', phone: '12345678' };
  order.items = [];
  change(order);
  return order;
}

let session: TUserInfo;
let current: TOrder;
let calls: Array<{ method: string; url: string; body: unknown }>;
/** What POST /api/departmentRuleSet/check answers (whether the order's department takes the car); null: no answer (404). */
let carCheck: { accepted: boolean; alertMessage: string | null; minimumWorkLength: number } | null;
const fetchMock = vi.fn<typeof fetch>();

// Mantine's autosizing textareas listen for font loading, which jsdom does not have.
Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: vi.fn(), removeEventListener: vi.fn() } });

beforeEach(() => {
  calls = [];
  carCheck = null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    calls.push({ method, url, body });
    if (url === '/api/user/userinfo') return jsonResponse(session);
    if (url === `/api/order/order/${ORDER_ID}`) return jsonResponse(current);
    if (url === '/api/departmentRuleSet/check' && method === 'POST' && carCheck) return jsonResponse(carCheck);
    if (url === '/api/order/order' && method === 'PUT') return jsonResponse({ ...(body as TOrder) });
    if (url === '/api/order/order' && method === 'DELETE') {
      return jsonResponse({ ...current, additionalData: { ...current.additionalData, orderStatus: 'CANCELLED' } });
    }
    if (url === '/api/user/usersinrole/Operation') {
      return jsonResponse([
        { ...testUser('BB', ['Operation']), id: OTHER_FITTER_ID, name: 'Bo Berg', departmentGuid: '99999999-9999-4999-8999-999999999999' },
        { ...testUser('OP', ['Operation']), id: FITTER_ID, name: 'Ole Pedersen', departmentGuid: DEPARTMENT_ID },
      ]);
    }
    if (url.startsWith('/api/media/')) return jsonResponse([]);
    if (url.startsWith('/api/log/reasons/'))
      return jsonResponse([
        { id: '1', text: 'Kunden ønsker en anden tid' },
        { id: '2', text: 'Andet' },
      ]);
    if (url === '/api/log/log') return jsonResponse(body);
    if (url === '/api/email/sendreceipt' || url === '/api/email/sendnotification')
      return jsonResponse({ message: 'Email sent successfully' });
    if (url === '/api/complaint/reasons') {
      return jsonResponse({
        internal: [{ id: 'i1', text: 'Forkert rude bestilt' }],
        customer: [
          { id: 'c1', text: 'Utæt rude' },
          { id: 'c2', text: 'Vindstøj' },
          { id: 'c3', text: 'Andet' },
        ],
      });
    }
    if (['/api/car/manufacturers', '/api/insurers', '/api/leasers', '/api/departments/departments'].includes(url)) return jsonResponse([]);
    if (url.startsWith('/api/timeslot/')) return jsonResponse([]);
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/worksheet/:orderId', element: <WorksheetScreen /> },
      { path: '/worksheet/', element: <WorksheetScreen /> },
      { path: '/booking', element: <p>Booking-trinnet</p> },
      { path: '/', element: <p>Forsiden</p> },
    ],
    { initialEntries: [path] },
  );
  queryClient = createTestQueryClient();
  ({ container: appRoot } = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  ));
  return router;
}

/** The app's own root: the printable job card is drawn beside it (print styles show only the card, jsdom has no CSS). */
let appRoot: HTMLElement;
/** The query client of the screen rendered last. */
let queryClient: QueryClient;

async function openWorksheet(
  status: TOrderStatus,
  roles: string[],
  type: TOrderType = 'REPLACE_FRONT',
  change?: (o: TOrder) => void,
  user: Partial<TUserInfo> = {},
) {
  session = testUser('XX', roles, user);
  current = orderWith(status, type, change);
  const router = renderAt(`/worksheet/${ORDER_ID}`);
  await within(appRoot).findByRole('heading', { name: 'Arbejdskort 100123' });
  // The sections below the first screenful come right after the top has been painted.
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Indlæser arbejdskortet' })).not.toBeInTheDocument(), {
    timeout: 10_000,
  });
  return router;
}

const actions = () => screen.getByRole('group', { name: 'Handlinger' });

/** The value a read-only section shows for a label (a definition list: label over value). */
function valueOf(region: HTMLElement, label: string): string | null {
  const term = within(region)
    .getAllByRole('term')
    .find((dt) => dt.textContent === label);
  if (!term) throw new Error(`no ${label} in ${region.getAttribute('aria-label')}`);
  return term.nextElementSibling?.textContent ?? null;
}

/**
 * How long to wait for something that follows a request (a toast, the next call), well inside the 30 s test timeout:
 * a save's toast came after more than 5 s once on a loaded 2-core host; a passing test waits no longer for it.
 */
const SLOW_EVENT_MS = 12_000;

describe('the worksheet guards', () => {
  it('shows Unauthorized Worksheet with a way back when no order is chosen', async () => {
    session = testUser('KS', ['CustomerService']);
    const router = renderAt('/worksheet/');
    expect(await screen.findByRole('heading', { name: 'Unauthorized Worksheet' })).toBeInTheDocument();
    expect(screen.getByText('Der er ikke valgt nogen order')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Tilbage til forsiden' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('answers an id that is no order with the one page and a way back: no dialog, no toast', async () => {
    session = testUser('KS', ['CustomerService']);
    // A GUID of no UUID version: the server refuses to read it (400), as it would an unknown id (404).
    const malformed = '11111111-1111-1111-1111-111111111111';
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/user/userinfo') return jsonResponse(session);
      if (url === `/api/order/order/${malformed}`) {
        return jsonResponse(
          { status: 400, type: 'VALIDATION_ERROR', message: 'Forespørgslen er ugyldig', errors: { id: ['Ugyldigt id'] } },
          { status: 400 },
        );
      }
      return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ordren findes ikke' }, { status: 404 });
    });
    for (const id of [malformed, '12345678-1234-4234-8234-123456789abc']) {
      renderAt(`/worksheet/${id}`);
      expect(await screen.findByRole('heading', { name: 'Unauthorized Worksheet' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Tilbage til forsiden' })).toBeInTheDocument();
      // The order's query answered 'no order' and did not fail: the toast and the exception dialog follow a failure only.
      expect(queryClient.getQueryState(orderQueryKey(id))).toMatchObject({
        status: 'success',
        data: null,
        error: null,
        fetchStatus: 'idle',
      });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.queryByText('Loading order failed')).not.toBeInTheDocument();
      expect(screen.queryByText(/genindlæse/)).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('sends an offer to the booking step of the order flow', async () => {
    session = testUser('KS', ['CustomerService']);
    current = orderWith('OFFER');
    const router = renderAt(`/worksheet/${ORDER_ID}`);
    expect(await screen.findByText('Booking-trinnet')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/booking');
    expect(router.state.location.search).toBe(`?orderId=${ORDER_ID}`);
  });

  it('shows every section in the spec order', async () => {
    await openWorksheet('PROCESSING', ['CustomerService'], 'COMPLAINT', (o) => {
      o.complaint = ZComplaint.parse({ complaintType: 'REPLACE_SLOT' });
    });
    const expected = [
      'Detaljer',
      'Billeder',
      'Reklamation',
      'Tid og sted',
      'Betalingsinformation',
      'Bil',
      'Tips og Tricks',
      'Vareliste',
      'Afslutning af ordre',
    ];
    const titles = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label') ?? '');
    expect(titles.filter((t) => expected.includes(t))).toEqual(expected);
  });

  it('skips complaint, signing and mobile service on a SALE order', async () => {
    await openWorksheet('PROCESSING', ['Adminstrator'], 'SALE');
    expect(screen.queryByRole('region', { name: 'Reklamation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Underskriv ansvarsfraskrivelse' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mobilservice' })).not.toBeInTheDocument();
    expect(within(actions()).queryByRole('button', { name: 'Mersalg' })).not.toBeInTheDocument();
  });

  it('keeps an extra sale outside the slot plan: its own 24-hour times, no fully booked warning', async () => {
    await openWorksheet('PROCESSING_MORESALE', ['Adminstrator'], 'SALE', (o) => {
      o.timeAndPlace.timeSlotId = '00000000-0000-0000-0000-000000000000';
      o.timeAndPlace.from = '2026-11-23T14:00:00';
    });
    const calendar = screen.getByRole('region', { name: 'Dato og tid' });
    expect(within(calendar).getByText('Mersalg bookes uden for tidsplanen. Angiv selv tidsrummet.')).toBeInTheDocument();
    expect(screen.queryByText(/Der er ikke flere ledige tider/)).not.toBeInTheDocument();
    // 24-hour hours and minutes, not the browser's '2:00 PM'.
    expect(within(calendar).getByRole('spinbutton', { name: 'Fra' })).toHaveValue('14');
    expect(within(calendar).getByRole('spinbutton', { name: 'Fra minutter' })).toHaveValue('00');
    expect(within(calendar).getByRole('spinbutton', { name: 'Til' })).toHaveValue('10');
    expect(within(calendar).getByRole('spinbutton', { name: 'Til minutter' })).toHaveValue('00');
  });

  it('shows the mobile-service department of a mobile order in its own field', async () => {
    await openWorksheet('PROCESSING', ['CustomerService'], 'REPLACE_FRONT', (o) => {
      o.timeAndPlace.department = {
        ...o.timeAndPlace.department,
        name: 'Mobilservice Aarhus',
        address: 'Skanderborgvej 190, 8260 Viby J',
        mobileService: true,
      };
      o.timeAndPlace.mobileServiceLocation = { ...o.timeAndPlace.mobileServiceLocation, address: 'Østergade 86, 8260 Viby J' };
    });
    const department = screen.getByRole('region', { name: 'Afdeling' });
    const mobile = within(department).getByRole('textbox', { name: 'Mobilservice' });
    expect(mobile).toHaveValue('Mobilservice Aarhus');
    expect(mobile).toHaveAttribute('readonly');
    // The workshop list offers a change back to a workshop.
    await waitFor(
      () =>
        expect(within(department).getByRole('combobox', { name: 'Værksted' })).toHaveAttribute('placeholder', 'Vælg et værksted i stedet'),
      {
        timeout: SLOW_EVENT_MS,
      },
    );
  });

  it('gives Feedback the look of the other action buttons', async () => {
    await openWorksheet('PROCESSING', ['CustomerService'], 'REPLACE_FRONT', (o) => {
      o.additionalData.worker = FITTER_ID;
    });
    const feedback = within(actions()).getByRole('button', { name: 'Feedback' });
    const copy = within(actions()).getByRole('button', { name: 'Kopier ordre' });
    expect(feedback).toHaveAttribute('data-variant', copy.getAttribute('data-variant')!);
    expect(feedback).toHaveAttribute('data-size', copy.getAttribute('data-size')!);
    expect(feedback.className).toBe(copy.className);
  });

  it('on a phone names why Feedback is disabled in Flere handlinger', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === PHONE_QUERY })) as typeof window.matchMedia;
    try {
      await openWorksheet('PROCESSING', ['CustomerService']);
      await userEvent.click(within(actions()).getByRole('button', { name: 'Flere handlinger' }));
      // hidden: floating-ui finds jsdom's zero-size button "detached", and once it has positioned the menu Mantine hides it.
      const item = await screen.findByRole('menuitem', { name: 'Feedback (vælg montør først)', hidden: true });
      expect(item).toBeDisabled();
    } finally {
      window.matchMedia = desktop;
    }
  });

  it('shows a finished order as text: no Gem, no finishing, no disabled fields; copy and complaint still offered', async () => {
    await openWorksheet('FINISHED', ['CustomerService'], 'REPLACE_FRONT', (o) => {
      o.additionalData.rekvNr = 'SK-4411';
      o.additionalData.worker = FITTER_ID;
      o.additionalData.windowManufacturer = 'AGC';
      o.items = [ZOrderItem.parse({ itemNo: 'F10001', no: 'F10001', name: 'Forrude', itemPrice: 1000, discountPercent: 18 })];
    });
    expect(screen.queryByRole('button', { name: 'Gem' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afslut/Fakturer' })).not.toBeInTheDocument();
    // Values as readable text (label over value), not as disabled light-grey fields.
    expect(screen.queryByRole('textbox', { name: 'Rekv. nr' })).not.toBeInTheDocument();
    expect(valueOf(screen.getByRole('region', { name: 'Detaljer' }), 'Rekv. nr')).toBe('SK-4411');
    expect(valueOf(screen.getByRole('region', { name: 'Bil' }), 'Reg. nr.')).toBe('AB 12 345');
    expect(valueOf(screen.getByRole('region', { name: 'Betalingsinformation' }), 'Hvem betaler')).toBe('Forsikring');
    expect(valueOf(screen.getByRole('region', { name: 'Tid og sted' }), 'Dato')).toBe('23/11-2026');
    const completion = screen.getByRole('region', { name: 'Afslutning af ordre' });
    expect(valueOf(completion, 'Rudefabrikat')).toBe('AGC');
    await waitFor(() => expect(valueOf(completion, 'Montør')).toBe('Ole Pedersen (OP)'), { timeout: SLOW_EVENT_MS });
    const lines = within(screen.getByRole('region', { name: 'Vareliste' })).getByRole('table', { name: 'Ordrelinjer' });
    expect(within(lines).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(lines).getByRole('row', { name: /F10001/ })).toHaveTextContent('18,00');
    for (const role of ['textbox', 'combobox', 'checkbox', 'radio'] as const) {
      expect(screen.queryAllByRole(role).filter((field) => (field as HTMLInputElement).disabled)).toEqual([]);
    }
    // Lines are read-only: no adding.
    expect(within(screen.getByRole('region', { name: 'Vareliste' })).queryByRole('button', { name: 'Tilføj' })).not.toBeInTheDocument();
    expect(within(actions()).getByRole('button', { name: 'Kopier ordre' })).toBeEnabled();
    expect(within(actions()).getByRole('button', { name: 'Opret reklamation' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Historik' })).toBeEnabled();
  });

  it('shows no missing photos and no photo buttons on a cancelled order', async () => {
    await openWorksheet('CANCELLED', ['CustomerService']);
    const photos = screen.getByRole('region', { name: 'Billeder' });
    expect(await within(photos).findByText('Ingen billeder på ordren.')).toBeInTheDocument();
    expect(within(photos).queryByText('Mangler')).not.toBeInTheDocument();
    expect(within(photos).queryByRole('button', { name: /^Tilføj billede/ })).not.toBeInTheDocument();
  });

  it('offers a complaint only on a done job, as the server allows it (no button that ends in a 409)', async () => {
    await openWorksheet('PROCESSING', ['CustomerService']);
    expect(within(actions()).queryByRole('button', { name: 'Opret reklamation' })).not.toBeInTheDocument();
    expect(within(actions()).getByRole('button', { name: 'Slet ordre' })).toBeEnabled();
  });

  it('leaves a PENDING_REVIEW order to the ReviewManager, whose button reads Afslut gennemsyn', async () => {
    await openWorksheet('PENDING_REVIEW', ['Operation']);
    expect(screen.queryByRole('button', { name: /^Afslut/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gem' })).not.toBeInTheDocument();
    // Read-only for this user: text, not disabled fields.
    expect(screen.queryByRole('textbox', { name: 'Rekv. nr' })).not.toBeInTheDocument();
    expect(valueOf(screen.getByRole('region', { name: 'Detaljer' }), 'Rekv. nr')).toBe('–');
  });

  it('gives the ReviewManager Afslut gennemsyn on a PENDING_REVIEW order', async () => {
    await openWorksheet('PENDING_REVIEW', ['ReviewManager']);
    expect(await screen.findByRole('button', { name: 'Afslut gennemsyn' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afslut/Fakturer' })).not.toBeInTheDocument();
  });

  it('offers Send til Ordrer on a web order and asks for PROCESSING', async () => {
    await openWorksheet('WEB_REVIEW', ['CustomerService']);
    await userEvent.click(within(actions()).getByRole('button', { name: 'Send til Ordrer' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined(), { timeout: SLOW_EVENT_MS });
    const put = calls.find((c) => c.method === 'PUT')!.body as TOrder;
    expect(put.additionalData.orderStatus).toBe('PROCESSING');
  });
});

describe("the department's rule set", () => {
  const checks = () => calls.filter((c) => c.url === '/api/departmentRuleSet/check');

  it("shows the spec's alert in Tid og sted when the order's department cannot take the car", async () => {
    carCheck = { accepted: false, alertMessage: null, minimumWorkLength: 0 };
    await openWorksheet('PROCESSING', ['CustomerService']);
    const department = screen.getByRole('region', { name: 'Afdeling' });
    const alert = await within(department).findByRole('alert', {}, { timeout: SLOW_EVENT_MS });
    expect(alert).toHaveTextContent('Afdelingen kan ikke tage bilen');
    expect(alert).toHaveTextContent('Nuværende afdeling kan ikke acceptere biler af det valgte bilmærke. Vælg venligst en anden afdeling.');
    // Asked for the order's department, car and job.
    expect(checks()[0]).toMatchObject({
      method: 'POST',
      body: { departmentId: DEPARTMENT_ID, carMake: 'Volkswagen', carModel: 'Golf VII', orderType: 'REPLACE_FRONT' },
    });
  });

  it("shows the rule set's own alert instead of the spec's when it has one", async () => {
    carCheck = { accepted: false, alertMessage: 'Aarhus tager ikke Volkswagen. Vælg venligst Odense.', minimumWorkLength: 0 };
    await openWorksheet('PROCESSING', ['CustomerService']);
    const department = screen.getByRole('region', { name: 'Afdeling' });
    expect(
      await within(department).findByText('Aarhus tager ikke Volkswagen. Vælg venligst Odense.', {}, { timeout: SLOW_EVENT_MS }),
    ).toBeInTheDocument();
    expect(within(department).queryByText(/Nuværende afdeling kan ikke acceptere/)).not.toBeInTheDocument();
  });

  it('shows no alert where the department takes the car', async () => {
    carCheck = { accepted: true, alertMessage: null, minimumWorkLength: 0 };
    await openWorksheet('PROCESSING', ['CustomerService']);
    await waitFor(() => expect(checks()).toHaveLength(1), { timeout: SLOW_EVENT_MS });
    // The answer is in and drawn before the section is looked at.
    await waitForQueriesSettled(queryClient);
    const department = screen.getByRole('region', { name: 'Afdeling' });
    expect(within(department).queryByText('Afdelingen kan ikke tage bilen')).not.toBeInTheDocument();
    expect(within(department).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('saving', () => {
  it('puts the edited order and says Order saved', async () => {
    await openWorksheet('PROCESSING', ['CustomerService']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Rekv. nr' }), 'R-77');
    expect(screen.getByText('Ændringer er ikke gemt')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect((await screen.findAllByText('Order saved', {}, { timeout: SLOW_EVENT_MS }))[0]).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT' && c.url === '/api/order/order')!.body as TOrder;
    expect(put.additionalData.rekvNr).toBe('R-77');
    expect(put.additionalData.orderStatus).toBe('PROCESSING');
    expect(await screen.findByText('Alt er gemt', {}, { timeout: SLOW_EVENT_MS })).toBeInTheDocument();
  });

  it('lists everything finishing lacks in one dialog, each a link to its field that marks it', async () => {
    await openWorksheet('PROCESSING', ['CustomerService']);
    await userEvent.click(screen.getByRole('button', { name: 'Afslut/Fakturer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afslut/Fakturer' });
    const list = within(dialog).getByRole('list', { name: 'Det mangler' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Billede: Før',
      'Billede: Efter',
      'Montør – Du mangler at vælge en montør !',
      'Rudefabrikat – Du mangler at vælge en rudefabrikat !',
    ]);
    expect(within(dialog).getByText('Du kan ikke afslutte din ordre, før der er tilføjet billeder')).toBeInTheDocument();
    // Fields are missing: finishing anyway is not offered, only for photos.
    expect(within(dialog).queryByRole('button', { name: 'Fortsæt alligevel' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Afslut/Fakturer' })).toBeDisabled();

    await userEvent.click(within(list).getByRole('button', { name: 'Rudefabrikat' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Afslut/Fakturer' })).not.toBeInTheDocument(), {
      timeout: SLOW_EVENT_MS,
    });
    const completion = screen.getByRole('region', { name: 'Afslutning af ordre' });
    const maker = within(completion).getByRole('combobox', { name: 'Rudefabrikat' });
    await waitFor(() => expect(maker).toHaveFocus(), { timeout: SLOW_EVENT_MS });
    expect(maker).toHaveAttribute('aria-invalid', 'true');
    expect(completion).toHaveTextContent('Du mangler at vælge en rudefabrikat !');
    expect(completion).toHaveTextContent('Du mangler at vælge en montør !');
    expect(screen.getByRole('group', { name: 'Billeder: Før' })).toHaveAttribute('data-missing');

    // The mark goes as soon as the field is filled.
    await userEvent.click(maker);
    await userEvent.click(await screen.findByRole('option', { name: 'AGC', hidden: true }));
    await waitFor(() => expect(completion).not.toHaveTextContent('Du mangler at vælge en rudefabrikat !'), { timeout: SLOW_EVENT_MS });
    expect(completion).toHaveTextContent('Du mangler at vælge en montør !');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('lets the job be finished without photos, with FINISHED asked for, once the fields are filled', async () => {
    await openWorksheet('PROCESSING', ['Operation'], 'REPLACE_FRONT', (o) => {
      o.additionalData.worker = FITTER_ID;
      o.additionalData.windowManufacturer = 'AGC';
      o.additionalData.whoIsPaying = 'INSURANCE';
    });
    await userEvent.click(screen.getByRole('button', { name: 'Afslut/Fakturer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afslut/Fakturer' });
    expect(within(dialog).getByText(/Gennemsyn/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fortsæt alligevel' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: SLOW_EVENT_MS });
    expect((calls.find((c) => c.method === 'PUT')!.body as TOrder).additionalData.orderStatus).toBe('FINISHED');
  });
});

describe('the fitter', () => {
  it("lists the department's fitters first and suggests the signed-in fitter on an own job without one", async () => {
    await openWorksheet('PROCESSING', ['Operation'], 'REPLACE_FRONT', () => {}, {
      id: FITTER_ID,
      name: 'Ole Pedersen',
      departmentGuid: DEPARTMENT_ID,
    });
    const completion = screen.getByRole('region', { name: 'Afslutning af ordre' });
    const worker = within(completion).getByRole('combobox', { name: 'Montør' });
    await waitFor(() => expect(worker).toHaveValue('Ole Pedersen (OP)'), { timeout: SLOW_EVENT_MS });
    expect(completion).toHaveTextContent('Forslag: dig selv. Gemmes, når ordren gemmes.');
    // A suggestion is no unsaved change of the user's, but it is saved with the order.
    expect(screen.getByText('Montør foreslået – gemmes med ordren')).toBeInTheDocument();
    await userEvent.click(worker);
    // The department's own fitters first, then the others.
    await screen.findAllByRole('option', { name: 'Bo Berg (BB)', hidden: true });
    const list = document.getElementById(worker.getAttribute('aria-controls') ?? '')!;
    expect(list).toHaveTextContent(/^Afdelingens montørerOle Pedersen \(OP\)Andre montørerBo Berg \(BB\)$/);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: SLOW_EVENT_MS });
    expect((calls.find((c) => c.method === 'PUT')!.body as TOrder).additionalData.worker).toBe(FITTER_ID);
  });

  it("suggests nobody on another department's job", async () => {
    await openWorksheet('PROCESSING', ['Operation'], 'REPLACE_FRONT', () => {}, {
      id: FITTER_ID,
      departmentGuid: '99999999-9999-4999-8999-999999999999',
    });
    expect(within(screen.getByRole('region', { name: 'Afslutning af ordre' })).getByRole('combobox', { name: 'Montør' })).toHaveValue('');
    expect(screen.getByText('Alt er gemt')).toBeInTheDocument();
  });
});

describe('the hold dialog', () => {
  it('needs a comment, the marked fields and, for Kalibreringsudfordringer, the signed disclaimer', async () => {
    await openWorksheet('PROCESSING', ['Operation']);
    await userEvent.click(within(actions()).getByRole('button', { name: 'Sæt på hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sæt på hold' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Årsag' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Kalibreringsudfordringer', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sæt på hold' }));
    expect(within(dialog).getByText('Kommentar skal udfyldes')).toBeInTheDocument();
    expect(within(dialog).getByText('Ansvarsfraskrivelse skal underskrives')).toBeInTheDocument();
    expect(within(dialog).getByText('Du skal vælge en værdi for de markerede felter !')).toBeInTheDocument();
    // The marked fields are the worksheet's own.
    expect(screen.getByRole('region', { name: 'Afslutning af ordre' })).toHaveTextContent(
      'Du skal vælge en værdi for de markerede felter !',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('puts the order ON_HOLD with reason and comment when the checks pass', async () => {
    await openWorksheet('PROCESSING', ['Operation'], 'REPLACE_FRONT', (o) => {
      o.additionalData.worker = FITTER_ID;
      o.additionalData.windowManufacturer = 'AGC';
    });
    await userEvent.click(within(actions()).getByRole('button', { name: 'Sæt på hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sæt på hold' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Kommentar' }), 'Ruden er i restordre');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sæt på hold' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: SLOW_EVENT_MS });
    const put = calls.find((c) => c.method === 'PUT')!.body as TOrder;
    expect(put.additionalData.orderStatus).toBe('ON_HOLD');
    expect(put.additionalData.onHoldComment).toBe('Ruden er i restordre');
  });
});

describe('taking an order off hold', () => {
  it('offers Genoptag ordre only on an ON_HOLD order and asks for PROCESSING', async () => {
    await openWorksheet('ON_HOLD', ['Operation'], 'REPLACE_FRONT', (o) => {
      o.additionalData.onHoldReason = 'Kunden ønsker en ny tid';
      o.additionalData.onHoldComment = 'Kunden ringer tilbage';
    });
    expect(within(actions()).queryByRole('button', { name: 'Sæt på hold' })).not.toBeInTheDocument();
    await userEvent.click(within(actions()).getByRole('button', { name: 'Genoptag ordre' }));
    expect((await screen.findAllByText('Order saved', {}, { timeout: SLOW_EVENT_MS }))[0]).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT' && c.url === '/api/order/order')!.body as TOrder;
    expect(put.additionalData.orderStatus).toBe('PROCESSING');
    // The answer is a PROCESSING order: it can be put on hold again, and the button is gone.
    expect(await within(actions()).findByRole('button', { name: 'Sæt på hold' })).toBeInTheDocument();
    expect(within(actions()).queryByRole('button', { name: 'Genoptag ordre' })).not.toBeInTheDocument();
  });

  it('does not offer Genoptag ordre on a PROCESSING order', async () => {
    await openWorksheet('PROCESSING', ['Operation']);
    expect(within(actions()).queryByRole('button', { name: 'Genoptag ordre' })).not.toBeInTheDocument();
  });
});

describe('the e-mail dialog', () => {
  const withEmail = (o: TOrder) => {
    o.customer = { ...o.customer, email: 'jens@example.dk', allowEmail: true };
    o.additionalData.worker = FITTER_ID;
  };

  it('sends the receipt e-mail with the receipt payload', async () => {
    await openWorksheet('FINISHED', ['CustomerService'], 'REPLACE_FRONT', withEmail);
    await userEvent.click(within(actions()).getByRole('button', { name: 'Send e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send e-mail' });
    expect(within(dialog).getByRole('radio', { name: 'Kvitteringsmail' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send e-mail' }));
    expect((await screen.findAllByText('Email sent successfully', {}, { timeout: SLOW_EVENT_MS }))[0]).toBeInTheDocument();
    const sent = calls.find((c) => c.url === '/api/email/sendreceipt')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      Order_Id: ORDER_ID,
      Order_No: '100123',
      Customer_Email: 'jens@example.dk',
      NavLocationCode: 'ARH',
      CreatedBy: 'KS',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send e-mail' })).not.toBeInTheDocument(), { timeout: SLOW_EVENT_MS });
  });

  it('sends a notification e-mail with the comment and the fitter', async () => {
    await openWorksheet('PROCESSING', ['CustomerService'], 'REPLACE_FRONT', withEmail);
    await userEvent.click(within(actions()).getByRole('button', { name: 'Send e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send e-mail' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Besked til kunden' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Kommentar' }), 'Ruden er kommet hjem');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send e-mail' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/email/sendnotification')).toBe(true), { timeout: SLOW_EVENT_MS });
    const sent = calls.find((c) => c.url === '/api/email/sendnotification')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      orderNumber: '100123',
      email: 'jens@example.dk',
      comment: 'Ruden er kommet hjem',
      workerName: 'Ole Pedersen',
      type: 'NOTIFICATION',
    });
    expect(calls.some((c) => c.url === '/api/email/sendreceipt')).toBe(false);
  });

  it('says EMAIL ikke tilladt and sends nothing when the customer does not allow e-mail', async () => {
    await openWorksheet('PROCESSING', ['CustomerService'], 'REPLACE_FRONT', (o) => {
      o.customer = { ...o.customer, email: 'jens@example.dk', allowEmail: false };
    });
    await userEvent.click(within(actions()).getByRole('button', { name: 'Send e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send e-mail' });
    expect(within(dialog).getByText('EMAIL ikke tilladt')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send e-mail' })).toBeDisabled();
  });
});

describe('the log-reason dialog', () => {
  it('asks for a reason, a comment for Andet, logs and then deletes', async () => {
    await openWorksheet('PROCESSING', ['CustomerService']);
    await userEvent.click(within(actions()).getByRole('button', { name: 'Slet ordre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Årsag til annullering' });
    await within(dialog).findByRole('radio', { name: 'Andet' }, { timeout: SLOW_EVENT_MS });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem log' }));
    expect(within(dialog).getByText('Du skal vælge en årsag')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Andet' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem log' }));
    expect(within(dialog).getByText('Når du vælger andet skal du tilknytte en kommentar')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/log/log')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Kommentar' }), 'Kunden har solgt bilen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem log' }));
    // Logging and then deleting are two requests in a row: under load they take longer than the default second.
    expect((await screen.findAllByText('Log saved', {}, { timeout: SLOW_EVENT_MS }))[0]).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true), { timeout: SLOW_EVENT_MS });
    const log = calls.find((c) => c.url === '/api/log/log')!.body as Record<string, string>;
    expect(log).toMatchObject({
      logType: 'CANCELLED',
      logReason: 'Andet',
      logComment: 'Kunden har solgt bilen',
      orderNo: '100123',
      regNr: 'AB12345',
    });
    expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual({ orderId: ORDER_ID });
    expect(calls.findIndex((c) => c.url === '/api/log/log')).toBeLessThan(calls.findIndex((c) => c.method === 'DELETE'));
  });
});

describe('complaints', () => {
  it('shows the worker-fault dropdown only to the Complaint role', async () => {
    await openWorksheet('PROCESSING', ['CustomerService'], 'COMPLAINT', (o) => {
      o.complaint = ZComplaint.parse({ complaintType: 'REPLACE_SLOT' });
    });
    expect(screen.queryByRole('combobox', { name: 'Montørfejl' })).not.toBeInTheDocument();
  });

  it('lets Complaint set the worker fault and keeps issues exclusive with Andet', async () => {
    await openWorksheet('SERVICE_CALL', ['Complaint'], 'COMPLAINT', (o) => {
      o.complaint = ZComplaint.parse({ complaintType: 'REPLACE_SLOT' });
    });
    const panel = screen.getByRole('region', { name: 'Reklamation' });
    expect(await within(panel).findByRole('combobox', { name: 'Montørfejl' })).toBeEnabled();
    const issue = await within(panel).findByRole('checkbox', { name: 'Utæt rude' });
    await userEvent.click(issue);
    expect(issue).toBeChecked();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Andet' }));
    expect(issue).not.toBeChecked();
    expect(within(panel).getByRole('textbox', { name: 'Anden årsag' })).toBeInTheDocument();
    await userEvent.click(issue);
    expect(within(panel).getByRole('checkbox', { name: 'Andet' })).not.toBeChecked();
    // Complaint closes service calls.
    expect(screen.getByRole('button', { name: 'Lukket' })).toBeInTheDocument();
  });

  it('locks the complaint fields in SERVICE_CALL for other roles', async () => {
    await openWorksheet('SERVICE_CALL', ['CustomerService'], 'COMPLAINT', (o) => {
      o.complaint = ZComplaint.parse({ complaintType: 'REPLACE_SLOT' });
    });
    const panel = screen.getByRole('region', { name: 'Reklamation' });
    // Locked for this role: the panel is text, not disabled boxes.
    expect(valueOf(panel, 'Reklamationstype')).toBe('Reklamation med tid til rudeskift');
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lukket' })).not.toBeInTheDocument();
  });

  it('offers complaint types with a slot only to Complaint, CustomerService and Adminstrator', async () => {
    await openWorksheet('FINISHED', ['Operation']);
    await userEvent.click(within(actions()).getByRole('button', { name: 'Opret reklamation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret reklamation' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['WITHOUT_SLOT', 'INTERNAL_COMPLAINT']);
  });

  it('offers all four complaint types to customer service', async () => {
    await openWorksheet('FINISHED', ['CustomerService']);
    await userEvent.click(within(actions()).getByRole('button', { name: 'Opret reklamation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opret reklamation' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['REPLACE_SLOT', 'REPAIR_SLOT', 'WITHOUT_SLOT', 'INTERNAL_COMPLAINT']);
  });
});

describe('photos', () => {
  it('names each photo button by what it shows and the type it adds to', async () => {
    await openWorksheet('PROCESSING', ['Operation']);
    const before = await screen.findByRole('button', { name: 'Tilføj billede: Før' });
    // The visible word is the start of the name (no aria-label that says something else).
    expect(before).not.toHaveAttribute('aria-label');
    expect(before).toHaveTextContent(/^Tilføj billede: Før$/);
  });
});
