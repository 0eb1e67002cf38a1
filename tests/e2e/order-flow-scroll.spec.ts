import { expect, type Page } from '@playwright/test';
import { cashCustomerInAarhus, expectAccessible, next, signIn, test } from './helpers';

/**
 * The booking step on a phone: choosing a mobile-service van keeps the user's place. The van list and the nearest
 * workshops stay drawn while the choice settles (they were asked for again for the lines the choice itself adds, so
 * they vanished and came back: the page shrank under the user and the chosen van, with the focus, was gone).
 * The order stays in this tab's flow: nothing is booked or saved.
 */

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-flow-scroll-${name}.png`, fullPage: false });
}

interface Watch {
  lowestScrollY: number;
  vanGone: boolean;
  nearestGone: boolean;
}

/** Watches, every frame from now on, the page's scroll position and whether the van and the nearest workshops are drawn. */
async function watchPage(page: Page, vanName: string) {
  await page.evaluate((name) => {
    const watch: Watch = { lowestScrollY: window.scrollY, vanGone: false, nearestGone: false };
    (window as unknown as { watch: Watch }).watch = watch;
    const tick = () => {
      watch.lowestScrollY = Math.min(watch.lowestScrollY, window.scrollY);
      const radios = Array.from(document.querySelectorAll('[role="radio"]'));
      if (!radios.some((radio) => radio.textContent?.includes(name))) watch.vanGone = true;
      if (!document.querySelector('[role="group"][aria-label="Nærmeste værksteder"]')) watch.nearestGone = true;
      requestAnimationFrame(tick);
    };
    tick();
  }, vanName);
}

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('choosing a mobile-service van keeps the page where it is', async ({ page }) => {
    await signIn(page, 'KS');
    // A replacement: the van's zone line takes the service line's place (UD), so the order's lines change.
    await cashCustomerInAarhus(page, { name: 'Jonna Skov', address: 'Søndergade 9', phone: '41526374' });
    await next(page, '/booking');

    // The nearest workshop is suggested first (customer's zip code 8000), and the vans for it are offered.
    await expect(page.getByText(/^Valgt: /)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Nærmeste værksteder' })).toBeVisible();
    const mobile = page.getByRole('region', { name: 'Mobilservice' });
    const van = mobile.getByRole('radio', { name: 'Mobilservice Aarhus' });
    await van.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const before = await page.evaluate(() => window.scrollY);
    expect(before, 'the page is scrolled down to the vans').toBeGreaterThan(100);
    await shot(page, 'before');
    await watchPage(page, 'Mobilservice Aarhus');

    await van.click();
    await expect(van).toBeChecked();
    // The choice has settled: the van's address field, its zone line priced, its cash account in the summary.
    await expect(mobile.getByRole('combobox', { name: /^Adresse for mobilservice/ })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Ordreoversigt' })).toContainText('Rudeplan Mobilservice Aarhus – kontant');
    await expect(page.locator('.mantine-Loader').filter({ visible: true })).toHaveCount(0);
    await shot(page, 'after');

    const watch = await page.evaluate(() => (window as unknown as { watch: Watch }).watch);
    expect(watch.vanGone, 'the chosen van stays in the list while the choice settles').toBe(false);
    expect(watch.nearestGone, 'the nearest workshops stay while the choice settles').toBe(false);
    expect(watch.lowestScrollY, 'the page never went to the top').toBeGreaterThan(100);
    const after = await page.evaluate(() => window.scrollY);
    expect(Math.abs(after - before), 'the page keeps its place').toBeLessThan(150);
    await expect(van).toBeInViewport();
    await expect(van, 'the focus stays on the chosen van').toBeFocused();
    await expectAccessible(page, 'booking step with a van chosen on a phone');
  });
});
