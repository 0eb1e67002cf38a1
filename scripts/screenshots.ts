/**
 * Screenshots of every screen the web app has, for each demo user, at desktop (1366x768) and
 * phone (390x844) size, into screenshots/ (git-ignored). Needs a running server:
 *
 *   BASE_URL=http://localhost:3000 node --import tsx scripts/screenshots.ts
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { canOpen, menuFor, SCREENS } from '@/domain/access/screens';
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

const BUILT_MENU_SCREENS: readonly string[] = ['DASHBOARD', 'USERS', 'OUTBOX'];

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
  await page.getByText('Invalid credentials.').waitFor();
  await shoot(page, `public-login-failed-${v}`);

  await page.goto(`${BASE_URL}/forgot`);
  await shoot(page, `public-forgot-${v}`);
  await page.getByLabel('E-mail eller telefon').fill(`findes.ikke.${Date.now()}@example.dk`);
  await page.getByRole('button', { name: 'Nulstil' }).click();
  // Resets are throttled per address; the screen then shows the server's 429 message instead.
  await page.getByText(/Hvis brugeren findes|For mange forsøg/).first().waitFor();
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

  // Every built screen in the menu, and one placeholder per user (they are all alike).
  const menu = menuFor(roles);
  const placeholder = menu.find((item) => !BUILT_MENU_SCREENS.includes(item.name));
  for (const item of menu) {
    if (!BUILT_MENU_SCREENS.includes(item.name) && item !== placeholder) continue;
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
    const remove = page.getByRole('button', { name: /^Slet / }).and(page.locator(':not([disabled])')).first();
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
    const first = viewport.name === 'phone' ? page.getByRole('list', { name: 'Beskeder' }).getByRole('listitem').first() : page.getByRole('table', { name: 'Beskeder' }).getByRole('row').nth(1);
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
