import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { TDayAvailability } from '@/domain/booking';
import type { TDepartment } from '@/domain/departments';
import type { TOrder } from '@/domain/orders';
import { DANISH_MONTHS, signIn, moveOrderToToday, test } from './helpers';

/**
 * The order flow's edge cases, in the browser: a slot taken by someone else while the user confirms,
 * a fully booked day, Auto Valid's look-up from start to answer, and Dagens opgaver on the dashboard.
 */

const FLOW_KEY = 'rudeplan.order-in-progress';

async function orderInProgress(page: Page): Promise<TOrder> {
  const raw = await page.evaluate((key) => window.sessionStorage.getItem(key), FLOW_KEY);
  if (!raw) throw new Error('no order in progress');
  return JSON.parse(raw) as TOrder;
}

async function department(request: APIRequestContext, name: string): Promise<TDepartment> {
  const all = (await (await request.get('/api/departments/departments')).json()) as TDepartment[];
  const found = all.find((d) => d.name === name);
  if (!found) throw new Error(`no department ${name}`);
  return found;
}

/** Books `order` (as Booking) until the server says the slot is full; returns how many it took. */
async function bookUntilFull(request: APIRequestContext, order: TOrder): Promise<number> {
  for (let booked = 0; booked < 50; booked++) {
    const body = { ...order, additionalData: { ...order.additionalData, orderStatus: 'PROCESSING' } };
    const response = await request.post('/api/order/order', { data: body });
    if (response.status() === 409) return booked;
    expect(response.status(), await response.text()).toBe(200);
  }
  throw new Error('the slot never filled');
}

async function startWindscreenOrder(page: Page) {
  await signIn(page, 'KS');
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Registreringsnummer' }).fill('AB12345');
  await page.getByRole('button', { name: 'Søg bil' }).click();
  await expect(page.getByRole('combobox', { name: /^Model/ })).not.toHaveValue('');
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await page.getByRole('button', { name: 'Tilføj F10001' }).click();
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  const form = page.getByRole('group', { name: 'Kunde' });
  await form.getByRole('textbox', { name: /^Navn/ }).fill('Sofie Lund');
  await form.getByRole('textbox', { name: /^Adresse/ }).fill('Søndergade 3');
  await form.getByRole('textbox', { name: /^Postnummer/ }).fill('8000');
  await expect(form.getByRole('textbox', { name: /^By/ })).toHaveValue('Aarhus C');
  await form.getByRole('textbox', { name: /^Telefon/ }).fill('45678901');
  await form.getByRole('textbox', { name: /^E-mail/ }).fill('sofie.lund@example.dk');
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await page.getByRole('combobox', { name: 'Værksted' }).click();
  await page.getByRole('option', { name: 'Aarhus', exact: true }).click();
}

test('a slot taken by others while the user confirms: the server refuses, the order is kept for another try', async ({ page }) => {
  await startWindscreenOrder(page);
  const calendar = page.getByRole('region', { name: 'Dato og tid' });
  // Next month, so no other test's bookings of this month interfere.
  await calendar.getByRole('button', { name: 'Næste måned' }).click();
  await calendar
    .getByRole('button', { name: /, \d+ ledige?$/ })
    .last()
    .click();
  const slot = calendar.getByRole('group', { name: 'Tidsrum' }).getByRole('button', { name: /ledig/ }).and(page.locator(':enabled')).last();
  await slot.click();
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(page.getByRole('heading', { name: 'Bekræftelse' })).toBeVisible();

  // Other users book the rest of the slot's places meanwhile.
  const taken = await bookUntilFull(page.request, await orderInProgress(page));
  expect(taken).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Booking' }).click();
  await expect(page.getByText('Der er ikke flere ledige tider på den valgte dag')).toBeVisible();
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByRole('button', { name: 'Booking' })).toBeEnabled();
  // Nothing was lost: the order in progress still has its car, items and customer.
  const kept = await orderInProgress(page);
  expect(kept.customer.name).toBe('Sofie Lund');
  expect(kept.items.map((i) => i.no)).toContain('F10001');
});

test("a fully booked day asks before booking outside the slots, then takes the user's own times", async ({ page }) => {
  await startWindscreenOrder(page);
  // Fill every window-replacement place of one day two months ahead.
  const aarhus = await department(page.request, 'Aarhus');
  const now = new Date();
  const ahead = new Date(now.getFullYear(), now.getMonth() + 2, 1);
  const y = ahead.getFullYear();
  const m = ahead.getMonth() + 1;
  const days = (await (await page.request.post(`/api/timeslot/${aarhus.id}/${y}/${m}`, { data: {} })).json()) as TDayAvailability[];
  const day = days.find((d) => d.windowReplaceSlots.length > 0 && d.windowReplaceSlots.every((s) => s.available > 0 && !s.hasFreeCar))!;
  expect(day).toBeDefined();
  const date = `${y}-${String(m).padStart(2, '0')}-${String(day.dayOfMonth).padStart(2, '0')}T00:00:00`;
  const base = await orderInProgress(page);
  for (const slot of day.windowReplaceSlots) {
    const order: TOrder = {
      ...base,
      timeAndPlace: {
        ...base.timeAndPlace,
        department: { ...base.timeAndPlace.department, id: aarhus.id },
        date,
        from: slot.from,
        to: slot.to,
        timeSlotId: slot.id,
      },
    };
    await bookUntilFull(page.request, order);
  }

  const calendar = page.getByRole('region', { name: 'Dato og tid' });
  await calendar.getByRole('button', { name: 'Næste måned' }).click();
  await calendar.getByRole('button', { name: 'Næste måned' }).click();
  // A day is named as it is spoken: '24. november 2026, fuldt booket'; the full day is struck through.
  const shown = `${day.dayOfMonth}. ${DANISH_MONTHS[m - 1]} ${y}`;
  const fullDay = calendar.getByRole('button', { name: `${shown}, fuldt booket` });
  await expect(fullDay.locator('[style*="line-through"]')).toHaveText(new RegExp(`^${day.dayOfMonth}\\b`));
  await fullDay.click();
  const question = page.getByRole('dialog', { name: 'Fuldt booket' });
  await expect(question).toContainText('Der er ikke flere ledige tider på den valgte dag, ønsker du at fortsætte?');
  await question.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(question).toBeHidden();
  await expect(calendar.getByText('Der er ikke flere ledige tider på den valgte dag. Angiv selv tidsrummet.')).toBeVisible();
  // Own times within the day's opening hours: from the start of its first slot to 30 minutes later.
  // 'Fra'/'Til' are 24-hour hours and minutes fields: typed digit by digit, the hours move on to the minutes.
  const start = day.windowReplaceSlots[0]!.from.slice(11, 16);
  const end = `${start.slice(0, 2)}:30`;
  await calendar.getByRole('spinbutton', { name: 'Fra', exact: true }).pressSequentially(start.replace(':', ''));
  await calendar.getByRole('spinbutton', { name: 'Til', exact: true }).pressSequentially(end.replace(':', ''));
  await expect(calendar.getByRole('spinbutton', { name: 'Til minutter' })).toHaveValue('30');
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await page.getByRole('button', { name: 'Booking' }).click();
  await expect(page.getByText('Order accepted')).toBeVisible();

  // Booked outside the slots: the all-zero slot id with the user's own times.
  const orderId = /\/worksheet\/([0-9a-f-]{36})$/.exec(
    (await page.getByRole('link', { name: /^Åbn arbejdskort/ }).getAttribute('href')) ?? '',
  )![1]!;
  const saved = (await (await page.request.get(`/api/order/order/${orderId}`)).json()) as TOrder;
  expect(saved.timeAndPlace.timeSlotId).toBe('00000000-0000-0000-0000-000000000000');
  expect(saved.timeAndPlace.from).toBe(`${date.slice(0, 10)}T${start}:00`);
  expect(saved.timeAndPlace.to).toBe(`${date.slice(0, 10)}T${end}:00`);
});

test("Auto Valid: a ticket is started, polled while not ready, and ends with the car's products", async ({ page }) => {
  test.setTimeout(45_000);
  await signIn(page, 'ADM');
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Registreringsnummer' }).fill('AB12345');
  await page.getByRole('button', { name: 'Søg bil' }).click();
  await expect(page.getByRole('combobox', { name: /^Model/ })).not.toHaveValue('');
  await page.getByRole('button', { name: 'Fortsæt' }).click();

  await page.getByRole('button', { name: 'Auto Valid VIN opslag' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Auto Valid' });
  await expect(status).toHaveText('Auto Valid: opslag startet');
  // The local Auto Valid answers after 8 s; the client polls every 5 s.
  await expect(status).toHaveText('Auto Valid: venter på svar', { timeout: 8_000 });
  await expect(status).toHaveText('Auto Valid: svar modtaget', { timeout: 12_000 });
  await expect(page.getByRole('button', { name: 'Tilføj F10001' }).first()).toBeVisible();
});

test("Dagens opgaver lists today's jobs of the fitter's department", async ({ page }) => {
  await signIn(page, 'OP');
  // A job outside the slots on an open coming day, then (a fixture) moved to today: today may be a Sunday or past
  // closing time, when nothing can be booked for today, and the list must still show what was booked before.
  const aarhus = await department(page.request, 'Aarhus');
  const car = (await (await page.request.get('/api/car/search/AB12345')).json()) as TOrder['car'];
  const [debitor] = (await (await page.request.get('/api/debitor/search/NAME?query=Tryg')).json()) as Array<TOrder['debitor']>;
  const ahead = new Date(Date.now() + 40 * 86_400_000);
  const months = [0, 1].map((n) => ({
    y: ahead.getFullYear() + Math.floor((ahead.getMonth() + n) / 12),
    m: ((ahead.getMonth() + n) % 12) + 1,
  }));
  // The times of a slot lie within the day's opening hours.
  let slot: TDayAvailability['windowReplaceSlots'][number] | undefined;
  for (const { y, m } of months) {
    const days = (await (await page.request.post(`/api/timeslot/${aarhus.id}/${y}/${m}`, { data: {} })).json()) as TDayAvailability[];
    slot ??= days.find((d) => d.windowReplaceSlots.length > 0)?.windowReplaceSlots[0];
  }
  expect(slot).toBeDefined();
  const day = slot!.from.slice(0, 10);
  const created = await page.request.post('/api/order/order', {
    data: {
      additionalData: { orderType: 'REPLACE_FRONT', orderStatus: 'PROCESSING', whoIsPaying: 'INSURANCE' },
      timeAndPlace: { department: { id: aarhus.id }, date: `${day}T00:00:00`, from: slot!.from, to: slot!.to },
      customer: {
        name: 'Dagmar Vinther',
        address: 'Åboulevarden 2',
        zipCode: '8000',
        city: 'Aarhus C',
        phone: '56789012',
        email: 'dagmar@example.dk',
      },
      debitor,
      car,
      items: [{ itemNo: 'F10001', amount: 1 }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { orderNr, orderId } = ((await created.json()) as TOrder).additionalData;
  await moveOrderToToday(orderId, '23:00', '23:30');

  await page.goto('/');
  const today = page.getByRole('region', { name: 'Dagens opgaver' });
  await expect(today.getByRole('row').filter({ hasText: orderNr })).toContainText('Dagmar Vinther');
  await expect(today.getByRole('row').filter({ hasText: orderNr })).toContainText('23:00');
});
