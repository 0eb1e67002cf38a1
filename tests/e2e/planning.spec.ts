import { expect, type APIRequestContext } from '@playwright/test';
import type { TDayAvailability } from '@/domain/booking';
import { danishPublicHolidays } from '@/domain/booking';
import type { TProductGroup } from '@/domain/catalogue';
import type { TDepartment } from '@/domain/departments';
import type { TOrder } from '@/domain/orders';
import type { TDebitor } from '@/domain/parties';
import { orderBody } from '../helpers/orders';
import { expectAccessible, login, signIn, test } from './helpers';

/**
 * Issue 16, Ledige slots and Leveringstid in Chromium on a desktop and a phone: a planner reads every region's week,
 * searches Jylland, opens the Fyn-og-Sjælland view in a new tab after the confirmation; anyone signed in reads
 * Leveringstid. The numbers themselves are checked against the booking in tests/api/planning.test.ts.
 */

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots/planning';
const PHONE = { width: 390, height: 844 };

test('a planner reads the week of every region, searches Jylland and opens the Fyn-og-Sjælland view in a new tab', async ({
  page,
  context,
}) => {
  // Three region tables, two axe scans and a second tab: more than the default 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  await login(page, 'KS');
  await page.getByRole('link', { name: 'Ledige slots' }).first().click();
  await expect(page).toHaveURL(/\/available-slots$/);
  await expect(page).toHaveTitle('Ledige slots – Rudeplan');
  for (const region of ['Jylland', 'Fyn', 'Sjælland'])
    await expect(page.getByRole('table', { name: `Ledige slots ${region}` })).toBeVisible();
  const today = Number(new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' }).slice(8, 10));
  const jylland = page.getByRole('table', { name: 'Ledige slots Jylland' });
  await expect(jylland.getByRole('row').first().getByRole('columnheader')).toHaveCount(8);
  await expect(jylland.getByRole('row').first().getByRole('columnheader').nth(1)).toHaveText(String(today));
  await page.screenshot({ path: `${SHOTS}/available-slots.png`, fullPage: true });
  await expectAccessible(page, 'Ledige slots');

  // The date field's month speaks Danish from Monday (dayjs' Danish locale comes with the field, not the shell).
  await page.getByLabel('Dato').click();
  // dayjs' short names, written 'Ma.' by the field's style.
  const weekdays = page.getByRole('columnheader', { name: /^(ma|ti|on|to|fr|lø|sø)\.$/ });
  await expect(weekdays).toHaveText(['ma.', 'ti.', 'on.', 'to.', 'fr.', 'lø.', 'sø.']);
  await page.keyboard.press('Escape');
  await expect(weekdays).toHaveCount(0);

  const search = page.getByRole('button', { name: 'Søg' });
  await expect(search).toBeDisabled();
  await page.getByLabel('Region').selectOption('Jylland');
  await search.click();
  await expect(page.getByRole('table', { name: 'Ledige slots Fyn' })).toHaveCount(0);
  await expect(jylland).toBeVisible();
  await expect(jylland.getByRole('rowheader').first()).toBeVisible();

  await page.getByRole('button', { name: 'Tilbage' }).click();
  await expect(page.getByRole('table', { name: 'Ledige slots Fyn' })).toBeVisible();
  await expect(page.getByLabel('Region')).toHaveValue('');

  await page.getByRole('button', { name: 'Fyn og Sjælland visning' }).click();
  await expect(page.getByText('Du er ved at navigerer til en anden side. Alt data som ikke er gemt vil blive slettet.')).toBeVisible();
  const [view] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Fortsæt' }).click()]);
  await view.waitForLoadState();
  await expect(view).toHaveURL(/\/available-slots-fyn-sjaelland$/);
  await expect(view.getByRole('heading', { level: 1, name: 'Ledige slots – Fyn og Sjælland' })).toBeVisible();
  await expect(view.getByRole('table', { name: 'Ledige slots Fyn' })).toBeVisible();
  await expect(view.getByRole('table', { name: 'Ledige slots Sjælland' })).toBeVisible();
  await expect(view.getByRole('table', { name: 'Ledige slots Jylland' })).toHaveCount(0);
  await expect(view.getByText(/^Sidst opdateret \d{2}:\d{2}$/)).toBeVisible();
  // A wall screen: the tables get the whole width, without the side menu the planner's own tab has.
  await expect(page.getByRole('navigation', { name: 'Hovedmenu' })).toBeVisible();
  await expect(view.getByRole('navigation', { name: 'Hovedmenu' })).toHaveCount(0);
  await view.screenshot({ path: `${SHOTS}/fyn-sjaelland-view.png`, fullPage: true });
  await expectAccessible(view, 'Fyn og Sjælland');
});

test('Leveringstid shows the three regions to a user of any role, on a phone too', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'REV');
  await page.goto('/delivery-time');
  await expect(page).toHaveTitle('Leveringstid – Rudeplan');
  for (const region of ['Jylland', 'Fyn', 'Sjælland']) {
    const table = page.getByRole('table', { name: `Leveringstid ${region}` });
    await expect(table).toBeVisible();
    await expect(table.getByRole('rowheader').first()).toBeVisible();
  }
  await expect(page.getByText(/^Sidst opdateret \d{2}:\d{2}$/)).toBeVisible();
  // The demo's busy workshop: its window replacement is 7 or more working days away, in the danger style.
  const silkeborg = page
    .getByRole('table', { name: 'Leveringstid Jylland' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Silkeborg' }) });
  await expect(silkeborg.getByRole('cell').first()).toHaveAttribute('data-level', 'danger');
  await page.screenshot({ path: `${SHOTS}/delivery-time-phone.png`, fullPage: true });
  await expectAccessible(page, 'Leveringstid');
});

test('the Jylland view refuses a user without a planning role', async ({ page }) => {
  await signIn(page, 'REV');
  await page.goto('/available-slots-jutland');
  await expect(page.getByRole('table', { name: 'Ledige slots Jylland' })).toHaveCount(0);
});

// ---- booking the last free place of a day ----

/** 'YYYY-MM-DD' in Copenhagen, `days` from today. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
const holidays = new Set([0, 1].flatMap((n) => danishPublicHolidays(new Date().getFullYear() + n)));
const isWorkingDay = (date: string) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()) && !holidays.has(date);

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), `GET ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A new Fyn workshop open Monday to Friday with two stone-chip places every weekday and one window-replace place on
 * `day` only. Today is closed for it by a date row, so its row stays in the week from today whatever the hour (a
 * first day with 0/0, as today is after the last slot, would hide it).
 */
async function workshopWithOnePlace(request: APIRequestContext, day: string): Promise<TDepartment> {
  const code = `E2EPLN${Date.now().toString(36).slice(-6)}`;
  const created = await request.put('/api/departments/departments', {
    data: {
      name: `Planlægning Sidste Plads ${code.slice(-4)}`,
      address: 'Testvej 1',
      zipCode: '5000',
      city: 'Odense C',
      navResponsibilityCenter: code,
      region: 'Fyn',
      openingHours: [1, 2, 3, 4, 5].map((weekday) => ({ day: weekday, from: 7.5, to: 16 })),
      specificOpeningHours: [{ date: dayAhead(0), from: 7.5, to: 16, closed: true }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const department = (await created.json()) as TDepartment;
  const slots = [
    ...[1, 2, 3, 4, 5].map((weekday) => ({ type: 'STONE_CHIP', data: { day: weekday, from: 12, to: 13, maxBookings: 2 } })),
    { type: 'WINDOW_REPLACE', data: { date: day, from: 8, to: 10, maxBookings: 1 } },
  ];
  for (const { type, data } of slots) {
    const slot = await request.post(`/api/departments/addOrUpdateTimeslot/${department.id}/${type}`, { data });
    expect(slot.ok(), await slot.text()).toBe(true);
  }
  return department;
}

/** A windscreen order for Tryg in the day's window-replace slot, booked as the order flow books it. */
async function bookWindscreen(request: APIRequestContext, department: TDepartment, day: string): Promise<void> {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const month = await request.post(`/api/timeslot/${department.id}/${y}/${m}`, { data: {} });
  expect(month.ok()).toBe(true);
  const slot = ((await month.json()) as TDayAvailability[]).find((x) => x.dayOfMonth === d)!.windowReplaceSlots[0]!;
  expect(slot.available).toBe(1);
  const car = await getJson<TOrder['car']>(request, '/api/car/search/AB12345');
  const identity = await getJson<{ carId: string }>(request, `/api/car/carid/${car.manuId}/${car.modId}/${car.modelYear}`);
  const groups = await getJson<TProductGroup[]>(request, `/api/product/searchitems?carId=${identity.carId}`);
  const windscreen = groups.find((g) => g.name === 'Forrude')!.items[0]!;
  const [tryg] = await getJson<TDebitor[]>(request, '/api/debitor/search/NAME?query=Tryg');
  const body = orderBody({
    department,
    found: { date: `${day}T00:00:00`, slot },
    car,
    debitor: tryg!,
    items: [{ itemNo: windscreen.itemNo }],
  });
  const booked = await request.post('/api/order/order', { data: body });
  expect(booked.ok(), await booked.text()).toBe(true);
}

test("booking the last free window-replace place of a day turns that day's Montering to 0 on the next refresh", async ({
  page,
  request,
}) => {
  const offset = [1, 2, 3, 4, 5, 6].find((n) => isWorkingDay(dayAhead(n)))!;
  const day = dayAhead(offset);
  await signIn(request, 'ADM');
  const workshop = await workshopWithOnePlace(request, day);

  await signIn(page, 'KS');
  await page.goto('/available-slots');
  const fyn = page.getByRole('table', { name: 'Ledige slots Fyn' });
  await expect(
    fyn
      .getByRole('row')
      .first()
      .getByRole('columnheader')
      .nth(1 + offset),
  ).toHaveText(String(Number(day.slice(8, 10))));
  const row = fyn.getByRole('row').filter({ has: page.getByRole('rowheader', { name: workshop.name, exact: true }) });
  // Per day a Montering and a Reparationer cell; today is closed (blank).
  const montering = row.getByRole('cell').nth(2 * offset);
  const reparationer = row.getByRole('cell').nth(2 * offset + 1);
  await expect(row.getByRole('cell').first()).toHaveAccessibleName('Montering ' + Number(dayAhead(0).slice(8, 10)) + '.: lukket');
  await expect(montering).toHaveText('1');
  await expect(montering).not.toHaveAttribute('data-zero');
  await expect(reparationer).toHaveText('2');

  await bookWindscreen(page.request, workshop, day);
  // The screen reads again on 'Tilbage' (as it does every 15 minutes).
  await page.getByRole('button', { name: 'Tilbage' }).click();
  await expect(montering).toHaveText('0');
  await expect(montering).toHaveAttribute('data-zero', 'true');
  await expect(reparationer).toHaveText('2');
  await page.reload();
  await expect(montering).toHaveText('0');
  // The whole week fits beside the menu: nothing to scroll sideways for.
  const box = page.getByRole('region', { name: 'Ledige slots Fyn, rul vandret' });
  expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/available-slots-booked.png`, fullPage: true });
});
