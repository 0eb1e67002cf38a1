import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { createDatabaseFrom, dropDatabase } from '../helpers/database';

export const DEMO_PASSWORD = 'demo1234';

/** The app server of one Playwright worker: its own copy of the demo database (global-setup.ts) and its own port. */
interface WorkerServer {
  url: string;
  databaseUrl: string;
}

/** A port nobody listens on now, as the system hands them out (two test runs side by side never pick the same one). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function startWorkerServer(workerIndex: number): Promise<WorkerServer & { stop: () => Promise<void> }> {
  const adminUrl = process.env.E2E_ADMIN_URL;
  const template = process.env.E2E_TEMPLATE;
  if (!adminUrl || !template) throw new Error('E2E_ADMIN_URL and E2E_TEMPLATE are not set (tests/e2e/global-setup.ts)');
  const database = await createDatabaseFrom(adminUrl, template);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-e2e-worker-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
  };
  delete env.SEED_DEMO;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (server.exitCode !== null) throw new Error(`The e2e server of worker ${workerIndex} exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error(`The e2e server of worker ${workerIndex} did not come up in 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    databaseUrl: database.url,
    stop: async () => {
      server.kill('SIGTERM');
      await exited;
      await dropDatabase(adminUrl, database.name);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Playwright's test, on the worker's own server (baseURL), whose page says what it showed when its test failed: its
 * address and its accessibility tree in the log, which is all a CI run keeps (no traces are recorded:
 * playwright.config.ts).
 */
export const test = base.extend<object, { server: WorkerServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.workerIndex);
      // The tests' own fixtures (a job that was booked for today) reach the worker's database.
      process.env.E2E_DATABASE_URL = server.databaseUrl;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  page: async ({ page }, use, testInfo) => {
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) return;
    const shown = await page
      .locator('body')
      .ariaSnapshot({ timeout: 2_000 })
      .catch((error: unknown) => `(not readable: ${String(error)})`);
    console.log(`--- the page when '${testInfo.title}' failed: ${page.url()}\n${shown.slice(0, 8_000)}`);
  },
});

/** Signs in through the login form like a user, and waits until the app has left /login. */
export async function login(page: Page, initials: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Initialer').fill(initials);
  await page.getByLabel('Adgangskode').fill(password);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Signs in through the API, without a page load: for a test that goes to its own screen next (the form itself is
 * users.spec.ts's). A page's session cookie is its context's, so the page's next load is signed in.
 */
export async function signIn(signed: Page | BrowserContext | APIRequestContext, initials: string, password = DEMO_PASSWORD): Promise<void> {
  const request = 'post' in signed ? signed : signed.request;
  const answer = await request.post('/api/user/login', { data: { Email: initials, Password: password } });
  expect(answer.ok(), `${initials} signs in`).toBe(true);
}

/**
 * The page (since its last load) read its departments as summaries and never asked for the whole list with every
 * slot: the calendar and the mobile-service map read no slots (docs/decisions.md).
 */
export async function expectDepartmentSummariesOnly(page: Page): Promise<void> {
  const asked = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
  expect(asked).toContain('/api/departments/summaries');
  expect(asked, 'the whole department list, with its slots').not.toContain('/api/departments/departments');
}

/** The months as the calendars name them. */
export const DANISH_MONTHS = [
  'januar',
  'februar',
  'marts',
  'april',
  'maj',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'december',
];

/** A day as the calendar names its button: '30. november 2026' for '2026-11-30' (or '2026-11-30T00:00:00'). */
export function calendarDayName(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return `${day}. ${DANISH_MONTHS[month! - 1]} ${year}`;
}

/**
 * In a 'Dato og tid' calendar (the booking step, the worksheet or its dialog), picks the first or last day with free
 * places (this month, or the next when this one has none) and then its first or last free slot. With `notOn` (an
 * order's own date) that day is never picked: a move to it could choose the order's own slot, and change nothing.
 */
export async function pickFreeDayAndSlot(
  calendar: Locator,
  which: { day?: 'first' | 'last'; slot?: 'first' | 'last'; notOn?: string | null } = {},
): Promise<Locator> {
  const avoided = which.notOn ? `(?!${calendarDayName(which.notOn).replace(/[.]/g, '\\.')},)` : '';
  const freeDay = calendar.getByRole('button', { name: new RegExp(`^${avoided}.*, \\d+ ledige?$`) });
  // The month's days as the server answered them for this department: counted only once no answer is on its way.
  const loading = calendar.getByRole('status', { name: 'Henter ledige tider' });
  await expect(calendar.getByRole('button', { name: /, (\d+ ledige?|fuldt booket|lukket)$/ }).first()).toBeVisible();
  await expect(loading).toHaveCount(0);
  if ((await freeDay.count()) === 0) {
    await calendar.getByRole('button', { name: 'Næste måned' }).click();
    await expect(freeDay.first()).toBeVisible();
    await expect(loading).toHaveCount(0);
  }
  const slots = freeSlots(calendar);
  const fullyBooked = calendar.page().getByRole('dialog', { name: 'Fuldt booket' });
  // A day's last place may go to a parallel test (or the clock) between the look and the click. When the month has
  // not been fetched again, the day opens without a free time: the next free day is taken. When it has, the click
  // asks 'Fuldt booket' instead: cancelled, as a user would, and another free day is taken.
  let skipped = 0;
  for (let tried = 0; tried < 6; tried++) {
    const days = await freeDay.count();
    if (skipped >= Math.min(days, 5)) break;
    const candidate = freeDay.nth(which.day === 'last' ? days - 1 - skipped : skipped);
    const date = /"([^",]+),/.exec(await candidate.ariaSnapshot())![1]!;
    const day = calendar.getByRole('button', { name: new RegExp(`^${date.replace(/[.]/g, '\\.')},`) });
    await day.click();
    await expect(day.and(calendar.page().locator('[data-selected]')).or(fullyBooked).first()).toBeVisible();
    if (await fullyBooked.isVisible()) {
      await fullyBooked.getByRole('button', { name: 'Annuller' }).click();
      await expect(fullyBooked).toBeHidden();
      continue;
    }
    await expect(calendar.getByRole('group', { name: 'Tidsrum' })).toBeVisible();
    if ((await slots.count()) > 0) break;
    skipped++;
  }
  const slot = which.slot === 'last' ? slots.last() : slots.first();
  await slot.click();
  return slot;
}

/** The chosen day's times that can be chosen: free places left ('1 ledig plads', '3 ledige pladser'), not full or too short. */
export function freeSlots(calendar: Locator): Locator {
  return calendar
    .getByRole('group', { name: 'Tidsrum' })
    .getByRole('button', { name: /, \d+ ledige? plads/ })
    .and(calendar.page().locator(':enabled'));
}

/**
 * Test fixture: moves a booked order to today, as if it had been booked for today beforehand. Today may be a
 * Sunday or past closing time, when no booking for today can be made, and Dagens opgaver still needs a job.
 */
export async function moveOrderToToday(orderId: string, from: string, to: string): Promise<void> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (the server fixture in tests/e2e/helpers.ts)');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const day = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
    await client.query(
      `update orders set booking_date = $2::date,
         from_at = ($2 || ' ' || $3)::timestamp at time zone 'Europe/Copenhagen', to_at = ($2 || ' ' || $4)::timestamp at time zone 'Europe/Copenhagen'
       where id = $1`,
      [orderId, day, from, to],
    );
  } finally {
    await client.end();
  }
}

/**
 * Counts the user's clicks from now on: trusted pointer presses anywhere on the page (a click on a label that
 * checks its box is one press, a file chooser opened by a button is one). It survives the app's own navigation
 * (the page is not reloaded); `count()` reads it.
 */
export async function countClicks(page: Page): Promise<{ count: () => Promise<number> }> {
  await page.evaluate(() => {
    const w = window as unknown as { __e2eClicks?: number };
    if (w.__e2eClicks === undefined) {
      document.addEventListener(
        'pointerdown',
        (event) => {
          if (event.isTrusted && event.button === 0) w.__e2eClicks = (w.__e2eClicks ?? 0) + 1;
        },
        true,
      );
    }
    w.__e2eClicks = 0;
  });
  return { count: () => page.evaluate(() => (window as unknown as { __e2eClicks: number }).__e2eClicks) };
}

/**
 * No serious or critical WCAG 2.1 A/AA violation on the page as it is once no spinner shows and no transition runs; `labelContent` adds
 * axe's experimental label-content-name-mismatch rule. Each violation is reported as one readable line.
 */
export async function expectAccessible(page: Page, what: string, options: { labelContent?: boolean } = {}): Promise<void> {
  await expect(page.locator('.mantine-Loader').filter({ visible: true })).toHaveCount(0, { timeout: 15_000 });
  // A toast whose time runs out during the scan would be read half faded (a contrast failure no user sees): the scan runs with
  // reduced motion, where the app's transitions take 1 ms, and the page's own setting comes back afterwards.
  const reduced = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  if (!reduced) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))));
  }
  try {
    // A dialog still fading in is read at part opacity: wait for transitions to end.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    );
    let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
    if (options.labelContent) builder = builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
    const { violations } = await builder.analyze();
    const bad = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${what}: ${v.id} – ${v.help} – ${v.nodes
            .slice(0, 3)
            .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
            .join(', ')}`,
      );
    expect(bad, bad.join('\n')).toEqual([]);
  } finally {
    if (!reduced) await page.emulateMedia({ reducedMotion: 'no-preference' });
  }
}

/** The order flow's first step: a new order (of `orderType` when given) for the car the registry finds by `plate`. */
export async function startOrder(page: Page, plate: string, orderType?: string): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Oprettelse af opgave*' })).toBeVisible();
  if (orderType) {
    await page.getByRole('combobox', { name: 'Ordretype' }).click();
    await page.getByRole('option', { name: orderType, exact: true }).click();
  }
  await page.getByRole('textbox', { name: 'Registreringsnummer' }).fill(plate);
  await page.getByRole('button', { name: 'Søg bil' }).click();
  // The plate is shown 2+2+3 and the registry fills the car.
  await expect(page.getByRole('textbox', { name: 'Registreringsnummer' })).toHaveValue(
    `${plate.slice(0, 2)} ${plate.slice(2, 4)} ${plate.slice(4)}`,
  );
  await expect(page.getByRole('combobox', { name: /^Model/ })).not.toHaveValue('');
}

/** 'Fortsæt' to the order flow's next step at `path`. */
export async function next(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/**
 * The booking step's van `name` chosen in 'Mobilservice', once the workshop section above has taken the nearest
 * workshop and listed the others: that moves the vans down, and a click while they moved only focused the card.
 */
export async function chooseVan(page: Page, name: string): Promise<Locator> {
  await expect(page.getByText(/^Valgt: /)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Nærmeste værksteder' })).toBeVisible();
  const van = page.getByRole('region', { name: 'Mobilservice' }).getByRole('radio', { name });
  await van.click();
  await expect(van).toBeChecked();
  return van;
}

/**
 * An AB12345 replacement in this tab's flow up to a filled 'Kontaktinformation': the first product of the list, a
 * customer in Aarhus C (8000) who pays cash. The caller goes on to '/booking' (nothing is booked or saved).
 */
export async function cashCustomerInAarhus(page: Page, customer: { name: string; address: string; phone: string }): Promise<void> {
  await startOrder(page, 'AB12345');
  await next(page, '/products');
  const add = page.getByRole('button', { name: /^Tilføj / }).first();
  const name = (await add.getAttribute('aria-label')) ?? (await add.innerText());
  await add.click();
  await expect(page.getByRole('button', { name: name.replace(/^Tilføj/, 'Fjern') })).toBeVisible();
  await next(page, '/customer');
  await page.getByRole('radio', { name: 'Kontant betaling' }).check();
  const form = page.getByRole('group', { name: 'Kunde' });
  await form.getByRole('textbox', { name: /^Navn/ }).fill(customer.name);
  await form.getByRole('textbox', { name: /^Adresse/ }).fill(customer.address);
  await form.getByRole('textbox', { name: /^Postnummer/ }).fill('8000');
  await expect(form.getByRole('textbox', { name: /^By/ })).toHaveValue('Aarhus C');
  await form.getByRole('textbox', { name: /^Telefon/ }).fill(customer.phone);
}
