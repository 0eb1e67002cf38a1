import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monthAhead } from '@/domain/order-lists';
import { emptyOrder, type TOrder } from '@/domain/orders/order.schemas';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { AppProviders } from '../../../app/providers';
import { notify } from '../../../lib/notify';
import { createQueryClient, SESSION_QUERY_KEY } from '../../../lib/query-client';
import { jsonResponse, testUser, waitForQueriesSettled } from '../../../test-utils';
import { prefetchOpeningList } from '../opening-filter';
import { OrderListScreen } from './order-list-screen';

// The first render of the providers can take over a second on a busy machine (2 cores, parallel runs).
configure({ asyncUtilTimeout: 5000 });

const DEP = '44444444-4444-4444-8444-444444444444';
const WORKER = '66666666-6666-4666-8666-666666666666';

function orderOf(n: number, change: (o: TOrder) => void = () => {}): TOrder {
  const order = emptyOrder();
  order.additionalData = {
    ...order.additionalData,
    orderId: `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`,
    orderNr: String(100100 + n),
    orderStatus: 'PROCESSING',
    orderType: 'REPLACE_FRONT',
  };
  order.timeAndPlace = { ...order.timeAndPlace, date: '2026-11-23T00:00:00', from: '2026-11-23T08:00:00', to: '2026-11-23T10:00:00' };
  order.timeAndPlace.department = { ...order.timeAndPlace.department, name: 'Aarhus' };
  order.car = { ...order.car, registrationNumber: 'AB12345' };
  order.customer = { ...order.customer, name: `Kunde ${n}`, phone: '22334455', allowSms: true };
  change(order);
  return order;
}

let session: TUserInfo;
let pages: TOrder[][];
let more: boolean;
const bodies: Array<{ url: string; body: Record<string, unknown> }> = [];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  bodies.length = 0;
  pages = [[orderOf(1), orderOf(2, (o) => (o.notificationStatus.smsArriveBetween8And12 = true))]];
  more = false;
  session = testUser('KS', ['CustomerService']);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/user/userinfo') return jsonResponse(session);
    if (url === '/api/order/orders' || url === '/api/revieworder/orders') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push({ url, body });
      const page = Number(body.page ?? 0);
      return jsonResponse({ orders: pages[page] ?? pages[0], pageCount: pages.length, ...(more ? { more } : {}) });
    }
    if (url === '/api/departments/names')
      return jsonResponse([{ id: DEP, name: 'Aarhus', navLocationCode: 'ARH', mobileService: false, inActive: false }]);
    if (url === '/api/insurers/Review') return jsonResponse([{ name: 'Tryg', bilStatistikName: 'TRYG', cashDebitorId: '' }]);
    if (url === '/api/user/usersinrole/ReviewManager')
      return jsonResponse([
        { ...testUser('REV', ['ReviewManager']), id: '77777777-7777-4777-8777-777777777777', name: 'Rikke Vestergaard' },
      ]);
    if (url === '/api/user/usersinrole/Operation')
      return jsonResponse([{ ...testUser('OP', ['Operation']), id: WORKER, name: 'Ole Pedersen' }]);
    if (url.startsWith('/api/order/status/')) return jsonResponse(orderOf(1, (o) => (o.additionalData.orderStatus = 'ON_HOLD')));
    if (url === '/api/sms/send')
      return jsonResponse({
        smsOnMyWay: false,
        smsArriveBetween8And12: false,
        smsArriveBetween10And14: true,
        smsArriveBetween12And16: false,
        smsOffer: false,
      });
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** matchMedia answering as a phone (max-width: 48em) or not. */
function phoneMedia(phone: boolean) {
  return (query: string) =>
    ({
      matches: phone && query.includes('max-width: 48em'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(() => false),
    }) as unknown as MediaQueryList;
}

function renderList(path: string, queryClient = createQueryClient()) {
  const router = createMemoryRouter(
    [
      { path: '/assignments', element: <OrderListScreen view="ASSIGNMENTS" /> },
      { path: '/assignments/:phoneOrMail', element: <OrderListScreen view="SEARCH_PHONE_OR_MAIL" /> },
      { path: '/offers', element: <OrderListScreen view="OFFERS" /> },
      { path: '/pending', element: <OrderListScreen view="PENDING" /> },
      { path: '*', element: <p>Anden side</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
const lastBody = () => bodies[bodies.length - 1]!;

/**
 * A row button under a tooltip is drawn anew when a mouse first comes over it (LazyTooltip). userEvent presses the
 * element it was given, so the press looks the button up again once the pointer is over it, as a browser's hit test
 * does (the browser tests press at once).
 */
async function press(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.hover(await screen.findByRole('button', { name }));
  await user.click(screen.getByRole('button', { name }));
}

describe('the first page the router asks for while the screen loads', () => {
  it.each([
    ['/assignments', 'ASSIGNMENTS', {}, 'Opgaver', '/api/order/orders'],
    ['/assignments/22334455', 'SEARCH_PHONE_OR_MAIL', { phoneOrMail: '22334455' }, 'Ordrer for 22334455', '/api/order/orders'],
    ['/offers', 'OFFERS', {}, 'Tilbud', '/api/order/orders'],
    ['/pending', 'PENDING', {}, 'Gennemsyn', '/api/revieworder/orders'],
  ] as const)(
    '%s: is the page the screen opens with, so the screen shows it without asking again',
    async (path, view, params, table, url) => {
      const client = createQueryClient();
      client.setQueryData(SESSION_QUERY_KEY, session);
      prefetchOpeningList(client, view, params);
      await waitFor(() => expect(bodies).toHaveLength(1));
      renderList(path, client);
      await screen.findByRole('table', { name: table });
      // Past the screen's mount and its effects: a query the screen does not find (or finds stale) would be asked for
      // by now, and be fetching still or counted.
      expect(client.isFetching({ queryKey: ['order', 'list'] })).toBe(0);
      expect(bodies).toHaveLength(1);
      expect(bodies[0]!.url).toBe(url);
    },
  );

  it('is not asked for without a session (the screen waits for it)', () => {
    const client = createQueryClient();
    prefetchOpeningList(client, 'ASSIGNMENTS', {});
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the list screen', () => {
  it("opens Opgaver on page 0 sorted by date, today to one month ahead, the user's department and Afventer", async () => {
    renderList('/assignments');
    const table = await screen.findByRole('table', { name: 'Opgaver' }, { timeout: 5000 });
    const range = monthAhead(new Date());
    expect(lastBody()).toEqual({
      url: '/api/order/orders',
      body: {
        page: 0,
        orderSortType: 'DATE',
        fromDate: `${range.from}T00:00:00`,
        toDate: `${range.to}T23:59:59`,
        department: DEP,
        status: 'PROCESSING',
        freeText: '',
        phoneOrMail: '',
      },
    });
    expect(within(table).getAllByText('Afventer')).toHaveLength(2);
    expect(within(table).getByText('8-12')).toBeInTheDocument();
    expect(table).toHaveTextContent('23/11-2026');
    expect(table).toHaveTextContent('08:00–10:00');
  });

  it("uses each route's default status", async () => {
    renderList('/offers');
    await screen.findByRole('table', { name: 'Tilbud' });
    expect(lastBody().body).toMatchObject({ status: 'OFFER_REQUEST' });
  });

  it('searches by phone or mail in every status, newest first', async () => {
    renderList('/assignments/22334455');
    await screen.findByRole('table', { name: 'Ordrer for 22334455' });
    expect(lastBody().body).toMatchObject({ phoneOrMail: '22334455', orderSortType: 'DATE_DESC' });
    expect(lastBody().body.department).toBeUndefined();
    expect(screen.getByText(/Søgningen ser bort fra status og datoer/)).toBeInTheDocument();
  });

  it('pages with first, previous, up to five numbers, next and last, with arrow keys, and with a long swipe', async () => {
    pages = Array.from({ length: 8 }, (_, p) => [orderOf(p * 25 + 1)]);
    renderList('/assignments');
    await screen.findByRole('table', { name: 'Opgaver' });
    const nav = screen.getByRole('navigation', { name: 'Sider' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Side \d$/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(nav).getByRole('button', { name: 'Første side' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Næste side' }));
    await waitFor(() => expect(lastBody().body.page).toBe(1));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(lastBody().body.page).toBe(2));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(lastBody().body.page).toBe(1));
    await user.click(within(nav).getByRole('button', { name: 'Sidste side' }));
    await waitFor(() => expect(lastBody().body.page).toBe(7));
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Side \d$/ })
        .map((b) => b.textContent),
    ).toEqual(['4', '5', '6', '7', '8']);
    // Typing in a filter does not page.
    await user.type(screen.getByLabelText('Fritekst'), '{ArrowLeft}');
    expect(lastBody().body.page).toBe(7);
    const area = screen.getByRole('table', { name: 'Opgaver' }).closest('div[class]')!.parentElement!.parentElement!;
    const swipe = (dx: number) => {
      fireEvent.touchStart(area, { touches: [{ clientX: 400, clientY: 300 }] });
      fireEvent.touchEnd(area, { changedTouches: [{ clientX: 400 + dx, clientY: 310 }] });
    };
    const before = bodies.length;
    swipe(150);
    expect(bodies.length).toBe(before);
    swipe(250);
    await waitFor(() => expect(lastBody().body.page).toBe(6));
  });

  it('says a free-text search has more than the ten pages ahead it counts', async () => {
    pages = Array.from({ length: 10 }, (_, p) => [orderOf(p * 25 + 1)]);
    more = true;
    renderList('/assignments');
    await screen.findByRole('table', { name: 'Opgaver' });
    expect(screen.getByText(/^10\+ sider à 25 ordrer/)).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Sider' })).getByText('Side 1 af 10+')).toBeInTheDocument();
  });

  it('sends the free text after a pause and starts again at page 0', async () => {
    pages = [[orderOf(1)], [orderOf(26)]];
    renderList('/assignments');
    await screen.findByRole('table', { name: 'Opgaver' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Næste side' }));
    await waitFor(() => expect(lastBody().body.page).toBe(1));
    await user.type(screen.getByLabelText('Fritekst'), 'b123');
    await waitFor(() => expect(lastBody().body).toMatchObject({ freeText: 'b123', page: 0 }));
  });

  it('lets a newer request cancel the older one without the failure toast', async () => {
    let firstSignal: AbortSignal | undefined;
    let calls = 0;
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/order/orders' && calls++ === 1) {
        firstSignal = init?.signal ?? undefined;
        return new Promise<Response>((_, reject) =>
          firstSignal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        );
      }
      return answer(input, init);
    });
    const toasts = vi.spyOn(notify, 'error');
    const client = createQueryClient();
    renderList('/assignments', client);
    await screen.findByRole('table', { name: 'Opgaver' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Sortering' }));
    await user.click(await screen.findByRole('option', { name: 'Dato, nyeste først', hidden: true }));
    await waitFor(() => expect(firstSignal).toBeDefined());
    await user.click(screen.getByRole('combobox', { name: 'Sortering' }));
    await user.click(await screen.findByRole('option', { name: 'Dato, ældste først', hidden: true }));
    await waitFor(() => expect(firstSignal!.aborted).toBe(true));
    // The aborted request and the newer one have settled: a failure would have asked for its toast by now.
    await waitForQueriesSettled(client);
    expect(toasts).not.toHaveBeenCalled();
    expect(screen.queryByText('Api: "getOrders" failed')).not.toBeInTheDocument();
    toasts.mockRestore();
  });

  it('opens a row on its worksheet, and an offer in booking', async () => {
    pages = [[orderOf(1), orderOf(2, (o) => (o.additionalData.orderStatus = 'OFFER_REQUEST'))]];
    const router = renderList('/assignments');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('row', { name: 'Ordre 100101' }));
    expect(router.state.location.pathname).toBe('/worksheet/55555555-5555-4555-8555-000000000001');
    await act(() => router.navigate('/assignments'));
    await user.click(await screen.findByRole('row', { name: 'Ordre 100102' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/booking?orderId=55555555-5555-4555-8555-000000000002',
    );
  });
});

describe('keyboard and links', () => {
  afterEach(() => vi.mocked(window.matchMedia).mockImplementation(phoneMedia(false)));

  it('makes the order number a real link (worksheet, or booking for an offer) and the row no tab stop of its own', async () => {
    pages = [[orderOf(1), orderOf(2, (o) => (o.additionalData.orderStatus = 'OFFER_REQUEST'))]];
    renderList('/assignments');
    const table = await screen.findByRole('table', { name: 'Opgaver' });
    const first = within(table).getByRole('row', { name: 'Ordre 100101' });
    expect(within(first).getByRole('link', { name: '100101' })).toHaveAttribute('href', '/worksheet/55555555-5555-4555-8555-000000000001');
    expect(within(table).getByRole('row', { name: 'Ordre 100102' })).toContainElement(within(table).getByRole('link', { name: '100102' }));
    expect(within(table).getByRole('link', { name: '100102' })).toHaveAttribute(
      'href',
      '/booking?orderId=55555555-5555-4555-8555-000000000002',
    );
    expect(first).not.toHaveAttribute('tabindex');
    // Tab goes from the order number to the row's buttons, then to the next order number.
    const user = userEvent.setup();
    within(first).getByRole('link').focus();
    await user.tab();
    expect(within(first).getByRole('button', { name: 'Skift status for ordre 100101' })).toHaveFocus();
  });

  it('makes each compact row on a phone a link named after its order', async () => {
    vi.mocked(window.matchMedia).mockImplementation(phoneMedia(true));
    renderList('/assignments');
    const list = await screen.findByRole('list', { name: 'Opgaver' });
    const link = within(list).getByRole('link', { name: /^Ordre 100101 · AB 12 345 Afventer/ });
    expect(link).toHaveAttribute('href', '/worksheet/55555555-5555-4555-8555-000000000001');
  });
});

describe('row actions', () => {
  it("changes a status in 'Vælg ny order status' for customer service", async () => {
    renderList('/assignments');
    const user = userEvent.setup();
    await press(user, 'Skift status for ordre 100101');
    const dialog = await screen.findByRole('dialog', { name: 'Vælg ny order status' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(11);
    expect(within(dialog).getByRole('radio', { name: 'Afventer' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Hold' }));
    await user.click(within(dialog).getByRole('button', { name: 'Gem' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/order/status/55555555-5555-4555-8555-000000000001',
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ status: 'ON_HOLD' }) }),
      ),
    );
    expect(await screen.findByText('OrderUpdated')).toBeInTheDocument();
  });

  it('has no status change for operations', async () => {
    session = testUser('OP', ['Operation']);
    renderList('/assignments');
    await screen.findByRole('table', { name: 'Opgaver' });
    expect(screen.queryByRole('button', { name: /Skift status/ })).not.toBeInTheDocument();
  });

  it("sends an SMS, showing 'SMS ikke tilladt' for kinds the order may not get", async () => {
    renderList('/assignments');
    const user = userEvent.setup();
    await press(user, 'Send SMS for ordre 100101');
    const dialog = await screen.findByRole('dialog', { name: /Send SMS/ });
    expect(within(dialog).getByRole('radio', { name: 'På vej – SMS ikke tilladt' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Tilbud – SMS ikke tilladt' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Ankomst mellem 10-14' }));
    expect(dialog).toHaveTextContent('mellem kl. 10:00 og 14:00');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/sms/send',
        expect.objectContaining({
          body: JSON.stringify({ orderId: '55555555-5555-4555-8555-000000000001', kind: 'ARRIVE_BETWEEN_10_14' }),
        }),
      ),
    );
    expect(await screen.findByText('SMS sent successfully')).toBeInTheDocument();
  });

  it("offers the 'Tilbud' reminder on offers lacking one to Adminstrator, not to customer service", async () => {
    pages = [
      [
        orderOf(1, (o) => (o.additionalData.orderStatus = 'OFFER')),
        orderOf(2, (o) => {
          o.additionalData.orderStatus = 'OFFER';
          o.notificationStatus.smsOffer = true;
        }),
      ],
    ];
    renderList('/offers');
    await screen.findByRole('table', { name: 'Tilbud' });
    expect(screen.queryByRole('button', { name: /Send tilbuds-SMS/ })).not.toBeInTheDocument();
  });

  it("opens the SMS dialog on 'Tilbud' for an administrator", async () => {
    session = testUser('ADM', ['Adminstrator']);
    pages = [
      [
        orderOf(1, (o) => (o.additionalData.orderStatus = 'OFFER')),
        orderOf(2, (o) => {
          o.additionalData.orderStatus = 'OFFER';
          o.notificationStatus.smsOffer = true;
        }),
      ],
    ];
    renderList('/offers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send tilbuds-SMS for ordre 100101' }));
    expect(screen.queryByRole('button', { name: 'Send tilbuds-SMS for ordre 100102' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: /Send SMS/ });
    expect(within(dialog).getByRole('radio', { name: 'Tilbud' })).toBeChecked();
    expect(dialog).toHaveTextContent('Husk dit tilbud 100101');
  });

  it('opens feedback only for an order with a fitter, and sends type, sub-type and comment', async () => {
    pages = [[orderOf(1), orderOf(2, (o) => (o.additionalData.worker = WORKER))]];
    renderList('/assignments');
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Feedback for ordre 100101' })).toBeDisabled();
    await press(user, 'Feedback for ordre 100102');
    const dialog = await screen.findByRole('dialog', { name: /Feedback/ });
    await waitFor(() => expect(dialog).toHaveTextContent('Montør: Ole Pedersen'));
    const send = within(dialog).getByRole('button', { name: 'Indsend' });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Kvalitet' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Utæt rude' }));
    await user.type(within(dialog).getByLabelText('Kommentar'), 'Utæt i venstre side');
    fetchMock.mockImplementationOnce(async () => jsonResponse({ id: 'x' }));
    await user.click(send);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/feedback/CreateFeedback', expect.objectContaining({ method: 'PUT' })));
    const form = fetchMock.mock.calls.find((c) => c[0] === '/api/feedback/CreateFeedback')![1]!.body as FormData;
    expect(Object.fromEntries(form.entries())).toMatchObject({
      type: 'QUALITY',
      subType: 'Utæt rude',
      description: 'Utæt i venstre side',
      userId: WORKER,
      userName: 'Ole Pedersen',
      orderId: '55555555-5555-4555-8555-000000000002',
    });
    expect(await screen.findByText('Feedback tilføjet')).toBeInTheDocument();
  });
});

describe('Gennemsyn', () => {
  it('lists PENDING_REVIEW through the review call, with insurer and reviewer choices', async () => {
    session = testUser('REV', ['ReviewManager']);
    renderList('/pending');
    await screen.findByRole('table', { name: 'Gennemsyn' });
    expect(lastBody()).toMatchObject({ url: '/api/revieworder/orders', body: { status: 'PENDING_REVIEW', insurer: '' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Forsikringsselskab' }));
    await user.click(await screen.findByRole('option', { name: 'Tryg', hidden: true }));
    await waitFor(() => expect(lastBody().body).toMatchObject({ insurer: 'Tryg', page: 0 }));
    await user.click(screen.getByRole('combobox', { name: 'Gennemser' }));
    await user.click(await screen.findByRole('option', { name: 'Rikke Vestergaard (REV)', hidden: true }));
    await waitFor(() => expect(lastBody().body).toMatchObject({ reviewer: '77777777-7777-4777-8777-777777777777' }));
    await user.click(screen.getByRole('button', { name: 'Rapporter' }));
    // hidden: floating-ui finds jsdom's zero-size button "detached", and once it has positioned the menu Mantine hides it.
    expect(await screen.findByRole('menuitem', { name: 'Gennemsynslog', hidden: true })).toBeInTheDocument();
  });
});
