import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import type { TDepartment } from '@/domain/departments';
import type { TOrder } from '@/domain/orders';
import type { TCarRule } from '@/domain/rule-sets';
import { DANISH_MONTHS, expectAccessible, login, signIn, next, pickFreeDayAndSlot, startOrder, test } from './helpers';

/**
 * The rule sets where orders are made (issues 13 and 12), as a customer-service user meets them in the order flow:
 * a workshop whose rule set refuses the car says so with the set's alert and offers the nearest workshops that take
 * it, and the order cannot be booked there (the server's refusal is shown at the department, nothing lost); a car of
 * the demo's leasing company gets its mandatory debitor; a van is booked for the zip code it drives to. Its own make
 * and workshops (Mazda at Roskilde and Slagelse, a Suzuki's leasing company), so nothing else changes.
 */

const PHONE = { width: 390, height: 844 };

/** Screenshots for looking at the screens (never in the repository). */
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-rules-${name}.png`, fullPage: false });
}

/** The demo's only Mazda (a 2-series car nobody else books), the Ayvens-leased Yaris, an Arval-leased Suzuki, a Tesla. */
const MAZDA = 'CP92076';
const AYVENS_CAR = 'CD67890';
const ARVAL_CAR = 'EF42969';
const TESLA = 'DK32949';

const MAKE = 'Mazda';
const RULE = `Work_Not_Allowed_${MAKE}`;
const SET = `Ingen ${MAKE} i Roskilde`;
const ALERT = 'Roskilde skifter ikke ruder i Mazda. Vælg venligst Køge eller Glostrup.';
const LATE_ALERT = 'Slagelse tager ikke længere Mazda. Vælg venligst en anden afdeling.';

/** The products step: the first product offered for the car and job. */
async function addFirstProduct(page: Page) {
  const add = page.getByRole('button', { name: /^Tilføj / }).first();
  const name = (await add.getAttribute('aria-label')) ?? (await add.innerText());
  await add.click();
  await expect(page.getByRole('button', { name: name.replace(/^Tilføj/, 'Fjern') })).toBeVisible();
}

async function fillCustomer(page: Page, customer: { name: string; address: string; zip: string; city: string; phone: string }) {
  const form = page.getByRole('group', { name: 'Kunde' });
  await form.getByRole('textbox', { name: /^Navn/ }).fill(customer.name);
  await form.getByRole('textbox', { name: /^Adresse/ }).fill(customer.address);
  await form.getByRole('textbox', { name: /^Postnummer/ }).fill(customer.zip);
  await expect(form.getByRole('textbox', { name: /^By/ })).toHaveValue(customer.city);
  await form.getByRole('textbox', { name: /^Telefon/ }).fill(customer.phone);
}

/** Dashboard → products → customer → booking for a car, the customer living at `zip`. */
async function toBooking(page: Page, plate: string, customer: { zip: string; city: string; address: string }, orderType?: string) {
  await startOrder(page, plate, orderType);
  await next(page, '/products');
  await addFirstProduct(page);
  await next(page, '/customer');
  // Paid in cash, so no insurer's account (with or without its address) is in the way.
  await page.getByRole('radio', { name: 'Kontant betaling' }).check();
  await fillCustomer(page, { name: 'Lone Kjær', phone: '40302010', ...customer });
  // Until a department is chosen the customer's details stand in for the department's cash account.
  await page.getByRole('button', { name: 'Brug kundens oplysninger' }).click();
  await next(page, '/booking');
  await expect(page.getByRole('heading', { name: 'Tid og sted' })).toBeVisible();
}

async function chooseWorkshop(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Værksted' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page.getByText(new RegExp(`^Valgt: ${name}`))).toBeVisible();
}

/** The calendar's days as shown: their names ('24. november 2026, 6 ledige', '… lukket'). */
async function calendarDays(calendar: Locator): Promise<string[]> {
  await expect(calendar.getByRole('button', { name: /, (\d+ ledige?|fuldt booket|lukket)$/ }).first()).toBeVisible();
  return calendar.getByRole('button', { name: /^\d+\. \p{L}+ \d{4},/u }).evaluateAll((days) => days.map((d) => d.textContent ?? ''));
}

/** The weekday (0 Sunday … 6 Saturday) of a calendar day by its name ('2. december 2026, lukket'). */
function weekdayOf(name: string): number {
  const [, d, month, y] = /^(\d+)\. (\p{L}+) (\d{4})/u.exec(name)!;
  return new Date(Number(y), DANISH_MONTHS.indexOf(month!), Number(d)).getDay();
}

async function departmentNamed(request: APIRequestContext, name: string): Promise<TDepartment> {
  const all = (await (await request.get('/api/departments/departments')).json()) as TDepartment[];
  const found = all.find((d) => d.name === name);
  if (!found) throw new Error(`no department ${name}`);
  return found;
}

/** A signed-in page in a context of its own (ADM and KS side by side). */
async function signedIn(browser: Browser, initials: string, viewport = { width: 1366, height: 768 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, initials);
  return page;
}

// Whole journeys on a shared two-core machine: more time than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.describe('Afdeling reglersæt in the booking step', () => {
  test('an administrator forbids Mazda at Roskilde through /department-rule-set', async ({ page }) => {
    await signIn(page, 'ADM');
    await page.goto('/department-rule-set');
    await expect(page).toHaveTitle('Afdeling reglersæt – Rudeplan');

    await page.getByRole('button', { name: 'Opret ny regl', exact: true }).click();
    const ruleDialog = page.getByRole('dialog', { name: 'Opret ny regl', exact: true });
    await ruleDialog.getByRole('combobox', { name: 'Bilmærke' }).fill(MAKE);
    await page.getByRole('option', { name: MAKE, exact: true }).click();
    await expect(ruleDialog.getByText(RULE)).toBeVisible();
    await ruleDialog.getByRole('button', { name: 'Opret', exact: true }).click();
    await expect(ruleDialog).toBeHidden();
    await expect(page.getByRole('table', { name: 'Regler' }).getByRole('row').filter({ hasText: RULE })).toBeVisible();

    await page.getByRole('button', { name: 'Opret ny reglsæt' }).click();
    const setDialog = page.getByRole('dialog', { name: 'Opret ny reglsæt' });
    await setDialog.getByRole('textbox', { name: 'Navn' }).fill(SET);
    await setDialog.getByRole('textbox', { name: /^Advarselstekst/ }).fill(ALERT);
    await setDialog.getByRole('textbox', { name: 'Søg i afdelinger' }).fill('Roskil');
    await setDialog.getByRole('checkbox', { name: 'Roskilde', exact: true }).check();
    await setDialog.getByRole('textbox', { name: 'Søg i regler' }).fill(MAKE);
    await setDialog.getByRole('checkbox', { name: RULE }).check();
    await setDialog.getByRole('button', { name: 'Opret', exact: true }).click();
    await expect(setDialog).toBeHidden();
    await expect(page.getByRole('table', { name: 'Reglsæt' }).getByRole('row').filter({ hasText: SET })).toContainText(
      '1 afdeling · 1 regel',
    );
  });

  for (const device of ['desktop', 'phone'] as const) {
    test(`${device}: KS sees the alert at Roskilde with the nearest workshops that take the Mazda, cannot book it there, and books it at one of them`, async ({
      page,
    }) => {
      if (device === 'phone') await page.setViewportSize(PHONE);
      await signIn(page, 'KS');
      await toBooking(page, MAZDA, { address: 'Algade 10', zip: '4000', city: 'Roskilde' });

      // The nearest workshop that takes the car is chosen: never Roskilde.
      await expect(page.getByText(/^Valgt: /)).toBeVisible();
      await expect(page.getByText(/^Valgt: Roskilde/)).toHaveCount(0);

      await chooseWorkshop(page, 'Roskilde');
      const place = page.getByRole('region', { name: 'Afdeling' });
      const refusal = place.getByRole('alert').filter({ hasText: 'Afdelingen kan ikke tage bilen' });
      await expect(refusal).toContainText(ALERT);
      const alternatives = refusal.getByRole('group', { name: 'Nærmeste værksteder, der kan tage bilen' });
      await expect(alternatives.getByRole('button').first()).toBeVisible();
      await expect(alternatives.getByRole('button', { name: /^Roskilde/ })).toHaveCount(0);
      // Nothing to book there: every day closed, and Continue stays off.
      const calendar = page.getByRole('region', { name: 'Dato og tid' });
      const days = await calendarDays(calendar);
      expect(days.length).toBeGreaterThan(27);
      await expect(calendar.getByRole('button', { name: /, \d+ ledige?$/ })).toHaveCount(0);
      await expect(calendar.getByText('Ingen tider: Roskilde kan ikke tage bilen. Vælg en anden afdeling.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Fortsæt' })).toBeDisabled();
      await expect(page.getByText('Vælg en afdeling, der kan tage bilen, for at fortsætte.')).toBeVisible();
      await shot(page, `${device}-refused`);
      await expectAccessible(page, `booking step refused on ${device}`);

      // One of the nearest that take it: the alert goes, and the booking goes through.
      const first = alternatives.getByRole('button').first();
      const name = (await first.innerText()).split(' · ')[0]!;
      await first.click();
      await expect(page.getByText(new RegExp(`^Valgt: ${name}`))).toBeVisible();
      await expect(refusal).toHaveCount(0);
      await pickFreeDayAndSlot(calendar, { slot: device === 'phone' ? 'last' : 'first' });
      await next(page, '/confirm');
      await page.getByRole('button', { name: 'Booking' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/receipt');
      await expect(page.getByText('Ordren er gennemført')).toBeVisible();
    });
  }

  test('a rule set made while KS confirms: Booking is refused with its alert at the department, the order kept, and booked elsewhere', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'KS');
    await toBooking(page, MAZDA, { address: 'Nørregade 5', zip: '4200', city: 'Slagelse' });
    await chooseWorkshop(page, 'Slagelse');
    await pickFreeDayAndSlot(page.getByRole('region', { name: 'Dato og tid' }));
    await next(page, '/confirm');

    // Meanwhile an administrator puts Slagelse in a set with the Mazda rule.
    const adm = await signedIn(browser, 'ADM');
    const slagelse = await departmentNamed(adm.request, 'Slagelse');
    const { rules } = (await (await adm.request.get('/api/departmentRuleSet/rules?pageSize=100000&pageNumber=0')).json()) as {
      rules: TCarRule[];
    };
    const rule = rules.find((r) => r.ruleName === RULE)!;
    const made = await adm.request.post('/api/departmentRuleSet/ruleSet', {
      data: { ruleSetName: `Ingen ${MAKE} i Slagelse`, alertMessage: LATE_ALERT, departmentIds: [slagelse.id], ruleIds: [rule.id] },
    });
    expect(made.status(), await made.text()).toBe(200);
    await adm.context().close();

    await page.getByRole('button', { name: 'Booking' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Ordren blev ikke gemt' });
    await expect(refused).toContainText(LATE_ALERT);
    await shot(page, 'desktop-confirm-refused');
    await expectAccessible(page, 'confirm step refused');
    await refused.getByRole('link', { name: 'Ret under Tid og sted' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/booking');
    // The order is as it was: the car and its line, and the server's words at the department.
    await expect(page.getByRole('complementary', { name: 'Ordreoversigt' })).toContainText('Mazda');
    const place = page.getByRole('region', { name: 'Afdeling' });
    await expect(place.getByRole('alert').filter({ hasText: 'Afdelingen kan ikke tage bilen' })).toContainText(LATE_ALERT);
    await expect(page.getByRole('button', { name: 'Fortsæt' })).toBeDisabled();

    const alternative = place.getByRole('group', { name: 'Nærmeste værksteder, der kan tage bilen' }).getByRole('button').first();
    await alternative.click();
    await pickFreeDayAndSlot(page.getByRole('region', { name: 'Dato og tid' }));
    await next(page, '/confirm');
    await page.getByRole('button', { name: 'Booking' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/receipt');
  });
});

test.describe('Debitor regelsæt in the customer step', () => {
  for (const device of ['desktop', 'phone'] as const) {
    test(`${device}: a car of Ayvens gets Ayvens's leasing account as its mandatory debitor, locked, with the reason`, async ({ page }) => {
      if (device === 'phone') await page.setViewportSize(PHONE);
      await signIn(page, 'KS');
      await startOrder(page, AYVENS_CAR);
      // Already on the first step: Leasing, paid by Ayvens.
      await expect(page.getByRole('radio', { name: 'Leasing' })).toBeChecked();
      await expect(page.getByLabel('Valgt debitor')).toContainText('Ayvens');
      await next(page, '/products');
      await addFirstProduct(page);
      await next(page, '/customer');

      const note = page.getByRole('alert').filter({ hasText: 'Obligatorisk debitor' });
      await expect(note).toContainText('Debitor regelsæt: biler med ejer Ayvens Danmark A/S betales af');
      await expect(note).toContainText('Betaler og debitor kan ikke ændres.');
      await expect(page.getByRole('radio', { name: 'Leasing' })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'Forsikring' })).toBeDisabled();
      await expect(page.getByRole('radio', { name: 'Kontant betaling' })).toBeDisabled();
      const debitor = page.getByRole('group', { name: 'Debitor' });
      await expect(debitor.getByRole('textbox', { name: /^Navn/ })).toHaveValue(/Ayvens/);
      await expect(debitor.getByRole('textbox', { name: 'Kunde eller firma' })).toBeDisabled();
      await shot(page, `${device}-mandatory-debitor`);
      await expectAccessible(page, `customer step with a mandatory debitor on ${device}`);
    });
  }

  test('a rule that is not mandatory offers its debitor with one click', async ({ page, browser }) => {
    // An administrator's row: Arval's leased cars may be paid by Arval.
    const adm = await signedIn(browser, 'ADM');
    const [debitor] = (await (await adm.request.get('/api/debitor/search/NAME?query=Arval')).json()) as Array<TOrder['debitor']>;
    const saved = await adm.request.post('/api/debitorruleset/save', {
      data: { type: 'LEASING', leasing: 'Arval', debitor: debitor!.no, isMandatory: false },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await adm.context().close();

    await signIn(page, 'KS');
    await startOrder(page, ARVAL_CAR);
    await next(page, '/products');
    await addFirstProduct(page);
    await next(page, '/customer');
    const offer = page.getByRole('alert').filter({ hasText: 'Forslag fra Debitor regelsæt' });
    await expect(offer).toContainText('Debitor regelsæt: biler med leasingselskab Arval kan betales af');
    await shot(page, 'desktop-offered-debitor');
    await offer.getByRole('button', { name: /^Brug / }).click();
    await expect(page.getByRole('radio', { name: 'Leasing' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Debitor' }).getByRole('textbox', { name: /^Navn/ })).toHaveValue(debitor!.debitorName);
    await expect(offer).toHaveCount(0);
    // Not locked: another payer can still be chosen.
    await expect(page.getByRole('radio', { name: 'Forsikring' })).toBeEnabled();
  });
});

test.describe('the mobile-service search and the van zip code', () => {
  for (const device of ['desktop', 'phone'] as const) {
    test(`${device}: a van found for 8400 opens only its Tuesdays and Thursdays there, and closes every day for a zip code it does not drive to`, async ({
      page,
    }) => {
      if (device === 'phone') await page.setViewportSize(PHONE);
      await signIn(page, 'KS');
      const search = page.waitForRequest((r) => r.url().endsWith('/api/timeslot/nearest') && r.postDataJSON()?.onlyMobile === true);
      await toBooking(page, 'AB12345', { address: 'Adelgade 1', zip: '8400', city: 'Ebeltoft' });
      // The search starts from the customer's zip code and sends it.
      const mobile = page.getByRole('region', { name: 'Mobilservice' });
      await expect(mobile.getByRole('textbox', { name: /^Postnummer/ })).toHaveValue('8400');
      expect((await search).postDataJSON()).toMatchObject({ searchCriteria: { zipCode: '8400' } });
      await mobile.getByRole('radio', { name: 'Mobilservice Aarhus' }).click();
      const place = page.getByRole('region', { name: 'Afdeling' });
      await expect(place.getByText('Kører i 8400 om tirsdag og torsdag; de andre dage er lukket i kalenderen.')).toBeVisible();

      // Next month (wholly ahead): Mondays, Wednesdays and Fridays closed, Tuesdays or Thursdays with places.
      const calendar = page.getByRole('region', { name: 'Dato og tid' });
      await calendarDays(calendar);
      const now = new Date();
      const ahead = new Date(now.getFullYear(), now.getMonth() + 1, 1).toLocaleDateString('da-DK', { month: 'long', year: 'numeric' });
      await calendar.getByRole('button', { name: 'Næste måned' }).click();
      await expect(calendar.getByRole('button', { name: new RegExp(`^1\\. ${ahead}, `) })).toBeVisible();
      // The month's places arrive after its days are drawn: wait until a Tuesday or Thursday shows free places.
      const named = async () => (await calendarDays(calendar)).map((name) => ({ name, weekday: weekdayOf(name) }));
      await expect
        .poll(async () => (await named()).filter((d) => [2, 4].includes(d.weekday)).some((d) => / ledige?$/.test(d.name)))
        .toBe(true);
      const days = await named();
      expect(days.filter((d) => [1, 3, 5].includes(d.weekday)).every((d) => d.name.endsWith('lukket'))).toBe(true);
      await shot(page, `${device}-van-zip`);
      await expectAccessible(page, `booking step at a van on ${device}`);

      // The van's address in a zip code it does not drive to: said, and no day open.
      await mobile.getByRole('combobox', { name: /^Adresse for mobilservice/ }).fill('Boulevarden 1, 9000 Aalborg');
      await expect(place.getByRole('alert').filter({ hasText: 'Kører ikke i postnummeret' })).toContainText(
        'Mobilservice Aarhus kører ikke i postnummer 9000.',
      );
      await expect(calendar.getByText('Ingen tider: Mobilservice Aarhus kører ikke i postnummer 9000.')).toBeVisible();
      await expect(calendar.getByRole('button', { name: /, \d+ ledige?$/ })).toHaveCount(0);
      await shot(page, `${device}-van-not-in-zip`);
      await expectAccessible(page, `booking step at a van outside its zip codes on ${device}`);
    });
  }

  test('no van takes a Tesla roof window: the search says so', async ({ page }) => {
    await signIn(page, 'KS');
    await toBooking(page, TESLA, { address: 'Vestergade 1', zip: '8000', city: 'Aarhus C' }, 'Tagrude');
    const mobile = page.getByRole('region', { name: 'Mobilservice' });
    await expect(mobile.getByRole('textbox', { name: /^Postnummer/ })).toHaveValue('8000');
    const none = mobile.getByText('Der er ingen mobil afdeling, der kan arbejde på den valgte bil.');
    await expect(none).toBeVisible();
    await expect(mobile.getByRole('radio')).toHaveCount(0);
    // Above the sticky order summary, for the screenshot.
    await none.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shot(page, 'desktop-no-van');
    await expectAccessible(page, 'booking step without a van for the car');
  });
});
