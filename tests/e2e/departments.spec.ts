import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { TDepartment, TDepartmentName } from '@/domain/departments';
import { DEPARTMENT_MESSAGES } from '@/domain/departments';
import { hoursToTime } from '@/domain/lib/dates';
import {
  DANISH_MONTHS,
  expectAccessible as expectPageAccessible,
  freeSlots,
  login,
  signIn,
  next,
  pickFreeDayAndSlot,
  startOrder,
  test,
} from './helpers';

/**
 * Issue 12, Afdelinger (/departments, /departments/{id}) and Postnummer styring (/zipcodes), in Chromium on a desktop
 * and a phone: TimeManagement edits its own department's slots and cannot delete a booked one nor see another
 * responsibility centre's department; an administrator creates a department with opening hours and slots that
 * customer service books at once; an administrator moves a zip code to another van for Tuesdays, and the booking
 * step offers that van there on Tuesdays. Every screen state is scanned by axe and photographed under /tmp.
 */

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots/e2e';

async function shot(page: Page, name: string, device: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${device}.png`, fullPage: true });
}

/** The shared scan, once the page heading shows, with the label-content rule. */
async function expectAccessible(page: Page, what: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectPageAccessible(page, what, { labelContent: true });
}

async function departments(page: Page): Promise<TDepartment[]> {
  return (await (await page.request.get('/api/departments/departments')).json()) as TDepartment[];
}

const WEEKDAY_SHORT = ['Søn', 'Man', 'Tir', 'Ons', 'Tor', 'Fre', 'Lør'];

/**
 * A standard window-replace slot of the department that holds a place on a day from today on (this month or the next
 * two), read by the booking step's month (customer service's call, not TimeManagement's).
 */
async function slotHoldingAPlace(request: APIRequestContext, department: TDepartment) {
  await signIn(request, 'KS');
  const ids = new Set<string>();
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
  const [year, month] = today.split('-').map(Number) as [number, number];
  for (let i = 0; i < 3; i++) {
    const [y, m] = [year + Math.floor((month - 1 + i) / 12), ((month - 1 + i) % 12) + 1];
    const answer = await request.post(`/api/timeslot/${department.id}/${y}/${m}`, { data: { OrderType: 'REPLACE_FRONT' } });
    expect(answer.ok()).toBe(true);
    for (const day of (await answer.json()) as Array<{
      dayOfMonth: number;
      windowReplaceSlots: Array<{ id: string; alreadyBooked: number }>;
    }>) {
      if (`${y}-${String(m).padStart(2, '0')}-${String(day.dayOfMonth).padStart(2, '0')}` < today) continue;
      for (const slot of day.windowReplaceSlots) if (slot.alreadyBooked > 0) ids.add(slot.id);
    }
  }
  // Not a slot with the free loan car: its places are fixed (the car is the place), so they stay disabled when unlocked.
  const slot = department.windowReplaceTimeSlots.find((s) => s.date === null && s.day !== null && !s.hasFreeCar && ids.has(s.id));
  expect(slot, `a slot of ${department.name} holding a place from today on`).toBeDefined();
  return slot!;
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function fillCustomer(page: Page, zip: string, city: string) {
  const form = page.getByRole('group', { name: 'Kunde' });
  await form.getByRole('textbox', { name: /^Navn/ }).fill('Karen Test');
  await form.getByRole('textbox', { name: /^Adresse/ }).fill('Testvej 1');
  await form.getByRole('textbox', { name: /^Postnummer/ }).fill(zip);
  await expect(form.getByRole('textbox', { name: /^By/ })).toHaveValue(city);
  await form.getByRole('textbox', { name: /^Telefon/ }).fill('12345678');
  const email = form.getByRole('textbox', { name: /^E-mail/ });
  if (await email.isVisible()) await email.fill('karen@example.dk');
}

async function signedIn(browser: Browser, initials: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' });
  const page = await context.newPage();
  await login(page, initials);
  return page;
}

for (const device of ['desktop', 'phone'] as const) {
  test.describe(device, () => {
    const viewport = device === 'phone' ? PHONE : { width: 1366, height: 768 };
    test.use({ viewport });
    test.describe.configure({ timeout: 180_000 });

    test('TimeManagement edits its own department’s slots, cannot delete a booked one, and sees no other centre', async ({
      page,
      request,
    }) => {
      await login(page, 'TM');
      await expect(page).toHaveURL((url) => url.pathname === '/departments');
      await expect(page.getByRole('heading', { level: 1, name: 'Afdelinger' })).toBeVisible();
      await expect(page).toHaveTitle('Afdelinger – Rudeplan');
      const all = await departments(page);
      // Desktop and phone run at once: each edits the slots of its own department of Midtjylland.
      const own = all.find((d) => d.navLocationCode === (device === 'phone' ? 'RAN' : 'ARH'))!;
      // Another centre's department is not in TimeManagement's list (issue 37): its id comes from the names every picker reads.
      const names = (await (await page.request.get('/api/departments/names')).json()) as TDepartmentName[];
      const aalborg = names.find((d) => d.navLocationCode === 'AAL')!;
      expect(all.some((d) => d.id === aalborg.id)).toBe(false);

      // Only Midtjylland's departments, in the list and in the picker.
      const list = page.getByRole(device === 'phone' ? 'list' : 'table', { name: 'Afdelinger' });
      await expect(list.getByRole('link', { name: 'Aarhus', exact: true })).toBeVisible();
      await expect(list.getByRole('link', { name: 'Randers', exact: true })).toBeVisible();
      await expect(list.getByRole('link', { name: 'Aalborg', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Opret afdeling' })).toHaveCount(0);
      await expectAccessible(page, 'overview as TM');
      await shot(page, 'tm-overview', device);
      await page.getByRole('combobox', { name: 'Afdeling' }).click();
      await expect(page.getByRole('option', { name: 'Randers', exact: true })).toBeVisible();
      await expect(page.getByRole('option', { name: 'Aalborg', exact: true })).toHaveCount(0);
      await page.keyboard.press('Escape');

      // Another centre's department, asked for by its address: refused, and its name is not shown.
      await page.goto(`/departments/${aalborg.id}`);
      await expect(page.getByText('Ingen adgang til afdelingen')).toBeVisible();
      await expect(page.getByText(DEPARTMENT_MESSAGES.notYourDepartment)).toBeVisible();
      await expect(page.getByText('Aalborg')).toHaveCount(0);
      await shot(page, 'tm-refused', device);

      await page.goto('/departments');
      await list.getByRole('link', { name: own.name, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === `/departments/${own.id}`);
      await expect(page).toHaveTitle(`Afdelinger – ${own.name} – Rudeplan`);
      await expect(page.getByRole('tab', { name: 'Stamdata' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Slet afdeling' })).toHaveCount(0);
      await expectAccessible(page, 'opening hours as TM');
      await shot(page, 'tm-hours', device);

      await openTab(page, 'Tider for rudeskift');
      // A standard slot that holds a place on a day from today on, read now: the refusal below needs one, and other
      // tests may cancel the demo's bookings (a CI run found the first locked slot holding only past ones).
      const held = await slotHoldingAPlace(request, own);
      const span = `${hoursToTime(held.from)}–${hoursToTime(held.to)}`;
      const weekday = WEEKDAY_SHORT[held.day!]!;
      await page
        .getByRole('tablist', { name: 'Ugedag' })
        .getByRole('tab', { name: new RegExp(`^${weekday}`) })
        .click();
      const lock = page.getByRole('button', { name: new RegExp(`^Lås op tiden ${span}\\.`) });
      await expect(lock).toBeVisible();
      const booked = page.getByLabel(`Tid ${span}`, { exact: true });
      const places = booked.getByRole('textbox', { name: 'Pladser' });
      await expect(booked.getByRole('button', { name: `Slet tiden ${span}` })).toBeDisabled();
      await expect(places).toBeDisabled();
      await lock.first().hover();
      await expect(page.getByRole('tooltip')).toHaveText(/^Der er \d+ booking(er)? knyttet til tiden$/);
      await shot(page, 'tm-slots-locked', device);
      await expectAccessible(page, 'slots as TM');

      // Opened, its places change and are saved by themselves; still no delete.
      // Page loads from here on are counted: an opened lock closes only when the page is drawn anew (a CI run once
      // found it closed after the refusal below, not seen since; the count says whether the page had reloaded).
      let loads = 0;
      page.on('load', () => loads++);
      await lock.first().click();
      await expect(places).toBeEnabled();
      await expect(booked.getByRole('textbox', { name: 'Fra' })).toBeDisabled();
      await expect(booked.getByRole('button', { name: `Slet tiden ${span}` })).toBeDisabled();
      const before = Number(await places.inputValue());
      await places.fill(String(before + 1));
      const stored = async () =>
        (await departments(page)).find((d) => d.id === own.id)!.windowReplaceTimeSlots.find((s) => s.id === held.id)?.maxBookings;
      await expect.poll(stored, { timeout: 5000 }).toBe(before + 1);
      // The row says it is saved (issue 39), to screen readers too.
      await expect(booked.getByRole('status')).toHaveText('Gemt');
      await shot(page, 'tm-slots-saved', device);
      await expectAccessible(page, 'a saved slot as TM');

      // No place below the bookings it holds: the server's reason is shown and the value goes back.
      await places.fill('0');
      await expect(page.getByText(/antal pladser kan ikke være lavere$/).first()).toBeVisible();
      await expect(places).toHaveValue(String(before + 1));
      await shot(page, 'tm-slots-refused', device);
      await expect(places, `the opened slot stays open (page loads since it was opened: ${loads})`).toBeEnabled({ timeout: 2000 });
      await places.fill(String(before));
      await expect.poll(stored, { timeout: 5000 }).toBe(before);

      // A new slot of its own can be added and deleted.
      // The new slot's own answer: a late autosave of the places above answers the same call, with the slot's id sent.
      const added = page.waitForResponse(
        (r) =>
          r.url().includes('/api/departments/addOrUpdateTimeslot/') &&
          r.request().method() === 'POST' &&
          !(r.request().postDataJSON() as { id?: string }).id,
      );
      await page.getByRole('button', { name: 'Tilføj tid' }).first().click();
      const slot = (await (await added).json()) as { from: number; to: number };
      const newSpan = `${hoursToTime(slot.from)}–${hoursToTime(slot.to)}`;
      const newRow = page.getByLabel(`Tid ${newSpan}`, { exact: true });
      await expect(newRow).toBeVisible();
      await newRow.getByRole('button', { name: `Slet tiden ${newSpan}` }).click();
      await expect(newRow).toHaveCount(0);
    });

    test('an administrator creates a department with opening hours and slots, and customer service books it at once', async ({
      page,
      browser,
    }) => {
      const code = `E2E${device === 'phone' ? 'P' : 'D'}${Date.now().toString(36).slice(-4).toUpperCase()}`;
      const name = `Rudeplan Test ${code}`;
      await signIn(page, 'ADM');
      await page.goto('/departments');
      await expectAccessible(page, 'overview as ADM');
      await shot(page, 'adm-overview', device);
      await page.getByRole('button', { name: 'Opret afdeling' }).click();
      const dialog = page.getByRole('dialog', { name: 'Opret afdeling' });
      await dialog.getByRole('button', { name: 'Opret afdeling' }).click();
      await expect(dialog.getByText('Feltet er påkrævet').first()).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Navn' }).fill(name);
      await dialog.getByRole('combobox', { name: 'Region' }).click();
      await page.getByRole('option', { name: 'Jylland', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Ansvarscenter' }).fill(code);
      await expectAccessible(page, 'create dialog');
      await shot(page, 'adm-create', device);
      await dialog.getByRole('button', { name: 'Opret afdeling' }).click();
      await expect(page).toHaveURL(/\/departments\/[0-9a-f-]{36}\?fane=aabningstider$/);
      await expect(page.getByRole('heading', { level: 1, name: `Afdelinger – ${name}` })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Åbningstider' })).toHaveAttribute('aria-selected', 'true');

      // The location code started from the entered code; the address is set in Stamdata (and saved with the hours).
      await openTab(page, 'Stamdata');
      await expect(page.getByRole('textbox', { name: 'Lokationskode', exact: true })).toHaveValue(code);
      await page.getByRole('textbox', { name: 'Adresse' }).fill('Testvej 1');
      // Far from the zip codes other journeys book near (the booking step suggests the nearest workshops).
      await page.getByRole('textbox', { name: 'Postnummer' }).fill('3790');
      await page.getByRole('textbox', { name: 'By', exact: true }).fill('Hasle');
      await expect(page.getByRole('status', { name: 'Status: ikke gemt' })).toBeVisible();
      await expectAccessible(page, 'master data');
      await shot(page, 'adm-stamdata', device);

      // Opening hours Monday to Saturday, 08:00–16:00, then one save.
      await openTab(page, 'Åbningstider');
      for (const day of ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'])
        await page.getByRole('button', { name: `Tilføj åbningstid ${day}` }).click();
      await expect(page.getByRole('textbox', { name: 'Til Lørdag' })).toHaveValue('16:00');
      await page.getByRole('button', { name: 'Gem' }).click();
      await expect(page.getByRole('status', { name: 'Status: gemt' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Gem' })).toBeDisabled();
      await shot(page, 'adm-hours', device);

      // A window-replacement slot 08:00–10:00 on each of those days.
      await openTab(page, 'Tider for rudeskift');
      const weekdays = page.getByRole('tablist', { name: 'Ugedag' }).getByRole('tab');
      for (let i = 0; i < 6; i++) {
        await weekdays.nth(i).click();
        await page.getByRole('button', { name: 'Tilføj tid' }).first().click();
        await expect(page.getByLabel('Tid 08:00–10:00', { exact: true })).toBeVisible();
      }
      await expectAccessible(page, 'new department slots');
      await shot(page, 'adm-slots', device);

      // Monday's slots copied to a Monday a month ahead become that date's own.
      const monday = new Date();
      monday.setDate(monday.getDate() + 30);
      while (monday.getDay() !== 1) monday.setDate(monday.getDate() + 1);
      const dd = `${String(monday.getDate()).padStart(2, '0')}/${String(monday.getMonth() + 1).padStart(2, '0')}-${monday.getFullYear()}`;
      await weekdays.nth(0).click();
      await page.getByRole('button', { name: 'Kopier til dato' }).click();
      const copy = page.getByRole('dialog', { name: 'Kopier mandagens tider til en dato' });
      await copy.getByRole('textbox', { name: 'Dato' }).fill(dd);
      await copy.getByRole('textbox', { name: 'Dato' }).press('Tab');
      await expectAccessible(page, 'copy dialog');
      await shot(page, 'adm-copy', device);
      await copy.getByRole('button', { name: 'Kopier', exact: true }).click();
      await expect(copy).toBeHidden();
      await expect(
        page
          .getByRole('table', { name: `Tider for rudeskift Mandag ${dd}` })
          .or(page.getByRole('list', { name: `Tider for rudeskift Mandag ${dd}` })),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: new RegExp(`^Man ${dd} \\(1\\)$`) })).toBeVisible();
      await openTab(page, 'Lånebiler');
      await expectAccessible(page, 'loan cars');
      await openTab(page, 'Ressourcer');
      await expectAccessible(page, 'resources');

      // Customer service books the new department at once.
      const ks = await signedIn(browser, 'KS', viewport);
      await startOrder(ks, 'AB12345');
      await next(ks, '/products');
      await ks.getByRole('button', { name: 'Tilføj F10001' }).click();
      await next(ks, '/customer');
      await fillCustomer(ks, '8000', 'Aarhus C');
      await next(ks, '/booking');
      await ks.getByRole('combobox', { name: 'Værksted' }).click();
      await ks.getByRole('option', { name, exact: true }).click();
      const calendar = ks.getByRole('region', { name: 'Dato og tid' });
      const chosen = await pickFreeDayAndSlot(calendar);
      await expect(chosen).toHaveAttribute('aria-pressed', 'true');
      await expect(chosen).toContainText('08:00');
      await next(ks, '/confirm');
      await ks.getByRole('button', { name: 'Booking' }).click();
      await expect(ks.getByText('Order accepted')).toBeVisible();
      await expect(ks.getByRole('list', { name: 'Levering' }).getByRole('listitem', { name: 'Lagt i bookingkalenderen' })).toBeVisible();
      await ks.context().close();

      // With a booking the department cannot be deleted: the server's reason is shown.
      await page.reload();
      await page.getByRole('button', { name: 'Slet afdeling' }).click();
      await page.getByRole('dialog', { name: 'Slet afdeling' }).getByRole('button', { name: 'Slet' }).click();
      await expect(page.getByText(DEPARTMENT_MESSAGES.hasBookings)).toBeVisible();
      await shot(page, 'adm-delete-refused', device);
    });

    test('a save of a stale copy shows what another administrator changed, and Genindlæs loads it (issue 37)', async ({ page }) => {
      const code = `E2S${device === 'phone' ? 'P' : 'D'}${Date.now().toString(36).slice(-4).toUpperCase()}`;
      await signIn(page, 'ADM');
      const created = await page.request.put('/api/departments/departments', {
        data: {
          name: `Rudeplan Test ${code}`,
          address: 'Testvej 1',
          zipCode: '3790',
          city: 'Hasle',
          navResponsibilityCenter: code,
          region: 'Jylland',
          phone: '11111111',
        },
      });
      expect(created.ok(), await created.text()).toBe(true);
      const department = (await created.json()) as TDepartment;
      await page.goto(`/departments/${department.id}?fane=stamdata`);
      await openTab(page, 'Stamdata');
      await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveValue('11111111');

      // Another administrator saves a new phone number meanwhile.
      const other = await page.request.put('/api/departments/departments', { data: { ...department, phone: '22222222' } });
      expect(other.ok(), await other.text()).toBe(true);

      await page.getByRole('textbox', { name: 'Adresse' }).fill('Testvej 2');
      await page.getByRole('button', { name: 'Gem' }).click();
      const notice = page.getByRole('alert').filter({ hasText: 'Ændret af en anden' });
      await expect(notice).toContainText('Afdelingen er ændret af en anden');
      const changes = notice.getByRole('table', { name: 'Ændret af en anden' });
      await expect(changes.getByRole('row', { name: /Telefon/ })).toContainText('22222222');
      await expectAccessible(page, 'stale copy notice');
      await shot(page, 'adm-stale-copy', device);

      await notice.getByRole('button', { name: 'Genindlæs' }).click();
      await expect(notice).toBeHidden();
      await expect(page.getByRole('textbox', { name: 'Telefon', exact: true })).toHaveValue('22222222');
      await expect(page.getByRole('textbox', { name: 'Adresse' })).toHaveValue('Testvej 1');
    });

    test('an administrator moves a zip code to another van for Tuesdays, and booking offers that van there', async ({ page, browser }) => {
      // Each run its own zip code of Mobilservice Aarhus (the order journeys use 8000).
      const zip = device === 'phone' ? '8210' : '8200';
      await signIn(page, 'ADM');
      await page.goto('/zipcodes');
      await expect(page.getByRole('heading', { level: 1, name: 'Postnummer styring' })).toBeVisible();
      await expect(page).toHaveTitle('Postnummer styring – Rudeplan');
      await page.getByRole('textbox', { name: 'Postnummer' }).fill(zip);
      await page.keyboard.press('Enter');
      const van = page.getByRole('combobox', { name: `Afdeling for ${zip}` });
      // The field shows its van once the departments have loaded: read it only then.
      await expect(van).toHaveValue(/^Mobilservice /);
      const from = await van.inputValue();
      const target = from === 'Mobilservice Vejle' ? 'Mobilservice Aarhus' : 'Mobilservice Vejle';
      await expectAccessible(page, 'zip codes');
      await shot(page, 'zip-before', device);

      const saved = () => page.waitForResponse((r) => r.url().endsWith('/api/zipcode/') && r.request().method() === 'POST' && r.ok());
      let answer = saved();
      await van.click();
      await page.getByRole('listbox').getByRole('option', { name: target, exact: true }).click();
      await answer;
      await expect(van).toHaveValue(target);
      // Tuesdays only: every other weekday off, Tuesday on.
      const days =
        device === 'phone'
          ? ['Man', 'Tir', 'Ons', 'Tor', 'Fre', 'Lør', 'Søn']
          : ['Mandag', 'Tirsdag', 'Onsdag', 'Torsdag', 'Fredag', 'Lørdag', 'Søndag'];
      for (const day of days) {
        const box = page.getByRole('checkbox', { name: device === 'phone' ? `${day} ${zip}` : `${day} ${zip} ${target}` });
        const want = day.startsWith('Tir');
        await expect(box).toBeEnabled();
        if ((await box.isChecked()) !== want) {
          answer = saved();
          await box.click();
          await answer;
        }
        await expect(box).toBeChecked({ checked: want });
      }
      await shot(page, 'zip-after', device);

      // What booking reads: the van's month for this zip code is open on Tuesdays only.
      const vanId = (await departments(page)).find((d) => d.name === target)!.id;
      const now = new Date();
      const month = await page.request.post(`/api/timeslot/${vanId}/${now.getFullYear()}/${now.getMonth() + 1}`, {
        data: { zipCode: zip },
      });
      const open = ((await month.json()) as Array<{ dayOfMonth: number; closed: boolean }>).filter((d) => !d.closed);
      expect(open.every((d) => new Date(now.getFullYear(), now.getMonth(), d.dayOfMonth).getDay() === 2)).toBe(true);

      // Customer service: the mobile-service search for the zip code offers the new van, which takes a Tuesday.
      const ks = await signedIn(browser, 'KS', viewport);
      await startOrder(ks, 'AB12345', 'Stenslag');
      await next(ks, '/products');
      await ks.getByRole('button', { name: 'Tilføj REP1' }).click();
      await next(ks, '/customer');
      await ks.getByRole('radio', { name: 'Kontant betaling' }).check();
      await fillCustomer(ks, zip, zip === '8200' ? 'Aarhus N' : 'Aarhus V');
      await next(ks, '/booking');
      const mobile = ks.getByRole('region', { name: 'Mobilservice' });
      await mobile.getByRole('textbox', { name: /^Postnummer/ }).fill(zip);
      await expect(mobile.getByRole('radio', { name: target })).toBeVisible();
      await expect(mobile.getByRole('radio', { name: from })).toHaveCount(0);
      await mobile.getByRole('radio', { name: target }).click();
      await shot(ks, 'zip-booking', device);

      // A Tuesday with free places, this month or the next.
      const calendar = ks.getByRole('region', { name: 'Dato og tid' });
      await expect(calendar.getByRole('button', { name: /, (\d+ ledige?|fuldt booket|lukket|passeret)$/ }).first()).toBeVisible();
      const findTuesday = async (year: number, monthIndex: number) => {
        for (let day = 1; day <= 31; day++) {
          const date = new Date(year, monthIndex, day);
          if (date.getMonth() !== monthIndex || date.getDay() !== 2) continue;
          const button = calendar.getByRole('button', {
            name: new RegExp(`^${day}\\. ${DANISH_MONTHS[monthIndex]} ${year}, \\d+ ledige?$`),
          });
          if ((await button.count()) > 0) return button;
        }
        return null;
      };
      let button = await findTuesday(now.getFullYear(), now.getMonth());
      if (!button) {
        await calendar.getByRole('button', { name: 'Næste måned' }).click();
        const nextMonth = new Date(now.getFullYear(), now.getMonth() + 1, 1);
        // The new month's own first day with its places (the old month's buttons would match a general pattern).
        const firstDay = new RegExp(
          `^1\\. ${DANISH_MONTHS[nextMonth.getMonth()]} ${nextMonth.getFullYear()}, (\\d+ ledige?|fuldt booket|lukket)$`,
        );
        await expect(calendar.getByRole('button', { name: firstDay })).toBeVisible();
        // Its places may come after its days: wait for a Tuesday with free places.
        await expect.poll(async () => (button = await findTuesday(nextMonth.getFullYear(), nextMonth.getMonth())) !== null).toBe(true);
      }
      expect(button, 'a Tuesday with free places').not.toBeNull();
      await button!.click();
      // A time with a place left: the day's first may be full ('Ingen ledige').
      await freeSlots(calendar).first().click();
      await mobile.getByRole('combobox', { name: /^Adresse for mobilservice/ }).fill(`Testvej 1, ${zip} Aarhus`);
      await next(ks, '/confirm');
      await ks.getByRole('button', { name: 'Booking' }).click();
      await expect(ks.getByText('Order accepted')).toBeVisible();
      await ks.context().close();
    });
  });
}
