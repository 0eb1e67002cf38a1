import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFitterJob, TFitterJobs } from '@/domain/orders/fitter-jobs.schemas';
import { emptyOrder, type TOrder } from '@/domain/orders/order.schemas';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { jsonResponse, renderWithProviders, testUser } from '../../../test-utils';
import { TodaysTasks } from './todays-tasks';

/** The start area 'Dagens opgaver' as a fitter sees it (issue 38): the next job with its actions, today, tomorrow. */

function job(
  n: number,
  {
    from,
    mobile,
    status = 'PROCESSING',
    refusal = null,
  }: { from: string; mobile: boolean; status?: TOrder['additionalData']['orderStatus']; refusal?: string | null },
): TFitterJob {
  const order = emptyOrder();
  order.additionalData = {
    ...order.additionalData,
    orderId: `55555555-5555-4555-8555-00000000000${n}`,
    orderNr: `10020${n}`,
    orderStatus: status,
  };
  order.timeAndPlace = {
    ...order.timeAndPlace,
    date: `${from.slice(0, 10)}T00:00:00`,
    from,
    to: from.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`),
  };
  order.timeAndPlace.department = {
    ...order.timeAndPlace.department,
    name: mobile ? 'Mobil Aarhus' : 'Aarhus',
    address: 'Værkstedvej 1, 8000 Aarhus C',
    mobileService: mobile,
  };
  order.timeAndPlace.mobileServiceLocation = {
    ...order.timeAndPlace.mobileServiceLocation,
    address: mobile ? `Kundevej ${n}, 8200 Aarhus N` : '',
  };
  order.car = { ...order.car, registrationNumber: 'AB12345', make: 'Volkswagen', model: 'Golf VII' };
  order.customer = { ...order.customer, name: `Kunde ${n}`, phone: '12345678', allowSms: true };
  return { order, onMyWaySmsRefusal: refusal };
}

let session: TUserInfo;
let jobs: TFitterJobs;
const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  session = testUser('OP', ['Operation']);
  jobs = {
    today: {
      date: '2026-11-23',
      jobs: [
        job(1, { from: '2026-11-23T08:00:00', mobile: false, status: 'FINISHED', refusal: 'Ordren er ikke en åben opgave' }),
        job(2, { from: '2026-11-23T10:00:00', mobile: true }),
        job(3, { from: '2026-11-23T13:00:00', mobile: false, refusal: 'Kun for mobilservice' }),
      ],
    },
    tomorrow: { date: '2026-11-24', jobs: [job(4, { from: '2026-11-24T09:00:00', mobile: true })] },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === '/api/user/userinfo') return jsonResponse(session);
      if (url === '/api/order/myjobs') return jsonResponse(jobs);
      if (url === '/api/order/orders') return jsonResponse({ orders: [], pageCount: 0 });
      if (url === '/api/sms/send') {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ...emptyOrder().notificationStatus, smsOnMyWay: true });
      }
      return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("a fitter's Dagens opgaver", () => {
  it('shows the next job still to do with the way there, a call and the worksheet', async () => {
    renderWithProviders(<TodaysTasks />);
    const next = await screen.findByRole('region', { name: 'Næste opgave' });
    expect(next).toHaveTextContent('10:00–11:00');
    expect(next).toHaveTextContent('Kunde 2');
    expect(next).toHaveTextContent('Kundevej 2, 8200 Aarhus N');
    expect(next).toHaveTextContent('AB 12 345 · Volkswagen Golf VII');
    const way = new URL(within(next).getByRole('link', { name: 'Vis vej' }).getAttribute('href')!);
    expect(way.searchParams.get('destination')).toBe('Kundevej 2, 8200 Aarhus N');
    expect(within(next).getByRole('link', { name: 'Ring op' })).toHaveAttribute('href', 'tel:+4512345678');
    expect(within(next).getByRole('link', { name: 'Arbejdskort' })).toHaveAttribute(
      'href',
      `/worksheet/${jobs.today.jobs[1]!.order.additionalData.orderId}`,
    );
  });

  it("sends the 'på vej' SMS through the SMS dialog, with 'På vej' chosen and its text shown", async () => {
    renderWithProviders(<TodaysTasks />);
    const next = await screen.findByRole('region', { name: 'Næste opgave' });
    const user = userEvent.setup();
    await user.click(within(next).getByRole('button', { name: 'SMS: På vej' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send SMS – ordre 100202' });
    expect(within(dialog).getByRole('radio', { name: 'På vej' })).toBeChecked();
    expect(dialog).toHaveTextContent('Vores montør er nu på vej til dig på Kundevej 2, 8200 Aarhus N (ordre 100202)');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ orderId: jobs.today.jobs[1]!.order.additionalData.orderId, kind: 'ON_MY_WAY' }]));
  });

  it("shows 'SMS ikke tilladt' disabled, with the reason, when the next job is at a workshop", async () => {
    jobs.today.jobs = jobs.today.jobs.filter((j) => j.order.timeAndPlace.department.mobileService === false);
    renderWithProviders(<TodaysTasks />);
    const next = await screen.findByRole('region', { name: 'Næste opgave' });
    expect(next).toHaveTextContent('13:00–14:00');
    const button = within(next).getByRole('button', { name: 'SMS ikke tilladt' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Kun for mobilservice');
    // A workshop job's way leads to the workshop.
    expect(new URL(within(next).getByRole('link', { name: 'Vis vej' }).getAttribute('href')!).searchParams.get('destination')).toBe(
      'Værkstedvej 1, 8000 Aarhus C',
    );
  });

  it("lists today's jobs in time order and tomorrow's below, each opening its worksheet", async () => {
    renderWithProviders(<TodaysTasks />);
    const today = await screen.findByRole('region', { name: 'Mine opgaver i dag' });
    const links = within(today).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(jobs.today.jobs.map((j) => `/worksheet/${j.order.additionalData.orderId}`));
    expect(links[0]).toHaveTextContent('Udført');
    expect(links[1]).toHaveTextContent('Næste');
    const tomorrow = screen.getByRole('region', { name: 'I morgen, 24/11-2026' });
    expect(within(tomorrow).getByRole('link')).toHaveAttribute('href', `/worksheet/${jobs.tomorrow.jobs[0]!.order.additionalData.orderId}`);
    // Today's own list comes before tomorrow's and the department's list.
    const department = screen.getByRole('heading', { name: 'Afdelingens opgaver i dag' });
    expect(today.compareDocumentPosition(tomorrow) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(tomorrow.compareDocumentPosition(department) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says so when the fitter has nothing left today and nothing tomorrow', async () => {
    jobs.today.jobs = [jobs.today.jobs[0]!];
    jobs.tomorrow.jobs = [];
    renderWithProviders(<TodaysTasks />);
    expect(await screen.findByRole('region', { name: 'Mine opgaver i dag' })).toHaveTextContent('Udført');
    expect(screen.queryByRole('region', { name: 'Næste opgave' })).not.toBeInTheDocument();
    expect(screen.getByText('Ingen opgaver i morgen')).toBeInTheDocument();
  });
});

describe("an administrator's Dagens opgaver", () => {
  it("shows only the department's list when the administrator has no jobs of its own", async () => {
    session = testUser('ADM', ['Adminstrator']);
    jobs = { today: { date: '2026-11-23', jobs: [] }, tomorrow: { date: '2026-11-24', jobs: [] } };
    renderWithProviders(<TodaysTasks />);
    expect(await screen.findByText('Ingen opgaver i dag')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mine opgaver i dag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Afdelingens opgaver i dag' })).not.toBeInTheDocument();
  });
});
