import { readFile } from 'node:fs/promises';
import { expect, type Download, type Page } from '@playwright/test';
import { login, signIn, test } from './helpers';

interface ListedOrder {
  additionalData: { orderId: string; orderNr: string; orderStatus: string };
  car: { registrationNumber: string };
  customer: { phone: string };
}

/** Orders as the API lists them, with the signed-in page's session. */
async function listOrders(page: Page, body: object): Promise<{ orders: ListedOrder[]; pageCount: number }> {
  const response = await page.request.post('/api/order/orders', { data: body });
  expect(response.ok()).toBe(true);
  return response.json();
}

/** Reads a downloaded CSV: BOM, then ';'-separated rows; answers the header cells and the data row count. */
async function readCsv(download: Download): Promise<{ bom: boolean; header: string[]; rows: number; text: string }> {
  const bytes = await readFile((await download.path())!);
  const text = bytes.toString('utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  return { bom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf, header: lines[0]!.split(';'), rows: lines.length - 1, text };
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('customer service finds an order by part of its plate and by phone', async ({ page }) => {
  await login(page, 'KS');
  const { orders } = await listOrders(page, { status: 'PROCESSING' });
  const order = orders.find((o) => o.car.registrationNumber.length >= 6 && o.customer.phone.length === 8)!;
  await page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Opgaver' }).click();
  await expect(page.getByRole('heading', { name: 'Opgaver' })).toBeVisible();
  await chooseOption(page, 'Status', 'Alle statusser');
  await chooseOption(page, 'Afdeling', 'Alle afdelinger');
  await page.getByRole('button', { name: 'Ryd Fra dato' }).click();
  await page.getByRole('button', { name: 'Ryd Til dato' }).click();
  const part = order.car.registrationNumber.slice(1, 5).toLowerCase();
  const searched = page.waitForResponse(
    (r) => r.url().endsWith('/api/order/orders') && (JSON.parse(r.request().postData() ?? '{}') as { freeText?: string }).freeText === part,
  );
  await page.getByLabel('Fritekst').fill(part);
  await searched;
  const table = page.getByRole('table', { name: 'Opgaver' });
  await expect(table.getByRole('row', { name: `Ordre ${order.additionalData.orderNr}` })).toBeVisible();
  // Every order listed has the part in its plate (shown as 'AB 12 345').
  // The previous list stays drawn until the searched one is rendered, so poll until the table shows the answer.
  const wanted = order.car.registrationNumber.slice(1, 5);
  const plates = () =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .evaluateAll((rows) => rows.map((r) => (r as HTMLTableRowElement).cells[4]!.textContent!.replace(/\s/g, '')));
  await expect.poll(async () => (await plates()).filter((plate) => !plate.includes(wanted))).toEqual([]);
  expect((await plates()).length).toBeGreaterThan(0);

  await page.getByLabel('Telefon eller e-mail').fill(order.customer.phone);
  await page.getByRole('button', { name: 'Søg', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/assignments/${order.customer.phone}$`));
  await expect(page.getByRole('heading', { name: `Opgaver: ${order.customer.phone}` })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: `Ordrer for ${order.customer.phone}` })
      .getByRole('row', { name: `Ordre ${order.additionalData.orderNr}` }),
  ).toBeVisible();

  await page
    .getByRole('table', { name: `Ordrer for ${order.customer.phone}` })
    .getByRole('row', { name: `Ordre ${order.additionalData.orderNr}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/worksheet/${order.additionalData.orderId}$`));
});

test('customer service pages through a month of Opgaver with the keyboard and changes a status', async ({ page }) => {
  await signIn(page, 'KS');
  await page.goto('/assignments');
  await chooseOption(page, 'Afdeling', 'Alle afdelinger');
  const nav = page.getByRole('navigation', { name: 'Sider' });
  await expect(nav).toBeVisible();
  const status = page.getByText(/^Side \d+ af \d+/);
  await expect(status).toContainText('Side 1 af');
  await page.getByRole('heading', { name: 'Opgaver' }).click();
  await page.keyboard.press('ArrowRight');
  await expect(status).toContainText('Side 2 af');
  await expect(nav.getByRole('button', { name: 'Side 2' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('ArrowRight');
  await expect(status).toContainText('Side 3 af');
  await page.keyboard.press('ArrowLeft');
  await expect(status).toContainText('Side 2 af');
  await nav.getByRole('button', { name: 'Første side' }).click();
  await expect(status).toContainText('Side 1 af');

  const table = page.getByRole('table', { name: 'Opgaver' });
  const first = table.getByRole('row').nth(1);
  const label = (await first.getAttribute('aria-label'))!;
  const nr = label.replace('Ordre ', '');
  await page.getByRole('button', { name: `Skift status for ordre ${nr}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Vælg ny order status' });
  await expect(dialog.getByRole('radio')).toHaveCount(11);
  await dialog.getByRole('radio', { name: 'Hold' }).check();
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('OrderUpdated')).toBeVisible();
  // The order left the Afventer list; under Hold it is there.
  await expect(table.getByRole('row', { name: label })).toHaveCount(0);
  await chooseOption(page, 'Status', 'Hold');
  await expect(table.getByRole('row', { name: label })).toContainText('Hold');
});

test('the order number is a real link, one tab stop per row, and every status shows in full at 1366 px', async ({ page, context }) => {
  await signIn(page, 'KS');
  await page.goto('/assignments');
  await chooseOption(page, 'Status', 'Alle statusser');
  await chooseOption(page, 'Afdeling', 'Alle afdelinger');
  const table = page.getByRole('table', { name: 'Opgaver' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Other tests book orders at the same time and the list follows them live, so the row is pinned by its link, not
  // by its place in the list.
  const href = await table.getByRole('row').nth(1).getByRole('link').getAttribute('href');
  expect(href).toMatch(/^\/(worksheet\/[0-9a-f-]{36}|booking\?orderId=[0-9a-f-]{36})$/);
  const byHref = `a[href="${href}"]`;
  const link = table.locator(byHref);
  const first = table.getByRole('row').filter({ has: page.locator(byHref) });

  // A middle click opens the order in a new tab and leaves the list where it is.
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click({ button: 'middle' })]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname + new URL(tab.url()).search).toBe(href);
  await tab.close();
  await expect(page).toHaveURL(/\/assignments$/);

  // The row is no tab stop of its own: Tab goes from its order number to its buttons, then to the next order number.
  await link.focus();
  await page.keyboard.press('Tab');
  await expect(first.getByRole('button', { name: /^Skift status for ordre/ })).toBeFocused();
  for (let i = 0; i < 6 && (await first.evaluate((row) => row.contains(document.activeElement))); i++) {
    await expect(page.locator(':focus')).toHaveRole('button');
    await page.keyboard.press('Tab');
  }
  const landed = await first.evaluate((row) => {
    const focused = document.activeElement;
    return { link: focused?.tagName === 'A', nextRow: focused?.closest('tr') === row.nextElementSibling };
  });
  expect(landed).toEqual({ link: true, nextRow: true });

  // No status badge is cut ('Afve…'): every label fits its badge.
  for (const path of ['/assignments', '/weborders']) {
    if (path !== '/assignments') {
      await page.goto(path);
      await chooseOption(page, 'Status', 'Alle statusser');
      await chooseOption(page, 'Afdeling', 'Alle afdelinger');
    }
    const labels = page.getByRole('table').locator('.mantine-Badge-label');
    await expect(labels.first()).toBeVisible();
    const clipped = await labels.evaluateAll((all) =>
      all.filter((l) => l.scrollWidth > l.getBoundingClientRect().width + 0.5).map((l) => l.textContent),
    );
    expect(clipped, `clipped badges on ${path}`).toEqual([]);
    const statuses = await page.getByRole('table').locator('tbody tr td:nth-child(4)').allInnerTexts();
    expect(statuses.every((text) => !text.includes('…'))).toBe(true);
  }
});

test('customer service downloads the logs, the order report and the feedback as Danish CSV', async ({ page }) => {
  await signIn(page, 'KS');
  await page.goto('/assignments');
  const expected: Array<[string, string[]]> = [
    ['Logs', ['Dato', 'Tid', 'Logtype', 'Årsag', 'Kommentar', 'Ordrenr.']],
    ['Ordrerapport', ['Ordrenr.', 'Status', 'Ordretype', 'Betaler', 'Dato', 'Fra', 'Til', 'Afdeling']],
    ['Feedback', ['Dato', 'Tid', 'Ordrenr.', 'Reg.nr.', 'Montør', 'Type', 'Underkategori', 'Kommentar']],
  ];
  for (const [report, columns] of expected) {
    await page.getByRole('button', { name: 'Rapporter' }).click();
    await page.getByRole('menuitem', { name: report }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Fra dato')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${report} \\d{4}-\\d{2}-\\d{2} til \\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = await readCsv(download);
    expect(csv.bom).toBe(true);
    expect(csv.header.slice(0, columns.length)).toEqual(columns);
    if (report !== 'Logs') expect(csv.rows).toBeGreaterThan(0);
  }
});

test('the review manager works the Gennemsyn list and downloads the review log', async ({ page }) => {
  await login(page, 'REV');
  await expect(page).toHaveURL(/\/pending$/);
  await expect(page.getByRole('heading', { name: 'Gennemsyn' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Gennemsyn' });
  await chooseOption(page, 'Afdeling', 'Alle afdelinger');
  await chooseOption(page, 'Sortering', 'Dato, nyeste først');
  // Jobs wait for review after they are done: look back, not a month ahead.
  await page.getByRole('button', { name: 'Ryd Fra dato' }).click();
  const row = table.getByRole('row').filter({ hasText: 'Gennemsyn' }).first();
  await expect(row).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Forsikringsselskab' })).toBeVisible();
  await chooseOption(page, 'Gennemser', 'Rikke Vestergaard (REV)');
  await chooseOption(page, 'Gennemser', 'Alle gennemsere');
  await expect(row).toBeVisible();
  const label = (await row.getAttribute('aria-label'))!;
  await row.click();
  await expect(page).toHaveURL(/\/worksheet\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Gennemsyn' })).toBeVisible();
  expect(label).toMatch(/^Ordre \d+$/);

  await page.getByRole('button', { name: 'Rapporter' }).click();
  await page.getByRole('menuitem', { name: 'Gennemsynslog' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'Gennemser' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  const csv = await readCsv(download);
  expect(csv.bom).toBe(true);
  expect(csv.header.slice(0, 7)).toEqual(['Dato', 'Tid', 'Ordrenr.', 'Handling', 'Status fra', 'Status til', 'Gennemser']);
});

test('the complaint handler downloads Reklamation Rapport with filters', async ({ page }) => {
  await signIn(page, 'REK');
  await page.goto('/complaints');
  await expect(page.getByRole('heading', { name: 'Reklamation Rapport' })).toBeVisible();
  await chooseOption(page, 'Reklamationstype', 'Reklamation');
  await page.getByRole('button', { name: /Årsagskoder/ }).click();
  const causes = page.getByRole('checkbox');
  await causes.first().check();
  await expect(causes.nth(1)).toBeDisabled();
  await causes.first().uncheck();
  await page.getByRole('button', { name: /Afdeling/ }).click();
  await page.getByRole('checkbox', { name: 'ARH', exact: true }).check();
  await page.getByRole('checkbox', { name: 'ARH', exact: true }).uncheck();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('Reklamation Rapport.csv');
  const csv = await readCsv(download);
  expect(csv.bom).toBe(true);
  expect(csv.header.slice(0, 6)).toEqual(['Ordrenr.', 'Oprettet', 'Reklamationstype', 'Reklamation', 'Status', 'Dato']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows Opgaver as compact rows with their actions in a menu', async ({ page }) => {
    await signIn(page, 'KS');
    await page.goto('/assignments');
    // Only the free text shows on a phone; the other filters open under 'Filtre'.
    await expect(page.getByRole('combobox', { name: 'Afdeling' })).toBeHidden();
    await page.getByRole('button', { name: 'Filtre' }).click();
    await chooseOption(page, 'Afdeling', 'Alle afdelinger');
    const list = page.getByRole('list', { name: 'Opgaver' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await list
      .getByRole('button', { name: /^Handlinger for ordre/ })
      .first()
      .click();
    await expect(page.getByRole('menuitem', { name: 'Skift status' })).toBeVisible();
    await page.keyboard.press('Escape');
    // Each compact row is a link named after its order.
    await list
      .getByRole('link', { name: /^Ordre \d+ · / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/(worksheet\/|booking\?orderId=)/);
  });
});
