import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './helpers';

/**
 * Issue 41: a customer books a stone chip at Roskilde on a phone from the public page, in six steps; the confirmation
 * is in Udbakke, customer service sees the web order in Webordrer, and the customer's link moves it and cancels it.
 * The spec's own data: plate DJ78901, a phone number of its own, Roskilde's stone-chip slots.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-41';
const phone = `6${String(Date.now()).slice(-7)}`;

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('the booking page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a customer books in six steps, KS sees it in Webordrer, the confirmation is in Udbakke, and the link moves and cancels it', async ({ page, browser }) => {
    // Three pages (the customer's, KS's and the administrator's) and seven axe scans: over a minute on a loaded host.
    test.setTimeout(180_000);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Book tid' }).click();
    await expect(page).toHaveURL(/\/book$/);
    await expect(page).toHaveTitle('Book tid – Rudeplan');
    let steps = 0;
    const next = async (name = 'Næste') => {
      steps++;
      await page.getByRole('button', { name, exact: true }).click();
    };

    await expect(page.getByRole('heading', { name: 'Nummerplade' })).toBeVisible();
    await expectAccessible(page, 'book: plate');
    await shot(page, 'book-1-plate-390');
    await page.getByLabel('Bilens nummerplade').fill('dj 78 901');
    await next();

    await expect(page.getByRole('heading', { name: 'Opgave' })).toBeVisible();
    await page.getByRole('radio', { name: 'Stenslag i ruden' }).check();
    await page.getByRole('radio', { name: 'Jeg betaler selv' }).check();
    await expectAccessible(page, 'book: job');
    await shot(page, 'book-2-job-390');
    await next();

    await page.getByLabel('Dit postnummer').fill('4000');
    await next();

    await expect(page.getByRole('heading', { name: 'Sted og tid' })).toBeVisible();
    const roskilde = page.getByRole('group', { name: /^Roskilde/ });
    await expect(roskilde).toBeVisible();
    await expectAccessible(page, 'book: place');
    await shot(page, 'book-4-place-390');
    await roskilde.getByRole('radio').first().check();
    await next();

    await page.getByLabel('Navn').fill('Webkunde Test');
    await page.getByLabel('Mobilnummer').fill(phone);
    await page.getByLabel('Adresse').fill('Algade 1');
    await page.getByRole('checkbox', { name: 'Jeg har læst, hvordan I bruger mine oplysninger' }).check();
    await expectAccessible(page, 'book: contact');
    await shot(page, 'book-5-contact-390');
    await next();

    await expect(page.getByRole('heading', { name: 'Bekræft' })).toBeVisible();
    await expectAccessible(page, 'book: summary');
    await shot(page, 'book-6-summary-390');
    await next('Book');
    expect(steps).toBeLessThanOrEqual(6);

    await expect(page.getByRole('heading', { name: 'Tak for din booking' })).toBeVisible();
    const orderNr = (await page.locator('dt:text("Bookingnummer") + dd').innerText()).trim();
    expect(orderNr).toMatch(/^\d+$/);
    await expectAccessible(page, 'book: done');
    await shot(page, 'book-7-done-390');

    // Customer service sees it in Webordrer.
    const staff = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(staff, 'KS');
    await staff.goto('/weborders');
    await chooseOption(staff, 'Afdeling', 'Alle afdelinger');
    await staff.getByLabel('Fritekst').fill(orderNr);
    await expect(staff.getByRole('table').getByText(orderNr, { exact: true })).toBeVisible();
    await staff.screenshot({ path: `${SHOTS}/weborders-1366.png` });

    // The confirmation is in Udbakke, without the link's token.
    const admin = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(admin, 'ADM');
    await admin.goto('/outbox');
    await expect(admin.getByText(`Tak for din booking (nr. ${orderNr})`).first()).toBeVisible();
    await admin.close();

    // The link: move the booking to another free time, then cancel it.
    await page.getByRole('link', { name: 'Se, flyt eller annuller din booking' }).click();
    await expect(page.getByRole('heading', { name: 'Din booking' })).toBeVisible();
    const before = await page.locator('dt:text("Tid") + dd').innerText();
    await page.getByRole('button', { name: 'Flyt tiden' }).click();
    await page.getByRole('group', { name: /^Roskilde/ }).getByRole('radio').nth(1).check();
    await expectAccessible(page, 'book: move');
    await shot(page, 'book-8-move-390');
    await page.getByRole('button', { name: 'Flyt til den valgte tid' }).click();
    await expect(page.getByRole('status')).toHaveText('Tiden er flyttet.');
    await expect(page.locator('dt:text("Tid") + dd')).not.toHaveText(before);
    await page.getByRole('button', { name: 'Annuller booking' }).click();
    await expect(page.getByRole('status')).toHaveText('Bookingen er annulleret.');
    await expectAccessible(page, 'book: cancelled');

    // Cancelled, it leaves Webordrer.
    await staff.reload();
    await chooseOption(staff, 'Afdeling', 'Alle afdelinger');
    await staff.getByLabel('Fritekst').fill(orderNr);
    await expect(staff.getByRole('table').getByText(orderNr, { exact: true })).toHaveCount(0);
    await staff.close();
  });
});

test('the booking page on a desktop', async ({ page }) => {
  await page.goto('/book');
  await expect(page.getByRole('heading', { name: 'Nummerplade' })).toBeVisible();
  await page.getByLabel('Bilens nummerplade').fill('DJ78901');
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page.getByRole('heading', { name: 'Opgave' })).toBeVisible();
  await expectAccessible(page, 'book: job desktop');
  await shot(page, 'book-2-job-1366');
});
