import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn, test } from './helpers';

/**
 * Issue 39: after 'Afslut gennemsyn' the worksheet offers the next order of the Gennemsyn list the reviewer came from
 * ('Næste ordre'), and the way back to the list. The review manager finishes the list's second-to-last order of the
 * first page (order-lists.spec opens the first one, and finishes none).
 */
const SHOTS = process.env.REVIEW_SHOTS;

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const device of ['desktop', 'phone'] as const) {
  test.describe(device, () => {
    test.use({ viewport: device === 'phone' ? { width: 390, height: 844 } : { width: 1366, height: 768 } });

    test("after 'Afslut gennemsyn' the next order of the reviewer's list is one tap away", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, 'REV');
      await page.goto('/pending');
      await expect(page.getByRole('heading', { name: 'Gennemsyn' })).toBeVisible();
      if (device === 'phone') await page.getByRole('button', { name: 'Filtre' }).click();
      await choose(page, 'Afdeling', 'Alle afdelinger');
      await choose(page, 'Sortering', 'Dato, nyeste først');
      // The rows are read from the answer to the last filter, not from the screen: the list keeps the previous
      // filter's rows while the next page loads, and on a loaded host the test once read (and clicked) those.
      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/api/revieworder/orders') && !(r.request().postDataJSON() as { fromDate?: string }).fromDate,
      );
      await page.getByRole('button', { name: 'Ryd Fra dato' }).click();
      const { orders } = (await (await answer).json()) as { orders: { additionalData: { orderNr: number } }[] };
      // The desktop finishes the sixth, the phone the ninth: the pairs never meet, so neither's finish moves the
      // other's next order, and orders other specs send to review today come in at the top (newest first) without
      // parting a pair.
      const pick = device === 'phone' ? 8 : 5;
      const [mine, following] = [orders[pick]!, orders[pick + 1]!].map((o) => String(o.additionalData.orderNr)) as [string, string];
      const links =
        device === 'phone'
          ? page.getByRole('list', { name: 'Gennemsyn' }).getByRole('listitem').getByRole('link')
          : page.getByRole('table', { name: 'Gennemsyn' }).getByRole('row').getByRole('link');
      await expect(links.nth(pick)).toContainText(mine);
      await links.nth(pick).click();
      await expect(page.getByRole('heading', { name: `Arbejdskort ${mine}` })).toBeVisible({ timeout: 15_000 });

      await page.getByRole('button', { name: 'Afslut gennemsyn' }).click();
      const dialog = page.getByRole('dialog', { name: 'Afslut gennemsyn' });
      await dialog.getByRole('button', { name: /^(Afslut gennemsyn|Fortsæt alligevel)$/ }).click();
      await expect(page.getByText('Order saved')).toBeVisible();
      const offer = page.getByRole('region', { name: 'Gennemsyn afsluttet' });
      await expect(offer).toContainText(`Næste i listen: ordre ${following}`);
      await expect(offer.getByRole('link', { name: 'Tilbage til listen' })).toHaveAttribute('href', /^\/pending/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${device === 'phone' ? 390 : 1366}-next-order.png` });
      await expectAccessible(page, 'next order offer');
      await offer.getByRole('link', { name: `Næste ordre ${following}` }).click();
      await expect(page.getByRole('heading', { name: `Arbejdskort ${following}` })).toBeVisible({ timeout: 15_000 });
      await expect(offer).toHaveCount(0);
    });
  });
}
