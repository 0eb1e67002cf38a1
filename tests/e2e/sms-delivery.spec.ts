import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { expectAccessible, signIn, test } from './helpers';

/**
 * Issue 42: the SMS provider's delivery reports in Udbakke (sent, delivered, failed) and a failed 'på vej' SMS on the
 * worksheet. The spec owns its messages: three SMS with numbers of its own, written as the outbox leaves them once
 * GatewayAPI has taken them and reported (the API tests send the reports through the signed callback).
 */
const SHOTS = process.env.SHOTS_DIR;
const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
const numbers = { sent: `+4571${suffix}`, delivered: `+4572${suffix}`, failed: `+4573${suffix}` };
let order: { id: string; nr: string };

// One worker makes the messages once, for both viewports: the worksheet shows the order's latest failed SMS.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const found = await client.query<{ id: string; order_nr: number }>(
      `select id, order_nr from orders where order_status = 'FINISHED' order by order_nr desc offset 7 limit 1`,
    );
    order = { id: found.rows[0]!.id, nr: String(found.rows[0]!.order_nr) };
    const insert = (recipient: string, status: string, detail: string, orderId: string | null) =>
      client.query(
        `insert into outbox (channel, kind, recipient, body, order_id, status, attempts, transport, delivered_at, provider_message_id, delivery_status, delivery_detail, delivery_reported_at)
         values ('SMS', 'SMS_ON_MY_WAY', $1, 'Hej. Vi er på vej og er hos dig om ca. 20 minutter. Venlig hilsen Rudeplan', $4, 'SENT', 1, 'gatewayapi', now(), $1, $2, $3, case when $2 = '' then null else now() end)`,
        [recipient, status, detail, orderId],
      );
    await insert(numbers.sent, '', '', null);
    await insert(numbers.delivered, 'DELIVERED', 'DELIVERED', null);
    await insert(numbers.failed, 'UNDELIVERED', 'UNDELIVERABLE · Unknown subscriber · 0x1010', order.id);
  } finally {
    await client.end();
  }
});

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

for (const [label, viewport] of [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`Udbakke shows each SMS as sent, delivered or failed, and the worksheet the failed 'på vej' SMS (${label})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'ADM');
    await page.goto('/outbox');
    await expect(page).toHaveTitle(/Udbakke/);
    await page.getByRole('combobox', { name: 'Kanal' }).click();
    await page.getByRole('option', { name: 'SMS' }).click();
    if (label === 'desktop') {
      const row = (recipient: string) => page.getByRole('row', { name: `SMS: På vej til ${recipient}` });
      await expect(row(numbers.sent)).toContainText('Sendt');
      await expect(row(numbers.delivered)).toContainText('Leveret');
      await expect(row(numbers.failed)).toContainText('Fejlet');
      await expect(row(numbers.failed)).toContainText('Ikke leveret: UNDELIVERABLE · Unknown subscriber · 0x1010');
    } else {
      const card = (recipient: string) => page.getByRole('listitem').filter({ hasText: recipient });
      await expect(card(numbers.sent)).toContainText('Sendt');
      await expect(card(numbers.delivered)).toContainText('Leveret');
      await expect(card(numbers.failed)).toContainText('Fejlet');
    }
    await expectAccessible(page, 'Udbakke with delivery reports');
    await shoot(page, `outbox-${label}`);

    await page.getByText(numbers.failed).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Ikke leveret');
    await expect(dialog).toContainText('GatewayAPI');
    await expectAccessible(page, 'Udbakke message with a failed delivery');
    await shoot(page, `outbox-dialog-${label}`);
    await dialog.getByRole('button', { name: 'Luk', exact: true }).click();

    await page.goto(`/worksheet/${order.id}`);
    const notice = page.getByRole('status').filter({ hasText: "SMS'en 'På vej' blev ikke leveret" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`til ${numbers.failed} (UNDELIVERABLE · Unknown subscriber · 0x1010)`);
    await expectAccessible(page, 'worksheet with a failed SMS');
    await shoot(page, `worksheet-${label}`);
  });
}
