import { expect, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import type { TDayAvailability } from '@/domain/booking';
import type { TDepartment } from '@/domain/departments';
import type { TFitterJobs } from '@/domain/orders';
import type { TOrder } from '@/domain/orders';
import { expectAccessible, signIn, test } from './helpers';

/**
 * The fitter's landing screen (issue 38) and Dagens opgaver for every role (issue 39), in the browser: OP's own jobs
 * of today and tomorrow (the spec's own orders, set on OP at night hours so they come first), the next job with the
 * way in the phone's maps, a call and the 'på vej' SMS, on a phone and a desktop; customer service's empty day.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const SHOTS = process.env.E2E_SHOTS_DIR;
const VAN_ADDRESS = 'Søndergade 1, 8000 Aarhus C';

async function department(request: APIRequestContext, predicate: (d: TDepartment) => boolean): Promise<TDepartment> {
  const all = (await (await request.get('/api/departments/departments')).json()) as TDepartment[];
  const found = all.find(predicate);
  if (!found) throw new Error('no such department');
  return found;
}

/** A booked windscreen job of Aarhus on an open day ahead, made through the API like the booking step does. */
async function bookJob(request: APIRequestContext, customer: string): Promise<TOrder> {
  const aarhus = await department(request, (d) => d.name === 'Aarhus');
  const car = (await (await request.get('/api/car/search/AB12345')).json()) as TOrder['car'];
  const [debitor] = (await (await request.get('/api/debitor/search/NAME?query=Tryg')).json()) as Array<TOrder['debitor']>;
  const ahead = new Date(Date.now() + 45 * 86_400_000);
  let slot: TDayAvailability['windowReplaceSlots'][number] | undefined;
  for (const n of [0, 1]) {
    const y = ahead.getFullYear() + Math.floor((ahead.getMonth() + n) / 12);
    const m = ((ahead.getMonth() + n) % 12) + 1;
    const days = (await (await request.post(`/api/timeslot/${aarhus.id}/${y}/${m}`, { data: {} })).json()) as TDayAvailability[];
    slot ??= days.find((d) => d.windowReplaceSlots.length > 0)?.windowReplaceSlots[0];
  }
  expect(slot, 'a free slot ahead').toBeDefined();
  const created = await request.post('/api/order/order', {
    data: {
      additionalData: { orderType: 'REPLACE_FRONT', orderStatus: 'PROCESSING', whoIsPaying: 'INSURANCE' },
      timeAndPlace: { department: { id: aarhus.id }, date: `${slot!.from.slice(0, 10)}T00:00:00`, from: slot!.from, to: slot!.to },
      customer: {
        name: customer,
        address: 'Åboulevarden 2',
        zipCode: '8000',
        city: 'Aarhus C',
        phone: '56789012',
        email: 'kunde@example.dk',
        allowSms: true,
      },
      debitor,
      car,
      items: [{ itemNo: 'F10001', amount: 1 }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()) as TOrder;
}

/**
 * Test fixture: the job becomes the fitter's on `day` (0 today, 1 tomorrow, Copenhagen) at the given hours, at a van
 * (with the customer's address) or at its workshop, as if the office had planned it so.
 */
async function planJob(orderId: string, job: { fitter: string; day: 0 | 1; from: string; to: string; vanId?: string }): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const day = new Date(Date.now() + job.day * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
    await client.query(
      `update orders set booking_date = $2::date, worker_id = (select id from users where initials = $5 and deleted_at is null),
         from_at = ($2 || ' ' || $3)::timestamp at time zone 'Europe/Copenhagen', to_at = ($2 || ' ' || $4)::timestamp at time zone 'Europe/Copenhagen',
         department_id = coalesce($6::uuid, department_id), mobile_address = case when $6::uuid is null then mobile_address else $7 end
       where id = $1`,
      [orderId, day, job.from, job.to, job.fitter, job.vanId ?? null, VAN_ADDRESS],
    );
  } finally {
    await client.end();
  }
}

let van: TOrder;
let workshop: TOrder;
let tomorrow: TOrder;
/** Another fitter's (Jens Holm's) first job today, at the workshop. */
let atWorkshop: TOrder;

// One worker runs the file: its tests share the jobs beforeAll books, which a second worker would book again.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  await signIn(context, 'OP');
  const vanDepartment = await department(context.request, (d) => d.mobileService);
  [van, workshop, tomorrow] = [
    await bookJob(context.request, 'Vera Vognmand'),
    await bookJob(context.request, 'Werner Værksted'),
    await bookJob(context.request, 'Morten Morgen'),
  ];
  await planJob(van.additionalData.orderId, { fitter: 'OP', day: 0, from: '00:00', to: '00:30', vanId: vanDepartment.id });
  await planJob(workshop.additionalData.orderId, { fitter: 'OP', day: 0, from: '00:30', to: '01:00' });
  await planJob(tomorrow.additionalData.orderId, { fitter: 'OP', day: 1, from: '00:00', to: '00:30', vanId: vanDepartment.id });
  atWorkshop = await bookJob(context.request, 'Sofie Skrivebord');
  await planJob(atWorkshop.additionalData.orderId, { fitter: 'JH', day: 0, from: '00:00', to: '00:30' });
  await context.close();
});

async function openAs(page: Page, initials: string, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await signIn(page, initials);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dagens opgaver' })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`a fitter's landing on a ${device} opens on the next job: the way there, a call, 'på vej' and the worksheet`, async ({ page }) => {
    await openAs(page, 'OP', viewport);
    const next = page.getByRole('region', { name: 'Næste opgave' });
    await expect(next).toContainText('Vera Vognmand');
    await expect(next).toContainText('00:00–00:30');
    await expect(next).toContainText(VAN_ADDRESS);
    // The first thing the fitter sees: the whole card, down to its last button, without scrolling.
    await expect(next.getByRole('link', { name: 'Arbejdskort' })).toBeInViewport({ ratio: 1 });
    const way = new URL((await next.getByRole('link', { name: 'Vis vej' }).getAttribute('href'))!);
    expect(way.host + way.pathname).toBe('www.google.com/maps/dir/');
    expect(way.searchParams.get('destination')).toBe(VAN_ADDRESS);
    await expect(next.getByRole('link', { name: 'Ring op' })).toHaveAttribute('href', 'tel:+4556789012');
    await expect(next.getByRole('button', { name: /På vej/ })).toBeEnabled();

    // Today's own jobs in time order, tomorrow's below.
    const today = page.getByRole('region', { name: 'Mine opgaver i dag' });
    const nrs = await today.getByRole('link').allTextContents();
    const at = (order: TOrder) => nrs.findIndex((text) => text.includes(`ordre ${order.additionalData.orderNr}`));
    expect(at(van)).toBe(0);
    expect(at(workshop)).toBe(1);
    await expect(
      page
        .getByRole('region', { name: /^I morgen, / })
        .getByRole('link')
        .filter({ hasText: 'Morten Morgen' }),
    ).toBeVisible();
    await shoot(page, `op-${device}`);
    await expectAccessible(page, `dashboard as OP on a ${device}`);

    // Each job opens its worksheet.
    await today.getByRole('link').filter({ hasText: 'Werner Værksted' }).click();
    await expect(page).toHaveURL(`/worksheet/${workshop.additionalData.orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Arbejdskort ${workshop.additionalData.orderNr}` })).toBeVisible();
  });
}

test("the 'på vej' SMS goes once through the SMS dialog; the same text again within minutes is refused", async ({ page }) => {
  await openAs(page, 'OP', PHONE);
  const next = page.getByRole('region', { name: 'Næste opgave' });
  await next.getByRole('button', { name: 'SMS: På vej' }).click();
  const dialog = page.getByRole('dialog', { name: `Send SMS – ordre ${van.additionalData.orderNr}` });
  await expect(dialog.getByRole('radio', { name: 'På vej' })).toBeChecked();
  await expect(dialog).toContainText(`Vores montør er nu på vej til dig på ${VAN_ADDRESS}`);
  await shoot(page, 'op-phone-sms');
  await expectAccessible(page, "the 'på vej' SMS dialog on a phone");
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('SMS sent successfully')).toBeVisible();
  await expect(next.getByRole('button', { name: 'På vej (sendt)' })).toBeVisible();
  const jobs = (await (await page.request.get('/api/order/myjobs')).json()) as TFitterJobs;
  expect(
    jobs.today.jobs.find((j) => j.order.additionalData.orderId === van.additionalData.orderId)?.order.notificationStatus.smsOnMyWay,
  ).toBe(true);

  // A second tap within the server's 5 minutes: the customer gets no second, identical SMS (issue 37's limit).
  await next.getByRole('button', { name: 'På vej (sendt)' }).click();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Failed to send SMS')).toBeVisible();
});

test("a workshop job offers no 'på vej' SMS: 'SMS ikke tilladt', disabled, says why; the way leads to the workshop", async ({ page }) => {
  await openAs(page, 'JH', PHONE);
  const next = page.getByRole('region', { name: 'Næste opgave' });
  await expect(next).toContainText('Sofie Skrivebord');
  const sms = next.getByRole('button', { name: 'SMS ikke tilladt' });
  await expect(sms).toBeDisabled();
  await expect(sms).toHaveAccessibleDescription('Kun for mobilservice');
  const way = new URL((await next.getByRole('link', { name: 'Vis vej' }).getAttribute('href'))!);
  expect(way.searchParams.get('destination')).toBe(atWorkshop.timeAndPlace.department.address);
  await shoot(page, 'jh-phone-workshop');
  await expectAccessible(page, 'dashboard as a fitter whose next job is at the workshop');
});

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`customer service sees its own Dagens opgaver on a ${device}: none today, with the link to all assignments`, async ({ page }) => {
    await openAs(page, 'KS', viewport);
    const area = page.getByRole('region', { name: 'Dagens opgaver' });
    await expect(area.getByText('Ingen opgaver i dag')).toBeVisible();
    await expect(area.getByRole('link', { name: /Alle opgaver/ })).toHaveAttribute('href', '/assignments');
    await expect(page.getByRole('heading', { name: 'Oprettelse af opgave*' })).toBeVisible();
    await shoot(page, `ks-${device}`);
    await expectAccessible(page, `dashboard as KS on a ${device}`);
  });
}
