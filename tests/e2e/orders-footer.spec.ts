import { expect } from '@playwright/test';
import { expectAccessible, signIn, startOrder, test } from './helpers';

/**
 * Issue 39: on a phone the order flow's footer starts collapsed to one row with the total, the toggle and Fortsæt
 * (it took a fifth of the screen); the toggle opens the car, the debitor and the items. On a desktop it is as before.
 */
const SHOTS = process.env.FOOTER_SHOTS;

for (const device of ['phone', 'desktop'] as const) {
  test.describe(device, () => {
    test.use({ viewport: device === 'phone' ? { width: 390, height: 844 } : { width: 1366, height: 768 } });

    test(`the order flow's footer ${device === 'phone' ? 'starts collapsed with the total, and opens on a tap' : 'shows the car and the total'}`, async ({
      page,
    }) => {
      await signIn(page, 'KS');
      await startOrder(page, 'AB12345');
      await page.getByRole('button', { name: 'Fortsæt' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/products');
      const footer = page.getByRole('complementary', { name: 'Ordreoversigt' });
      await expect(footer.getByTestId('flow-total')).toBeVisible();
      await expect(footer.getByTestId('flow-total')).toHaveText(/kr\./);
      await expect(footer.getByRole('button', { name: 'Fortsæt' })).toBeVisible();
      if (device === 'phone') {
        const toggle = footer.getByRole('button', { name: 'Vis detaljer' });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(footer.getByText('Reg. nr.')).toBeHidden();
        // One row and its hint: well under a fifth of the screen (844 px).
        const height = (await footer.boundingBox())!.height;
        expect(height, 'the collapsed footer').toBeLessThanOrEqual(120);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/390-footer-collapsed.png` });
        await expectAccessible(page, 'flow footer collapsed');
        await toggle.click();
        await expect(footer.getByRole('button', { name: 'Skjul detaljer' })).toHaveAttribute('aria-expanded', 'true');
        await expect(footer.getByText('Reg. nr.')).toBeVisible();
        await expect(footer.getByTestId('flow-total')).toBeVisible();
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/390-footer-open.png` });
        await expectAccessible(page, 'flow footer open');
      } else {
        await expect(footer.getByText('Reg. nr.')).toBeVisible();
        await expect(footer.getByRole('button', { name: /^Vis varer/ })).toHaveAttribute('aria-expanded', 'false');
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/1366-footer.png` });
        await expectAccessible(page, 'flow footer desktop');
      }
    });
  });
}
