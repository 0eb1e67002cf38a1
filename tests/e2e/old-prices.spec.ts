import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { OLD_PRICES } from '@/server/db/seed/reference/old-prices';
import { expectAccessible, login, signIn, test } from './helpers';

/** Screenshots for looking at the screens (never in the repository). */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

const total = OLD_PRICES.length;
const pages = Math.ceil(total / 25);
const vw = OLD_PRICES.find((row) => row.brand === 'Volkswagen' && row.model === 'Golf V' && row.productNumber.startsWith('F'))!;

// The import adds rows: the journeys run in order so the counts before it hold.
test.describe.configure({ mode: 'serial' });

test.describe('Gl. Prisliste', () => {
  test('customer service pages the sheet, finds a windscreen by its OEM number and reads every field', async ({ page }) => {
    await login(page, 'KS');
    await page.getByRole('link', { name: 'Gl. Prisliste' }).first().click();
    await expect(page).toHaveURL(/\/oldproducts$/);
    await expect(page).toHaveTitle('Gl. Prisliste – Rudeplan');
    const table = page.getByRole('table', { name: 'Gamle priser' });
    await expect(table.getByRole('row')).toHaveCount(26);
    await expect(page.getByText(`${total} rækker i prislisten · side 1 af ${pages} à 25`)).toBeVisible();
    await shot(page, 'desktop-list');
    await page.getByRole('button', { name: 'Sidste side' }).scrollIntoViewIfNeeded();
    await shot(page, 'desktop-list-end');
    await expectAccessible(page, 'list');

    await page.getByRole('button', { name: 'Side 2' }).click();
    await expect(page.getByText(`side 2 af ${pages}`)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(`side 3 af ${pages}`)).toBeVisible();

    // Typed without spaces, as it is often read off the glass.
    await page.getByRole('textbox', { name: /^Søg/ }).fill(vw.oemNr!.replace(/\s/g, ''));
    await expect(page.getByText(/^1 række matcher/)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(vw.eurocode!);
    await table.getByRole('button', { name: `Vis alle detaljer for ${vw.productNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: `${vw.productNumber} – Volkswagen Golf V 2004-2008` });
    await expect(dialog).toBeVisible();
    for (const label of [
      'Varenummer',
      'OEM nr.',
      'Autover nr.',
      'AGC nr.',
      'DB nr.',
      'Rude klar',
      'ST1/ST5/ST6',
      'Dækliste',
      'Miljø',
      'PK4',
      'Kalibrering',
      'Intern kommentar',
    ]) {
      await expect(dialog.getByRole('term').filter({ hasText: new RegExp(`^${label.replace(/[.()/]/g, '\\$&')}$`) })).toBeVisible();
    }
    await expect(dialog.getByText(vw.oemNr!, { exact: true })).toBeVisible();
    await expect(dialog.locator('dt:text-is("Miljø") + dd')).toHaveText('45,00 kr.');
    await expect(dialog.locator('dt:text-is("Pris klar") + dd')).toContainText(`inkl. moms`);
    await shot(page, 'desktop-popup');
    await expectAccessible(page, 'popup');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('textbox', { name: /^Søg/ }).fill('volkswagen golf');
    const golfs = OLD_PRICES.filter((row) => row.brand === 'Volkswagen' && row.model!.startsWith('Golf')).length;
    await expect(page.getByText(`${golfs} rækker matcher «volkswagen golf»`)).toBeVisible();
    await shot(page, 'desktop-search');
  });

  test('says the spec words when the search fails', async ({ page }) => {
    await signIn(page, 'LAG');
    await page.goto('/oldproducts');
    await page.route('**/api/oldpricelist/search/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"status":503,"type":"GENERIC_ERROR","message":"Nede","errors":null,"stackTrace":null}',
      }),
    );
    await page.getByRole('textbox', { name: /^Søg/ }).fill('astra');
    await expect(page.getByText('Api "getOldProducts" failed with input astra')).toBeVisible();
  });

  test('is a list of cards on a phone, each opening the details full screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'OP');
    await page.goto('/oldproducts');
    await expect(page.getByText(`${total} rækker i prislisten · side 1 af ${pages} à 25`)).toBeVisible();
    await shot(page, 'phone-list');
    await expectAccessible(page, 'phone list');
    await page.getByRole('textbox', { name: /^Søg/ }).fill('opel astra');
    const cards = page.getByRole('list', { name: 'Gamle priser' }).getByRole('listitem');
    await expect(cards).toHaveCount(OLD_PRICES.filter((row) => row.brand === 'Opel' && row.model!.startsWith('Astra')).length);
    await shot(page, 'phone-search');
    await cards.first().getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Dele og arbejde' })).toBeVisible();
    await shot(page, 'phone-popup');
    await expectAccessible(page, 'phone popup');
  });

  test('an administrator checks a sheet, reads the rejected rows and loads the rest; others may not', async ({ page, request }) => {
    // A session of its own (the request fixture does not share the page's cookies).
    await signIn(request, 'KS');
    const refused = await request.post('/api/oldpricelist/import', {
      multipart: { mode: 'upsert', file: { name: 'a.csv', mimeType: 'text/csv', buffer: Buffer.from('Varenummer\nA') } },
    });
    expect(refused.status()).toBe(403);

    await signIn(page, 'ADM');
    await page.goto('/oldproducts');
    await page.getByRole('button', { name: 'Indlæs prisliste' }).click();
    const dialog = page.getByRole('dialog', { name: 'Indlæs prisliste' });
    const cp1252 = (text: string) => Buffer.from([...text].map((c) => ({ '–': 0x96 })[c] ?? c.charCodeAt(0)));
    const sheet = cp1252(
      [
        'Varenummer;Mærke;Model;Årgang;Pris klar;Pris 1F;Tid;Miljø;Farve',
        'E2E100;Citroën;Xsara Picasso;1999-2010;2.495,00;2.695,00;1,5;45;grøn',
        'E2E101;Citroën;Xsara Picasso;1999-2010;abc;;;;',
        'E2E102;Citroën;Xsara Picasso;1999-2010;1.195,50;;1;45;',
      ].join('\r\n'),
    );
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'gammel liste.csv', mimeType: 'text/csv', buffer: sheet });
    await dialog.getByRole('button', { name: 'Kontrollér filen' }).click();
    await expect(dialog.getByText('Filen er kontrolleret – intet er ændret endnu')).toBeVisible();
    await expect(dialog.getByText('gammel liste.csv læst som CSV, Windows-1252, semikolon; overskrifterne står i række 1.')).toBeVisible();
    const rejected = dialog.getByRole('table', { name: 'Afviste rækker' });
    await expect(rejected.getByRole('row').nth(1)).toHaveText(/^3E2E101Pris klar: Feltet skal være et tal$/);
    await shot(page, 'desktop-import-check');
    await dialog.getByRole('button', { name: 'Kontrollér filen' }).scrollIntoViewIfNeeded();
    await shot(page, 'desktop-import-check-end');
    await expectAccessible(page, 'import report');

    await dialog.getByRole('button', { name: 'Indlæs 2 rækker' }).click();
    await expect(dialog.getByText('Prislisten er indlæst')).toBeVisible();
    await expect(
      page.getByRole('alert').or(page.locator('.mantine-Notification-root')).filter({ hasText: 'Prislisten er indlæst' }).first(),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Luk', exact: true }).click();
    await expect(page.getByText(`${total + 2} rækker i prislisten`)).toBeVisible();
    await page.getByRole('textbox', { name: /^Søg/ }).fill('e2e10');
    await expect(page.getByText('2 rækker matcher «e2e10»')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Gamle priser' }).getByRole('row').nth(1)).toContainText('2.495,00 kr.');

    // An Excel workbook updates a row by its product number.
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('Priser');
    ws.addRow(['productNumber', 'priceReady']);
    ws.addRow(['E2E100', 2595]);
    await page.getByRole('button', { name: 'Indlæs prisliste' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'priser.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    await dialog.getByRole('button', { name: 'Kontrollér filen' }).click();
    await expect(dialog.getByText("priser.xlsx læst som Excel, arket 'Priser'; overskrifterne står i række 1.")).toBeVisible();
    await dialog.getByRole('button', { name: 'Indlæs 1 række' }).click();
    await expect(dialog.getByText('Prislisten er indlæst')).toBeVisible();
    await dialog.getByRole('button', { name: 'Luk', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Gamle priser' }).getByRole('row').nth(1)).toContainText('2.595,00 kr.');
  });

  test('the import dialog fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'ADM');
    await page.goto('/oldproducts');
    await page.getByRole('button', { name: 'Indlæs prisliste' }).click();
    const dialog = page.getByRole('dialog', { name: 'Indlæs prisliste' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'liste.csv', mimeType: 'text/csv', buffer: Buffer.from('Varenummer;Pris klar\nE2E200;12,345\nE2E201;100\n') });
    await dialog.getByRole('button', { name: 'Kontrollér filen' }).click();
    await expect(dialog.getByText('Filen er kontrolleret – intet er ændret endnu')).toBeVisible();
    await shot(page, 'phone-import-check');
    await dialog.getByRole('button', { name: 'Kontrollér filen' }).scrollIntoViewIfNeeded();
    await shot(page, 'phone-import-check-end');
    await expectAccessible(page, 'phone import report');
  });

  // Kept from the earlier spec of this file (the catalogue's product pictures have no spec of their own yet).
  test('the product table shows a picture of each product', async ({ page }) => {
    await signIn(page, 'KS');
    const response = await page.request.get('/api/product/image/F10001?v=1');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
    expect(await response.text()).toContain('<svg');
  });
});
