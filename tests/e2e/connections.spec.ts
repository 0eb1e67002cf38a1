import { expect, type Page } from '@playwright/test';
import { ADDRESS_MESSAGES, type TAddressSuggestions } from '@/domain/addresses';
import type { TApiError } from '@/domain/lib/api-error';
import { CATALOGUE_MESSAGES } from '@/server/areas/catalogue/catalogue.service';
import { cashCustomerInAarhus, chooseVan, expectAccessible, next, signIn, test } from './helpers';

/**
 * The outside services of issue 42 as the order flow shows them when they give no car or no address: the plate
 * look-up's message and the way on (the car entered by hand), and the address autocomplete's message. The e2e server
 * runs the local defaults: a plate the demo registry does not know is a real 'not found'; a registry or an address
 * service that is down or busy is the server's answer for it (tests/api/car-registry.test.ts and addresses.test.ts
 * prove the server gives it through the providers' fakes), given here at the network. Nothing is booked: the spec
 * changes no data.
 */

const VIEWPORTS = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;

/** Screenshots for looking at the screens (never in the repository). */
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/connections-${name}.png`, fullPage: false });
}

/** A plate the demo registry does not have. */
const UNKNOWN_PLATE = 'ZZ99998';

/** The server's answer when the outside car registry gives none (CATALOGUE_MESSAGES, catalogue.service.ts). */
const registryRefusal = (message: string): TApiError => ({ status: 424, type: 'GENERIC_ERROR', message, errors: null, stackTrace: null });

async function searchPlate(page: Page, plate: string) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Oprettelse af opgave*' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Registreringsnummer' }).fill(plate);
  await page.getByRole('button', { name: 'Søg bil' }).click();
}

/** The make, model and year chosen by hand, as the message says to. */
async function enterCarByHand(page: Page) {
  await page.getByRole('combobox', { name: /^Bilmærke/ }).click();
  await page.getByRole('option', { name: 'Volkswagen', exact: true }).click();
  await page.getByRole('combobox', { name: /^Model/ }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByRole('combobox', { name: /^Model/ })).not.toHaveValue('');
  await page.getByRole('combobox', { name: /^Årgang/ }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByRole('combobox', { name: /^Årgang/ })).not.toHaveValue('');
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`the order flow's look-ups (${device})`, () => {
    test.use({ viewport });

    test('a plate the registry does not know: said, and the car is entered by hand', async ({ page }) => {
      await signIn(page, 'KS');
      await searchPlate(page, UNKNOWN_PLATE);
      const alert = page.getByRole('status').filter({ hasText: 'Bilen kunne ikke slås op' });
      await expect(alert).toContainText(`${CATALOGUE_MESSAGES.carNotFound}. Udfyld bilens mærke, model og årgang selv.`);
      // The plate stays as typed, shown 2+2+3.
      await expect(page.getByRole('textbox', { name: 'Registreringsnummer' })).toHaveValue('ZZ 99 998');
      await alert.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await shot(page, `${device}-plate-unknown`);
      await expectAccessible(page, `unknown plate on ${device}`);
      await enterCarByHand(page);
      await expect(alert).toBeVisible();
    });

    for (const [what, message] of [
      ['down', CATALOGUE_MESSAGES.registryUnavailable],
      ['busy', CATALOGUE_MESSAGES.registryBusy],
    ] as const) {
      test(`the car registry ${what}: said, with the way on, and the car is entered by hand`, async ({ page }) => {
        await signIn(page, 'KS');
        await page.route('**/api/car/search/**', (route) => route.fulfill({ status: 424, json: registryRefusal(message) }));
        await searchPlate(page, 'AB12345');
        const alert = page.getByRole('status').filter({ hasText: 'Bilen kunne ikke slås op' });
        await expect(alert).toContainText(message);
        // The server's sentence already says what to do: it is not said twice.
        await expect(alert).not.toContainText('selv. Udfyld');
        await expect(page.getByRole('textbox', { name: 'Registreringsnummer' })).toHaveValue('AB 12 345');
        await alert.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await shot(page, `${device}-registry-${what}`);
        await expectAccessible(page, `car registry ${what} on ${device}`);
        await enterCarByHand(page);
        // A later look-up that finds the car clears the message.
        await page.unroute('**/api/car/search/**');
        await page.getByRole('button', { name: 'Søg bil' }).click();
        await expect(alert).toHaveCount(0);
      });
    }

    test("the mobile-service address: the zip codes as suggestions, and the address service's failure said", async ({ page }) => {
      await signIn(page, 'KS');
      await cashCustomerInAarhus(page, { name: 'Birthe Lund', address: 'Vestergade 12', phone: '40302011' });
      await page.getByRole('button', { name: 'Brug kundens oplysninger' }).click();
      await next(page, '/booking');

      const mobile = page.getByRole('region', { name: 'Mobilservice' });
      await mobile.getByRole('textbox', { name: /^Postnummer/ }).fill('8000');
      await chooseVan(page, 'Mobilservice Aarhus');
      const address = mobile.getByRole('combobox', { name: /^Adresse for mobilservice/ });

      // The local default: zip codes and cities, and no message. Tapped, as a user does on the phone, then typed.
      await address.click();
      await address.fill('820');
      await expect(page.getByRole('option', { name: '8200 Aarhus N' })).toBeVisible();
      await expect(mobile.getByText('Hvor montøren skal udføre opgaven')).toBeVisible();
      await shot(page, `${device}-address-local`);
      await address.press('Escape');

      // The address service gives no answer: the server says so beside the zip codes (addresses.test.ts).
      await page.route('**/api/departments/address/search?**', async (route) => {
        const local = (await (await route.fetch()).json()) as TAddressSuggestions;
        await route.fulfill({ json: { ...local, lookedUp: false, message: ADDRESS_MESSAGES.lookupFailed } satisfies TAddressSuggestions });
      });
      await address.fill('8000');
      await expect(mobile.getByText(ADDRESS_MESSAGES.lookupFailed)).toBeVisible();
      await expect(page.getByRole('option', { name: '8000 Aarhus C' })).toBeVisible();
      await expect(mobile.getByText('Hvor montøren skal udføre opgaven')).toHaveCount(0);
      await address.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await shot(page, `${device}-address-lookup-failed`);
      await expectAccessible(page, `address service down on ${device}`);
      // The user types the address: it is kept as typed.
      await address.press('Escape');
      await address.fill('Vestergade 12, 8000 Aarhus C');
      await expect(address).toHaveValue('Vestergade 12, 8000 Aarhus C');
      // The typing's own look-ups may still be in the route when the page closes: their end is no error of the run.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  });
}
