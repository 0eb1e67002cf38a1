import { expect, test } from '@playwright/test';
import { login } from './helpers';

test.describe('Gl. Prisliste', () => {
  test('customer service finds an old windscreen price by EuroCode', async ({ page }) => {
    await login(page, 'KS');
    await page.getByRole('link', { name: 'Gl. Prisliste' }).first().click();
    await expect(page).toHaveURL(/\/oldproducts$/);
    const table = page.getByRole('table', { name: 'Gamle priser' });
    await expect(table.getByRole('row')).toHaveCount(101);

    await page.getByRole('textbox', { name: 'Søg' }).fill('09011');
    await expect(page.getByText('2 priser matcher')).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText('Forrude Opel Astra H (udgået)');
    await page.getByRole('textbox', { name: 'Søg' }).fill('2475AGNGN');
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').nth(1)).toContainText('F09011');
  });

  test('is a list of cards on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'OP');
    await page.goto('/oldproducts');
    await page.getByRole('textbox', { name: 'Søg' }).fill('2475AGNGN');
    const cards = page.getByRole('list', { name: 'Gamle priser' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('EuroCode 2475AGNGN');
  });

  test('the product table shows a picture of each product', async ({ page }) => {
    await login(page, 'KS');
    const response = await page.request.get('/api/product/image/F10001?v=1');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
    expect(await response.text()).toContain('<svg');
  });
});
