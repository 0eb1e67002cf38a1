import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers';

/**
 * Issue 16, Ledige slots and Leveringstid in Chromium on a desktop and a phone: a planner reads every region's week,
 * searches Jylland, opens the Fyn-og-Sjælland view in a new tab after the confirmation; anyone signed in reads
 * Leveringstid. The numbers themselves are checked against the booking in tests/api/planning.test.ts.
 */

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots/planning';
const PHONE = { width: 390, height: 844 };

async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} – ${v.help} – ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

test('a planner reads the week of every region, searches Jylland and opens the Fyn-og-Sjælland view in a new tab', async ({ page, context }) => {
  await login(page, 'KS');
  await page.getByRole('link', { name: 'Ledige slots' }).first().click();
  await expect(page).toHaveURL(/\/available-slots$/);
  await expect(page).toHaveTitle('Ledige slots – Rudeplan');
  for (const region of ['Jylland', 'Fyn', 'Sjælland']) await expect(page.getByRole('table', { name: `Ledige slots ${region}` })).toBeVisible();
  const today = Number(new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' }).slice(8, 10));
  const jylland = page.getByRole('table', { name: 'Ledige slots Jylland' });
  await expect(jylland.getByRole('row').first().getByRole('columnheader')).toHaveCount(8);
  await expect(jylland.getByRole('row').first().getByRole('columnheader').nth(1)).toHaveText(String(today));
  await page.screenshot({ path: `${SHOTS}/available-slots.png`, fullPage: true });
  await expectAccessible(page, 'Ledige slots');

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
  await view.screenshot({ path: `${SHOTS}/fyn-sjaelland-view.png`, fullPage: true });
  await expectAccessible(view, 'Fyn og Sjælland');
});

test('Leveringstid shows the three regions to a user of any role, on a phone too', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, 'REV');
  await page.goto('/delivery-time');
  await expect(page).toHaveTitle('Leveringstid – Rudeplan');
  for (const region of ['Jylland', 'Fyn', 'Sjælland']) {
    const table = page.getByRole('table', { name: `Leveringstid ${region}` });
    await expect(table).toBeVisible();
    await expect(table.getByRole('rowheader').first()).toBeVisible();
  }
  await expect(page.getByText(/^Sidst opdateret \d{2}:\d{2}$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/delivery-time-phone.png`, fullPage: true });
  await expectAccessible(page, 'Leveringstid');
});

test('the Jylland view refuses a user without a planning role', async ({ page }) => {
  await login(page, 'REV');
  await page.goto('/available-slots-jutland');
  await expect(page.getByRole('table', { name: 'Ledige slots Jylland' })).toHaveCount(0);
});
