/**
 * Screenshots of every screen the web app has, for each demo user, at desktop (1366x768) and
 * phone (390x844) size, into screenshots/ (git-ignored). Needs a running server:
 *
 *   BASE_URL=http://localhost:3000 node --import tsx scripts/screenshots.ts
 *
 * ONLY_USERS=KS,ADM limits the per-user screens; ONLY_FLOW=1 takes only the order flow's screens.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { canOpen, menuFor, SCREENS } from '@/domain/access';
import { DEMO_USERS as SEEDED_USERS } from '@/server/db/seed/seed-users';

const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const OUT_DIR = path.resolve(process.env.SCREENSHOT_DIR ?? 'screenshots');
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';

const DEMO_USERS: Record<string, readonly string[]> = Object.fromEntries(SEEDED_USERS.map((u) => [u.initials, u.roles]));

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

type Viewport = (typeof VIEWPORTS)[number];

let taken = 0;

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Let Mantine's transitions (modals, drawers, toasts) finish.
  await page.waitForTimeout(350);
}

async function shoot(page: Page, file: string): Promise<void> {
  await settle(page);
  // A full-page picture starts at the top, so the fixed header sits where a user sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(OUT_DIR, `${file}.png`), fullPage: true });
  taken += 1;
}

async function login(page: Page, initials: string): Promise<void> {
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel('Initialer').fill(initials);
  await page.getByLabel('Adgangskode').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

async function newPage(browser: Browser, viewport: Viewport): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    deviceScaleFactor: 1,
  });
  return context.newPage();
}

async function publicScreens(browser: Browser, viewport: Viewport): Promise<void> {
  const page = await newPage(browser, viewport);
  const v = viewport.name;
  await page.goto(`${BASE_URL}/login`);
  await shoot(page, `public-login-${v}`);

  await page.getByRole('button', { name: 'Log ind' }).click();
  await shoot(page, `public-login-errors-${v}`);

  // An unknown user, so no demo user's failed-login count grows.
  await page.getByLabel('Initialer').fill('ZZZ');
  await page.getByLabel('Adgangskode').fill('forkert-kode');
  await page.getByRole('button', { name: 'Log ind' }).click();
  // Failed logins are throttled per address too; a run soon after another gets the 429 message instead.
  await page
    .getByText(/^Invalid credentials\.$|For mange forsøg/)
    .first()
    .waitFor();
  await shoot(page, `public-login-failed-${v}`);

  await page.goto(`${BASE_URL}/forgot`);
  await shoot(page, `public-forgot-${v}`);
  await page.getByLabel('E-mail eller telefon').fill(`findes.ikke.${Date.now()}@example.dk`);
  await page.getByRole('button', { name: 'Nulstil' }).click();
  // Resets are throttled per address; the screen then shows the server's 429 message instead.
  await page
    .getByText(/Hvis brugeren findes|For mange forsøg/)
    .first()
    .waitFor();
  await shoot(page, `public-forgot-sent-${v}`);

  await page.goto(`${BASE_URL}/users`);
  await page.getByRole('heading', { name: 'Ingen adgang' }).waitFor();
  await shoot(page, `public-unauthorised-${v}`);
  await page.context().close();
}

async function userScreens(browser: Browser, viewport: Viewport, initials: string, roles: readonly string[]): Promise<void> {
  const page = await newPage(browser, viewport);
  const v = viewport.name;
  const prefix = `${initials.toLowerCase()}`;
  await login(page, initials);
  await shoot(page, `${prefix}-landing-${v}`);

  if (viewport.name === 'phone') {
    await page.getByRole('button', { name: 'Åbn menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    await shoot(page, `${prefix}-menu-${v}`);
    await page.keyboard.press('Escape');
  }

  // Every screen in the user's menu.
  for (const item of menuFor(roles)) {
    await page.goto(`${BASE_URL}${item.path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, `${prefix}-${item.name.toLowerCase()}-${v}`);
  }

  if (!canOpen(SCREENS.USERS.access, roles)) {
    await page.goto(`${BASE_URL}/users`);
    await page.getByRole('heading', { name: 'Ingen adgang' }).waitFor();
    await shoot(page, `${prefix}-unauthorised-${v}`);
  }

  if (canOpen(SCREENS.USERS.access, roles)) {
    await page.goto(`${BASE_URL}/users/create`);
    await page.getByRole('heading', { name: 'Opret bruger' }).waitFor();
    await shoot(page, `${prefix}-user-create-${v}`);
    await page.getByRole('button', { name: 'Opret bruger' }).click();
    await shoot(page, `${prefix}-user-create-errors-${v}`);
    await page.getByRole('switch', { name: 'Autogenerer adgangskode' }).uncheck();
    await page.getByLabel(/^Adgangskode/).fill('hemmelig1');
    await page.getByLabel('Bekræft adgangskode').fill('hemmelig2');
    await page.getByLabel('Navn').fill('Mette Hansen');
    await page.getByLabel('Initialer').fill('MHX');
    await page.getByRole('checkbox', { name: 'Drift' }).check();
    await page.getByRole('button', { name: 'Opret bruger' }).click();
    await shoot(page, `${prefix}-user-create-password-${v}`);

    await page.goto(`${BASE_URL}/users`);
    const edit = page.getByRole('link', { name: /^Rediger / }).first();
    await edit.waitFor();
    await edit.click();
    await page.getByRole('heading', { name: 'Rediger bruger' }).waitFor();
    await page.getByLabel('Navn').waitFor();
    await shoot(page, `${prefix}-user-edit-${v}`);
    await page.getByLabel(/^Adgangskode/).fill('hemmelig1');
    await shoot(page, `${prefix}-user-edit-password-${v}`);

    await page.goto(`${BASE_URL}/users`);
    const remove = page
      .getByRole('button', { name: /^Slet / })
      .and(page.locator(':not([disabled])'))
      .first();
    await remove.waitFor();
    await remove.click();
    await page.getByRole('dialog').waitFor();
    await shoot(page, `${prefix}-user-delete-${v}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Annuller' }).click();

    // A throwaway user with a generated password puts an e-mail in the outbox to look at.
    const throwaway = await page.request.post(`${BASE_URL}/api/user/register`, {
      headers: { Origin: BASE_URL },
      data: {
        name: 'Skærm Billede',
        initials: `SK${Date.now() % 10_000}`,
        email: `skaerm.${Date.now()}@example.dk`,
        roles: ['Stock'],
        allowEmail: true,
        autoPassword: true,
      },
    });
    const throwawayId = throwaway.ok() ? ((await throwaway.json()) as { id: string }).id : null;

    await page.goto(`${BASE_URL}/outbox`);
    await page.getByRole('heading', { name: 'Udbakke' }).waitFor();
    await shoot(page, `${prefix}-outbox-list-${v}`);
    const first =
      viewport.name === 'phone'
        ? page.getByRole('list', { name: 'Beskeder' }).getByRole('listitem').first()
        : page.getByRole('table', { name: 'Beskeder' }).getByRole('row').nth(1);
    if (await first.count()) {
      await first.click();
      await page.getByRole('dialog').waitFor();
      await shoot(page, `${prefix}-outbox-message-${v}`);
      await page.keyboard.press('Escape');
    }
    if (throwawayId) {
      await page.request.post(`${BASE_URL}/api/user/remove`, { headers: { Origin: BASE_URL }, data: { id: throwawayId } });
    }
  }

  await page.getByRole('banner').getByRole('button', { name: 'Log ud' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByText('User successfully logged out').waitFor();
  await shoot(page, `${prefix}-logged-out-${v}`);
  await page.context().close();
}

/**
 * A flow page with the sticky order footer: the window is made as tall as the page, so the
 * footer sits at the bottom of the picture as it does for a user who scrolled down.
 */
async function shootTall(page: Page, file: string): Promise<void> {
  await settle(page);
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(OUT_DIR, `${file}.png`) });
  await page.setViewportSize(viewport);
  taken += 1;
}

/** What the window shows (a dialog over the page), without stretching the page behind it. */
async function shootWindow(page: Page, file: string): Promise<void> {
  await settle(page);
  await page.screenshot({ path: path.join(OUT_DIR, `${file}.png`) });
  taken += 1;
}

/** Clicks the first calendar day with free places (this month or the next) and a free slot on it. */
async function pickDayAndSlot(page: Page): Promise<void> {
  const calendar = page.getByRole('region', { name: 'Dato og tid' });
  await calendar
    .getByRole('button', { name: /, (\d+ ledige|fuldt booket|lukket)$/ })
    .first()
    .waitFor();
  const freeDay = calendar.getByRole('button', { name: /, \d+ ledige$/ });
  if ((await freeDay.count()) === 0) {
    await calendar.getByRole('button', { name: 'Næste måned' }).click();
    await freeDay.first().waitFor();
  }
  await freeDay.first().click();
  await calendar
    .getByRole('group', { name: 'Tidsrum' })
    .getByRole('button', { name: /ledig/ })
    .and(page.locator(':enabled'))
    .first()
    .click();
}

async function fillCustomer(page: Page, name: string, zip: string, email: string): Promise<void> {
  const form = page.getByRole('group', { name: 'Kunde' });
  await form.getByRole('textbox', { name: /^Navn/ }).fill(name);
  await form.getByRole('textbox', { name: /^Adresse/ }).fill('Vestergade 1');
  await form.getByRole('textbox', { name: /^Postnummer/ }).fill(zip);
  await form.getByRole('textbox', { name: /^Telefon/ }).fill('12345678');
  await form.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.waitForTimeout(400);
}

/** The order flow (document 1): dashboard, products and its dialogs, customer, booking, confirm, receipt. */
async function orderFlowScreens(browser: Browser, viewport: Viewport): Promise<void> {
  const page = await newPage(browser, viewport);
  page.on('dialog', (dialog) => void dialog.accept());
  const v = viewport.name;
  const continueTo = async (pathname: string) => {
    await page.getByRole('button', { name: 'Fortsæt' }).click();
    await page.waitForURL((url) => url.pathname === pathname);
  };
  await login(page, 'KS');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${BASE_URL}/`);
  await page.getByRole('heading', { name: 'Oprettelse af opgave*' }).waitFor();
  await page.getByRole('combobox', { name: /^Model/ }).click();
  await shootWindow(page, `flow-dashboard-no-make-${v}`);
  await page.keyboard.press('Escape');

  await page.getByRole('combobox', { name: 'Søg på' }).click();
  await page.getByRole('option', { name: 'CVR-navn' }).click();
  await page.getByRole('textbox', { name: 'Kunde eller firma' }).fill('DUMMY');
  await page.getByRole('listbox', { name: 'Kunder' }).getByRole('option').first().waitFor();
  await shootWindow(page, `flow-dashboard-customer-search-${v}`);
  await page.keyboard.press('Escape');

  await page.getByRole('textbox', { name: 'Registreringsnummer' }).fill('AB12345');
  await page.getByRole('button', { name: 'Søg bil' }).click();
  await page.getByLabel('Valgt debitor').waitFor();
  await shoot(page, `flow-dashboard-car-${v}`);

  await continueTo('/products');
  await page.getByRole('button', { name: 'Tilføj F10001' }).waitFor();
  await shootTall(page, `flow-products-${v}`);
  await page.getByRole('button', { name: 'Tilføj F10001' }).click();
  await page.getByRole('button', { name: 'Fjern F10001' }).waitFor();
  await page.getByRole('button', { name: /^Lageroversigt for F10001/ }).click();
  await page.getByRole('dialog', { name: 'Lageroversigt' }).waitFor();
  await shootWindow(page, `flow-products-stock-${v}`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Tips og Tricks for F10001' }).click();
  await page.getByRole('dialog', { name: 'Tips og Tricks' }).waitFor();
  await shootWindow(page, `flow-products-tips-${v}`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Produkter til Forrude VW Golf VII m\/regnsensor$/ }).click();
  await page.getByRole('dialog', { name: /^Produkter til/ }).waitFor();
  await shootWindow(page, `flow-products-subitems-${v}`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Vis (varer|detaljer)/ }).click();
  await shootTall(page, `flow-products-footer-open-${v}`);

  await continueTo('/customer');
  await page
    .getByRole('group', { name: 'Kunde' })
    .getByRole('textbox', { name: /^Postnummer/ })
    .fill('80');
  await page
    .getByRole('group', { name: 'Kunde' })
    .getByRole('textbox', { name: /^Postnummer/ })
    .blur();
  await page
    .getByRole('group', { name: 'Kunde' })
    .getByRole('textbox', { name: /^Telefon/ })
    .fill('123');
  await page
    .getByRole('group', { name: 'Kunde' })
    .getByRole('textbox', { name: /^Telefon/ })
    .blur();
  await shootTall(page, `flow-customer-errors-${v}`);
  await fillCustomer(page, 'Jens Jensen', '8000', 'jens@example.dk');
  await shootTall(page, `flow-customer-${v}`);

  await continueTo('/booking');
  await shootTall(page, `flow-booking-${v}`);
  await page
    .getByRole('region', { name: 'Mobilservice' })
    .getByRole('textbox', { name: /^Postnummer/ })
    .fill('8000');
  await page.getByRole('radio', { name: 'Mobilservice Aarhus' }).waitFor();
  await shootTall(page, `flow-booking-mobile-${v}`);
  await page.getByRole('combobox', { name: 'Værksted' }).click();
  await page.getByRole('option', { name: 'Aarhus', exact: true }).click();
  await pickDayAndSlot(page);
  await shootTall(page, `flow-booking-slot-${v}`);
  const full = page
    .getByRole('region', { name: 'Dato og tid' })
    .getByRole('button', { name: /fuldt booket$/ })
    .and(page.locator(':enabled'));
  if (await full.count()) {
    await full.first().click();
    await page.getByRole('dialog', { name: 'Fuldt booket' }).waitFor();
    await shootWindow(page, `flow-booking-fully-booked-${v}`);
    await page.getByRole('dialog', { name: 'Fuldt booket' }).getByRole('button', { name: 'Fortsæt' }).click();
    await shootTall(page, `flow-booking-outside-slot-${v}`);
    await pickDayAndSlot(page);
  }

  await continueTo('/confirm');
  await page.getByRole('button', { name: 'Montør ringer' }).click();
  await page.getByRole('button', { name: 'Ring når bilen er klar' }).click();
  await page.getByLabel('Rabat %').fill('10');
  await shootTall(page, `flow-confirm-${v}`);
  await page.getByRole('button', { name: 'Tilføj', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj produkt' });
  await dialog.getByRole('combobox', { name: 'Nummertype' }).click();
  await page.getByRole('option', { name: 'Description' }).click();
  await dialog.getByRole('combobox', { name: 'Søg produkt' }).fill('viskerblad');
  await dialog.getByRole('button', { name: 'Søg' }).click();
  await dialog
    .getByText(/Ingen produkter fundet|Tilføj /)
    .first()
    .waitFor();
  await shootWindow(page, `flow-confirm-add-product-${v}`);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Booking' }).click();
  await page.waitForURL((url) => url.pathname === '/receipt');
  await page.getByText('Ordren er gennemført').waitFor();
  await shoot(page, `flow-receipt-${v}`);
  await page.context().close();

  // An administrator: VIN look-ups on the products, and 'Dagens opgaver' beside the order blocks.
  const admin = await newPage(browser, viewport);
  admin.on('dialog', (d) => void d.accept());
  await login(admin, 'ADM');
  await admin.goto(`${BASE_URL}/`);
  await admin.getByRole('heading', { name: 'Dagens opgaver' }).waitFor();
  await shoot(admin, `flow-dashboard-adm-${v}`);
  const firstTask = admin.getByRole('table', { name: 'Dagens opgaver' }).getByRole('row').nth(1);
  if (viewport.name === 'phone' && (await firstTask.count())) {
    await firstTask.click();
    await admin.getByRole('dialog').waitFor();
    await shootWindow(admin, `flow-dashboard-task-${v}`);
    await admin.keyboard.press('Escape');
  }
  await admin.getByRole('textbox', { name: 'Registreringsnummer' }).fill('CX45678');
  await admin.getByRole('button', { name: 'Søg bil' }).click();
  await admin.getByLabel('Valgt debitor').waitFor();
  await admin.getByRole('button', { name: 'Fortsæt' }).click();
  await admin.waitForURL((url) => url.pathname === '/products');
  await admin.getByRole('button', { name: 'Auto Valid VIN opslag' }).click();
  await admin.getByRole('status').waitFor();
  await shootTall(admin, `flow-products-autovalid-${v}`);
  await admin.getByRole('button', { name: 'VIN opslag', exact: true }).click();
  await admin.getByRole('dialog', { name: 'VIN opslag' }).waitFor();
  await shootWindow(admin, `flow-products-vin-${v}`);
  await admin.getByRole('dialog', { name: 'VIN opslag' }).getByRole('button', { name: 'Søg' }).click();
  await admin.getByText(/^VIN opslag: /).waitFor();
  await shootTall(admin, `flow-products-vin-result-${v}`);
  await admin.context().close();
}

async function main(): Promise<void> {
  await fs.mkdir(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  try {
    const only = process.env.ONLY_USERS?.split(',').filter(Boolean);
    for (const viewport of VIEWPORTS) {
      await orderFlowScreens(browser, viewport);
      if (process.env.ONLY_FLOW) continue;
      await publicScreens(browser, viewport);
      for (const [initials, roles] of Object.entries(DEMO_USERS)) {
        if (only && !only.includes(initials)) continue;
        await userScreens(browser, viewport, initials, roles);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${taken} screenshots in ${OUT_DIR}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
