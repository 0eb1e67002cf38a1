import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { TRANSFER_MESSAGES, type TTransferLine } from '@/domain/transfers';
import { signIn, test } from './helpers';

/**
 * Issue 15, Vareflyt (document 2) and the dashboard's transfer block, in Chromium on a desktop and a phone: LAG
 * orders glass from NØR-LAGER to Aarhus and ships it from a bin, a second confirmation from a stale page is refused
 * with the server's Danish message, OP at Aarhus receives it into a bin from the dashboard, and the green checks and
 * the products screen's Lageroversigt show the new stock; on a desktop LAG then corrects a count in Vareflyt's
 * Lageroversigt ('Ret antal'). Every screen and dialog passes an axe scan.
 */

const VIEWPORTS = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;
type Device = keyof typeof VIEWPORTS;

const ITEM = '337';
const ITEM_SEARCH = 'limpude 3M';
const QUANTITY = 2;
const CONFIRM = 'Bekræft modtagelse/afsendelse';
const REGISTERED = TRANSFER_MESSAGES.registered;

/** A signed-in page of its own (a browser context per user), as on the user's own device. */
async function signedIn(browser: Browser, device: Device, initials: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[device],
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await signIn(page, initials);
  return page;
}

/** Test fixture: the warehouse bin that holds the most of the item (the bin the confirm dialog starts on, issue 39). */
async function binHolding(location: string, itemNo: string, atLeast: number): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ bin_code: string }>(
      `select s.bin_code from stock as s join products as p on p.id = s.product_id
        where s.location_code = $1 and p.no = $2 and s.amount >= $3 order by s.amount desc, s.bin_code limit 1`,
      [location, itemNo, atLeast],
    );
    expect(rows.length, `${itemNo} in a bin of ${location}`).toBe(1);
    return rows[0]!.bin_code;
  } finally {
    await client.end();
  }
}

/** Test fixture: an item at a warehouse, the bin holding the most of it (first by code on a tie), and a bin without it. */
async function stockAt(location: string): Promise<{ itemNo: string; bin: string; amount: number; empty: string }> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ no: string; bin: string; amount: number; empty: string }>(
      `select * from (with held as (
         select p.no, s.product_id, s.bin_code as bin, sum(s.amount)::int as amount from stock as s join products as p on p.id = s.product_id
          where s.location_code = $1 group by p.no, s.product_id, s.bin_code)
       select h.no, h.bin, h.amount,
              (select b.code from stock_bins as b where b.location_code = $1
                  and not exists (select 1 from held as o where o.product_id = h.product_id and o.bin = b.code and o.amount > 0)
                order by b.code limit 1) as empty
         from held as h
        where h.amount > 0 and not exists (select 1 from held as o where o.product_id = h.product_id and o.bin <> h.bin and o.amount > 0)) as x
        where x.empty is not null order by x.no limit 1`,
      [location],
    );
    const row = rows.find((r) => r.empty !== null);
    expect(row, `an item in one bin of ${location}, with another bin empty of it`).toBeDefined();
    return { itemNo: row!.no, bin: row!.bin, amount: row!.amount, empty: row!.empty };
  } finally {
    await client.end();
  }
}

async function choose(scope: Page | Locator, page: Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A bin as the confirm dialog's list names it: 'A-01 · 3 stk.' (its amount of the line's item). */
const binWithAmount = (bin: string) => new RegExp(`^${bin} · \\d+ stk\\.$`);

async function settle(page: Page) {
  await expect(page.locator('.mantine-Loader').filter({ visible: true })).toHaveCount(0, { timeout: 15_000 });
}

/** Serious and critical WCAG 2.1 A/AA violations (Label in Name switched on, as tests/e2e/a11y.spec.ts does). */
async function violations(page: Page, what: string, shots: string | undefined): Promise<string[]> {
  await settle(page);
  const { violations: found } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  if (shots) await page.screenshot({ path: `${shots}/${page.viewportSize()!.width}-${what.replace(/[^\wæøåÆØÅ-]+/g, '_')}.png` });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${what}: ${v.id} [${v.impact}] ${v.nodes.length}× ${v.help} – ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** Nothing sticks out sideways: the page is no wider than the screen (a phone never scrolls sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
}

/** The handle button of a line in Vareflyt: in the table on a desktop, in the row's detail popup on a phone. */
async function openHandle(page: Page, device: Device, name: string) {
  if (device === 'phone') {
    // The compact row's order number opens the line's popup ('OF100001 linje 10000').
    await page
      .getByRole('table', { name: 'Overflytningsordrer' })
      .getByRole('button', { name: name.split(' ').slice(1).join(' '), exact: true })
      .click();
    const popup = page.getByRole('dialog', { name });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name }).click();
  } else {
    await page.getByRole('button', { name }).click();
  }
  const dialog = page.getByRole('dialog', { name: CONFIRM });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A line's state in Vareflyt (the done button and the green check), from its row or its detail popup. */
async function expectHandled(page: Page, device: Device, orderNo: string, done: 'Afsendt' | 'Modtaget') {
  const name = `${done} ${orderNo} linje 10000`;
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row.getByRole('img', { name: REGISTERED })).toBeVisible();
  if (device === 'phone') {
    await row.getByRole('button', { name: `${orderNo} linje 10000`, exact: true }).click();
    const popup = page.getByRole('dialog', { name: `${done === 'Afsendt' ? 'Afsend' : 'Modtag'} ${orderNo} linje 10000` });
    await expect(popup.getByRole('button', { name })).toBeDisabled();
    await popup.getByRole('button', { name: 'Luk' }).click();
    await expect(popup).toBeHidden();
  } else {
    await expect(row.getByRole('button', { name })).toBeDisabled();
  }
}

/** The amount of a location's row in the products screen's Lageroversigt. */
async function stockShown(page: Page, code: string): Promise<number> {
  await page.goto(`/products?kind=No&search=${ITEM}`);
  await page.getByRole('button', { name: new RegExp(`^Lageroversigt for ${ITEM}:`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Lageroversigt' });
  await expect(dialog.getByRole('row', { name: /SAMLET/ })).toBeVisible();
  // A location without the item has no row.
  const row = dialog.getByRole('row').filter({ hasText: `(${code})` });
  const amount = (await row.count()) === 0 ? 0 : Number((await row.getByRole('cell').last().innerText()).trim());
  await dialog.getByRole('button', { name: 'Luk dialogen' }).click();
  return amount;
}

// The desktop's and the phone's journeys ship the same glass between the same places and read its stock before and
// after: in order, in one worker, never beside each other.
test.describe.configure({ mode: 'default' });

for (const device of ['desktop', 'phone'] as const) {
  test.describe(`Vareflyt on a ${device}`, () => {
    test.describe.configure({ timeout: 150_000 });

    test('LAG sends glass from NØR-LAGER to Aarhus, a second confirmation is refused, OP receives it from the dashboard', async ({
      browser,
    }) => {
      const bin = await binHolding('NØR-LAGER', ITEM, QUANTITY);
      const op = await signedIn(browser, device, 'OP');
      const before = { aarhus: await stockShown(op, 'ARH'), north: await stockShown(op, 'NØR-LAGER') };

      // LAG (Aarhus) orders the glass from the warehouse.
      const lag = await signedIn(browser, device, 'LAG');
      await lag.goto('/orders');
      await expect(lag).toHaveTitle('Vareflyt – Rudeplan');
      await expect(lag.getByRole('combobox', { name: 'Lokation' })).toHaveValue('Aarhus afdeling (ARH)');
      await lag.getByRole('button', { name: 'Opret', exact: true }).click();
      const create = lag.getByRole('dialog', { name: 'Opret overflytning' });
      await choose(create, lag, 'Fra lokation', 'Nørresundby lager (NØR-LAGER)');
      await choose(create, lag, 'Til lokation', 'Aarhus afdeling (ARH)');
      await expect(create.getByRole('button', { name: 'Opret', exact: true })).toBeDisabled();
      await create.getByRole('searchbox', { name: 'Søg vare' }).fill(ITEM_SEARCH);
      await create.getByRole('checkbox', { name: device === 'phone' ? new RegExp(`^${ITEM} `) : `Vælg ${ITEM}` }).check();
      await create.getByRole('textbox', { name: `Antal af ${ITEM}` }).fill(String(QUANTITY));
      await expect(create.getByRole('region', { name: 'Valgte varer (1)' })).toContainText(`${QUANTITY} stk.`);
      const answer = lag.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/transfer/transfer');
      await create.getByRole('button', { name: 'Opret', exact: true }).click();
      const created = (await (await answer).json()) as TTransferLine[];
      const orderNo = created[0]!.order_No;
      await expect(lag.getByText('Api: "createTransfer" succeded')).toBeVisible();
      await expect(create).toBeHidden();
      // Aarhus sees it coming, waiting to be shipped.
      await expect(lag.getByRole('row').filter({ hasText: orderNo })).toBeVisible();
      if (device === 'desktop')
        await expect(lag.getByRole('button', { name: `Afventer afsendelse ${orderNo} linje 10000` })).toBeDisabled();

      // At the warehouse: a second page stays open on the same list (a colleague's screen).
      await choose(lag, lag, 'Lokation', 'Nørresundby lager (NØR-LAGER)');
      await expect(lag).toHaveURL(/lokation=N%C3%98R-LAGER/);
      const stale = await lag.context().newPage();
      await stale.goto(lag.url());
      await expect(stale.getByRole('row').filter({ hasText: orderNo })).toBeVisible();

      const ship = `Afsend ${orderNo} linje 10000`;
      const dialog = await openHandle(lag, device, ship);
      await expect(dialog.getByRole('textbox', { name: 'Antal at afsende' })).toHaveValue(String(QUANTITY));
      // The dialog starts on the bin that holds the glass, with its amount.
      await expect(dialog.getByRole('combobox', { name: 'Placeringskode' })).toHaveValue(binWithAmount(bin));
      await dialog.getByRole('button', { name: 'Bekræft' }).click();
      await expect(dialog).toBeHidden();
      await expectHandled(lag, device, orderNo, 'Afsendt');

      // The stale page tries to ship it again: refused with the server's message, nothing moved.
      const again = await openHandle(stale, device, ship);
      await expect(again.getByRole('combobox', { name: 'Placeringskode' })).toHaveValue(binWithAmount(bin));
      await again.getByRole('button', { name: 'Bekræft' }).click();
      await expect(again.getByRole('alert')).toContainText(TRANSFER_MESSAGES.alreadyShipped);
      await expect(stale.getByText('Api: "acceptTransfer" failed')).toBeVisible();
      await expect(stale.locator('.mantine-Notification-root').filter({ hasText: 'Api: "acceptTransfer" failed' })).toContainText(
        TRANSFER_MESSAGES.alreadyShipped,
      );
      await again.getByRole('button', { name: 'Annuller' }).click();
      await expectHandled(stale, device, orderNo, 'Afsendt');

      // OP at Aarhus receives it from the dashboard block.
      await op.goto('/');
      const block = op.getByRole('region', { name: 'Vareflyt' });
      const receive = `Modtag ${orderNo} linje 10000`;
      await block.getByRole('button', { name: receive }).click();
      const receipt = op.getByRole('dialog', { name: CONFIRM });
      await expect(receipt.getByRole('textbox', { name: 'Antal at modtage' })).toHaveValue(String(QUANTITY));
      await choose(receipt, op, 'Placeringskode', binWithAmount('C-01'));
      await receipt.getByRole('button', { name: 'Bekræft' }).click();
      await expect(receipt).toBeHidden();
      await expect(op.getByText(`${orderNo} linje 10000: ${QUANTITY} stk. ${ITEM} modtaget på C-01`)).toBeVisible();
      // Done: it no longer waits on the dashboard, and Vareflyt shows it received and registered.
      await expect(block.getByRole('button', { name: receive })).toHaveCount(0);
      await op.getByRole('link', { name: 'Åbn Vareflyt' }).click();
      await expect(op).toHaveURL(/\/orders$/);
      await expectHandled(op, device, orderNo, 'Modtaget');
      await expectNoSidewaysScroll(op);

      // The products screen's Lageroversigt counts the glass at Aarhus, and no longer at the warehouse.
      expect(await stockShown(op, 'ARH')).toBe(before.aarhus + QUANTITY);
      expect(await stockShown(op, 'NØR-LAGER')).toBe(before.north - QUANTITY);

      if (device === 'desktop') {
        // LAG counts the glass on a shelf of Vejle lager and corrects the count in Vareflyt's Lageroversigt: the
        // counted amount is the new count. Vejle, because no other journey counts it (the phone's run goes beside this).
        await lag.goto('/orders');
        await choose(lag, lag, 'Lokation', 'Vejle lager (VEJ-LAGER)');
        const overview = lag.getByRole('region', { name: 'Lageroversigt' });
        await overview.getByRole('searchbox', { name: 'Søg på lager' }).fill(ITEM_SEARCH);
        const stockRow = overview.getByRole('row').filter({ has: lag.getByRole('cell', { name: ITEM, exact: true }) });
        await expect(stockRow).toBeVisible();
        const amountCell = stockRow.getByRole('cell').nth(2);
        const total = Number((await amountCell.innerText()).trim());
        await stockRow.getByRole('button', { name: `Ret antal for ${ITEM}`, exact: true }).click();
        const correction = lag.getByRole('dialog', { name: 'Ret antal' });
        await expect(correction).toContainText('Vejle lager (VEJ-LAGER)');
        await expect(correction.getByRole('button', { name: 'Gem rettelse' })).toBeDisabled();
        // Each shelf is offered with what the app holds of the item on it; one more is counted on C-01.
        await correction.getByRole('combobox', { name: 'Placeringskode' }).click();
        const shelf = lag.getByRole('option', { name: /^C-01 · \d+ stk\.$/ });
        const onShelf = Number(/· (\d+) stk/.exec(await shelf.innerText())![1]);
        await shelf.click();
        await correction.getByRole('textbox', { name: 'Optalt antal' }).fill(String(onShelf + 1));
        await expect(correction).toContainText(`Rettelse: +1 stk. på C-01 · nyt antal på placeringen ${onShelf + 1} stk.`);
        await correction.getByRole('button', { name: 'Gem rettelse' }).click();
        await expect(lag.getByText('Lagerantallet er rettet')).toBeVisible();
        await expect(correction).toBeHidden();
        await expect(amountCell).toHaveText(String(total + 1));
        // The same ledger: the products screen's Lageroversigt counts it too.
        expect(await stockShown(op, 'VEJ-LAGER')).toBe(total + 1);
      }
    });

    test("shipping starts on the bin holding the item, each bin with its amount; a refusal's toast gives the server's reason", async ({
      browser,
    }) => {
      // Its own transfer order between two warehouses no other journey uses, never shipped: no stock moves.
      const { itemNo, bin, amount, empty } = await stockAt('ODE-LAGER');
      const lag = await signedIn(browser, device, 'LAG');
      const made = await lag.request.post('/api/transfer/transfer', {
        data: [{ transfer_from_Code: 'ODE-LAGER', transfer_To_Code: 'ESB-LAGER', item_No: itemNo, qty_in_Transit: 1 }],
      });
      expect(made.status(), await made.text()).toBe(200);
      const orderNo = ((await made.json()) as TTransferLine[])[0]!.order_No;
      await lag.goto(`/orders?lokation=ODE-LAGER&ordre=${orderNo}`);
      await expect(lag.getByRole('row').filter({ hasText: orderNo })).toBeVisible();

      const dialog = await openHandle(lag, device, `Afsend ${orderNo} linje 10000`);
      const bins = dialog.getByRole('combobox', { name: 'Placeringskode' });
      await expect(bins).toHaveValue(`${bin} · ${amount} stk.`);
      await bins.click();
      await expect(lag.getByRole('option', { name: `${bin} · ${amount} stk.`, exact: true })).toBeVisible();
      await expect(lag.getByRole('option', { name: `${empty} · 0 stk.`, exact: true })).toBeVisible();
      if (process.env.TRANSFER_SHOTS)
        await lag.screenshot({ path: `${process.env.TRANSFER_SHOTS}/${VIEWPORTS[device].width}-ship-bins.png` });
      // A bin without the item: the server refuses, and the toast says why under the spec's text. The dialog is
      // scanned with its list closed: an open list is walked with the arrow keys from the field, which axe's
      // scrollable-region-focusable cannot see (docs/decisions.md).
      await lag.getByRole('option', { name: `${empty} · 0 stk.`, exact: true }).click();
      const found = await violations(lag, 'ship bin chosen', undefined);
      await dialog.getByRole('button', { name: 'Bekræft' }).click();
      const reason = TRANSFER_MESSAGES.notEnoughInBin(empty);
      await expect(dialog.getByRole('alert')).toContainText(reason);
      const toast = lag.locator('.mantine-Notification-root').filter({ hasText: 'Api: "acceptTransfer" failed' });
      await expect(toast).toContainText(reason);
      found.push(...(await violations(lag, 'ship refused', process.env.TRANSFER_SHOTS)));
      expect(found, found.join('\n')).toEqual([]);
      await dialog.getByRole('button', { name: 'Annuller' }).click();
      await expect(lag.getByRole('row').filter({ hasText: orderNo }).getByRole('img', { name: REGISTERED })).toHaveCount(0);
    });

    test('Vareflyt, its dialogs and the dashboard block pass an axe scan, with their page titles', async ({ browser }) => {
      const shots = process.env.TRANSFER_SHOTS;
      const found: string[] = [];

      const lag = await signedIn(browser, device, 'LAG');
      await lag.goto('/');
      await expect(lag).toHaveTitle('Forside – Rudeplan');
      const block = lag.getByRole('region', { name: 'Vareflyt' });
      await expect(block.getByRole('heading', { name: 'Til modtagelse' })).toBeVisible();
      found.push(...(await violations(lag, 'dashboard LAG', shots)));
      await expectNoSidewaysScroll(lag);
      const receiveButton = block.getByRole('button', { name: /^Modtag OF/ }).first();
      const firstReceive = (await receiveButton.getAttribute('aria-label'))!;
      await receiveButton.click();
      await expect(lag.getByRole('dialog', { name: CONFIRM })).toBeVisible();
      found.push(...(await violations(lag, 'dashboard confirm dialog', shots)));
      await lag.keyboard.press('Escape');

      await lag.goto('/orders');
      await expect(lag).toHaveTitle('Vareflyt – Rudeplan');
      await expect(lag.getByRole('table', { name: 'Overflytningsordrer' })).toBeVisible();
      found.push(...(await violations(lag, 'Vareflyt', shots)));
      await expectNoSidewaysScroll(lag);
      if (device === 'phone') {
        await lag.getByRole('table', { name: 'Overflytningsordrer' }).getByRole('row').nth(1).click();
        await expect(lag.getByRole('dialog')).toBeVisible();
        found.push(...(await violations(lag, 'Vareflyt detail popup', shots)));
        await lag.getByRole('dialog').getByRole('button', { name: 'Luk' }).click();
      }
      // 'Fra dato' opens a Danish calendar, Monday first: a popover under the field (the one date field, issue 39).
      await lag.getByRole('textbox', { name: 'Fra dato', exact: true }).click();
      const calendar = lag.locator('[data-dates-dropdown]').filter({ has: lag.getByRole('button', { name: 'Forrige måned' }) });
      await expect(calendar).toBeVisible();
      await expect(calendar.getByRole('columnheader').first()).toHaveText('ma.');
      found.push(...(await violations(lag, 'Vareflyt date picker', shots)));
      await lag.keyboard.press('Escape');
      await expect(calendar).toBeHidden();
      // A date is typed as well as picked (issue 39): ddMMYYYY and d/M-YYYY, shown dd/MM-YYYY, and the list asks for them.
      const from = lag.getByRole('textbox', { name: 'Fra dato', exact: true });
      const to = lag.getByRole('textbox', { name: 'Til dato', exact: true });
      await from.fill('');
      await from.pressSequentially('01012026');
      await to.fill('');
      await to.pressSequentially('5/1-2026');
      await to.press('Tab');
      await expect(from).toHaveValue('01/01-2026');
      await expect(to).toHaveValue('05/01-2026');
      await lag.getByRole('button', { name: 'Filtrer' }).click();
      await expect(lag).toHaveURL(/fra=2026-01-01&til=2026-01-05/);
      // The Lageroversigt and its 'Ret antal' dialog (full screen on a phone); nothing is corrected here.
      const overview = lag.getByRole('region', { name: 'Lageroversigt' });
      await overview.getByRole('searchbox', { name: 'Søg på lager' }).fill(ITEM_SEARCH);
      await overview.getByRole('button', { name: `Ret antal for ${ITEM}`, exact: true }).click();
      const correction = lag.getByRole('dialog', { name: 'Ret antal' });
      await expect(correction.getByRole('combobox', { name: 'Placeringskode' })).toBeVisible();
      found.push(...(await violations(lag, 'Ret antal dialog', shots)));
      await lag.keyboard.press('Escape');
      await expect(correction).toBeHidden();
      await expectNoSidewaysScroll(lag);

      // OP searches the catalogue in 'Opret overflytning'.
      const op = await signedIn(browser, device, 'OP');
      await op.goto('/orders');
      await op.getByRole('button', { name: 'Opret', exact: true }).click();
      const create = op.getByRole('dialog', { name: 'Opret overflytning' });
      await choose(create, op, 'Til lokation', 'Nørresundby lager (NØR-LAGER)');
      await create.getByRole('searchbox', { name: 'Søg vare' }).fill('limpude');
      await expect(create.getByRole('heading', { name: 'Limpuder' })).toBeVisible();
      await expect(create.getByText('Viser 10 af')).toBeVisible();
      await create.getByRole('checkbox').first().check();
      found.push(...(await violations(op, 'Opret overflytning', shots)));
      await op.keyboard.press('Escape');

      // The confirm dialog from Vareflyt, for a line waiting at Aarhus (from its row, or its popup on a phone).
      await openHandle(op, device, firstReceive);
      found.push(...(await violations(op, 'Vareflyt confirm dialog', shots)));
      await op.keyboard.press('Escape');

      expect(found.length, `axe found serious or critical violations:\n${found.join('\n')}`).toBe(0);
    });
  });
}

test.describe("The dashboard's transfer block", () => {
  /** The JS file of the block's chunk (src/web/areas/transfers/index.ts), from the build's manifest. */
  function blockChunk(): string {
    const manifest = JSON.parse(fs.readFileSync(path.resolve(process.env.WEB_ROOT ?? 'dist/web', '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const chunk = manifest['areas/transfers/index.ts'];
    expect(chunk, 'the transfer block is a chunk of its own').toBeDefined();
    return `/${chunk!.file}`;
  }

  /** Opens Forside as a user and tells whether the block's chunk and a transfer call were asked for. */
  async function openDashboard(browser: Browser, initials: string) {
    const page = await signedIn(browser, 'desktop', initials);
    const asked = { chunk: false, transfers: false };
    const chunk = blockChunk();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === chunk) asked.chunk = true;
      if (pathname.startsWith('/api/transfer/')) asked.transfers = true;
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Forside', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    return { page, asked };
  }

  test('is loaded only for Adminstrator, Operation and Stock, and a user without a department gets the way to Vareflyt', async ({
    browser,
  }) => {
    // Stock at Aarhus: the block with the lines waiting there.
    const stock = await openDashboard(browser, 'LAG');
    await expect(stock.page.getByRole('region', { name: 'Vareflyt' }).getByText('Venter i Aarhus')).toBeVisible();
    expect(stock.asked).toEqual({ chunk: true, transfers: true });

    // CustomerService has no transfers: no block, nothing loaded or asked.
    const service = await openDashboard(browser, 'KS');
    await expect(service.page.getByRole('region', { name: 'Vareflyt' })).toHaveCount(0);
    expect(service.asked).toEqual({ chunk: false, transfers: false });

    // The administrator has no department: a note and the link, without the block's chunk or a transfer call.
    const admin = await openDashboard(browser, 'ADM');
    const note = admin.page.getByRole('region', { name: 'Vareflyt' });
    await expect(note).toContainText('Du er ikke knyttet til en afdeling.');
    expect(admin.asked).toEqual({ chunk: false, transfers: false });
    expect(await violations(admin.page, 'dashboard ADM', process.env.TRANSFER_SHOTS)).toEqual([]);
    await note.getByRole('link', { name: 'Åbn Vareflyt' }).click();
    await expect(admin.page).toHaveTitle('Vareflyt – Rudeplan');
    await expect(admin.page.getByText('Vælg en lokation for at se dens overflytninger.')).toBeVisible();
  });
});
